// The `file` widget: a document the server
// turns into a PDF. Visitors read that it waits for an account; a logged-in applicant gets the
// upload control, which loads on first use with the upload machinery (./DocumentControl.tsx), so
// a visitor's page and pages without a file question never download it.
import { lazy, Suspense, useId } from "react";
import { uploadsHint } from "../../engine/documents";
import { institution } from "../institution";
import { useErrors } from "../state/answers";
import { useSession } from "../state/session";
import { QuestionFrame } from "./QuestionFrame";
import { hasAnswer, type WidgetEntry, type WidgetProps } from "./widget";

const DocumentControl = lazy(() => import("./DocumentControl"));

const VISITOR_NOTE = "This question can be finished once you have created an account.";

function FileQuestion({ view }: WidgetProps<"file">) {
  const question = view.item;
  const key = view.key!;
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const errors = useErrors(key);
  const id = useId();
  return (
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help ?? uploadsHint(institution.uploads)} errors={errors} labels="span">
      {(describedBy) =>
        isLoggedIn ? (
          <Suspense fallback={null}>
            <DocumentControl answerKey={key} label={question.label} id={id} isInvalid={errors.length > 0} describedBy={describedBy} />
          </Suspense>
        ) : (
          <p className="field-description">{VISITOR_NOTE}</p>
        )
      }
    </QuestionFrame>
  );
}

export const file: WidgetEntry<"file"> = {
  Widget: FileQuestion,
  display: (view) => `Document attached for ${view.item.label}`,
  isAnswered: hasAnswer,
};
