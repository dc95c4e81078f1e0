// The `file` widget (application-form §4 file upload and conversion, §6): a document the server
// turns into a PDF. Visitors read that it waits for an account; a logged-in applicant gets the
// upload control, which loads on first use with the upload machinery (./DocumentControl.tsx), so
// a visitor's page and pages without a file question never download it.
import { lazy, Suspense, useId } from "react";
import type { FileItem } from "../../engine/generated/definition-format";
import { useErrors } from "../state/answers";
import { useSession } from "../state/session";
import { describedBy, errorText, hint } from "./field-parts";
import type { WidgetProps } from "./widgets";

const DocumentControl = lazy(() => import("./DocumentControl"));

export const VISITOR_NOTE = "This question can be finished once you have created an account.";

export function FileQuestion({ view }: WidgetProps) {
  const question = view.item as FileItem;
  const key = view.key!;
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const errors = useErrors(key);
  const id = useId();
  const invalid = errors.length > 0;
  return (
    // The question's id is its answer key, the target of the summary's /{page}#{answerKey} links.
    <div id={key} className="field question" data-invalid={invalid || undefined}>
      <span id={`${id}-label`} className="field-label">{question.label}</span>
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <DocumentControl
            answerKey={key}
            label={question.label}
            id={id}
            isInvalid={invalid}
            describedBy={describedBy(id, { help: question.help, error: invalid })}
          />
        </Suspense>
      ) : (
        <p className="field-description">{VISITOR_NOTE}</p>
      )}
      {hint(id, question.help)}
      {errorText(id, errors)}
    </div>
  );
}
