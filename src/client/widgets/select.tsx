// A select: the browser's own. Country and year lists run to 250 choices; a native list opens
// the phone's own picker, fills from the browser's address autofill and costs nothing until it opens.
import type { ChangeEvent } from "react";
import type { ResolvedOption } from "../../engine/runtime";
import { choose, chosenLabel, useOptions, useWithdrawnChoice, WITHDRAWN } from "./options";
import { QuestionFrame } from "./QuestionFrame";
import { hasAnswer, useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

function SelectQuestion({ view, onAnswer, onBlur }: WidgetProps<"select">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const options = useOptions(view);
  const withdrawn = useWithdrawnChoice(key, value, options);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => onAnswer(choose(key, event.target.value, options));
  const withdrawnTag = withdrawn === null ? "" : `<option value="${escapeHtml(String(value))}" disabled>${escapeHtml(`${withdrawn} (${WITHDRAWN})`)}</option>`;
  return (
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} errors={errors} labels="input">
      {(describedBy) => (
        <div className="input-row select-row">
          <select
            id={key}
            className="input select"
            value={String(value)}
            onChange={onChange}
            onBlur={onBlur}
            autoComplete={question.autofill}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={describedBy}
            dangerouslySetInnerHTML={{ __html: `<option value="">${escapeHtml(question.placeholder ?? "Select…")}</option>${withdrawnTag}${optionTags(options)}` }}
          />
        </div>
      )}
    </QuestionFrame>
  );
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
const optionHtml = new WeakMap<readonly ResolvedOption[], string>();

/**
 * A list's <option> tags, built once per list: React then makes one element of a select, not 250
 * (the page's first render does a select's options as fast as the browser parses them).
 */
function optionTags(options: readonly ResolvedOption[]): string {
  let html = optionHtml.get(options);
  if (html === undefined) {
    html = options.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join("");
    optionHtml.set(options, html);
  }
  return html;
}

export const select: WidgetEntry<"select"> = { Widget: SelectQuestion, display: chosenLabel, isAnswered: hasAnswer };
