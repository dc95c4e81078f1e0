// Several tick boxes under one label, each its own true/false answer.
import { useId, useMemo } from "react";
import type { AnswerKey } from "../../engine/runtime";
import { useAnswers, useKeys } from "../state/answers";
import { useSession } from "../state/session";
import { Choice } from "./Choice";
import { QuestionFrame } from "./QuestionFrame";
import type { WidgetEntry, WidgetProps } from "./widget";

function CheckboxesQuestion({ view, onAnswer }: WidgetProps<"checkboxes">) {
  const question = view.item;
  const keys = view.keys;
  const chosen = useKeys(keys, (answers) => keys.filter((key) => answers[key] === true).join(" "));
  const errors = useErrorsOf(keys);
  const id = useId();
  const selected = new Set(chosen.split(" "));
  return (
    <QuestionFrame id={id} label={question.label} help={question.help} errors={errors} labels="group">
      {(describedBy) => (
        <div className="choices">
          {question.options.map((option, i) => (
            <Choice
              key={keys[i]}
              id={keys[i]}
              type="checkbox"
              checked={selected.has(keys[i]!)}
              onChange={(on) => onAnswer(Object.fromEntries(keys.map((key) => [key, key === keys[i] ? on : selected.has(key)])))}
              label={option.label}
              invalid={errors.length > 0}
              describedBy={describedBy}
            />
          ))}
        </div>
      )}
    </QuestionFrame>
  );
}

/** The errors of several keys (a checkbox group), merged. */
function useErrorsOf(keys: AnswerKey[]): string[] {
  const validating = useSession((s) => s.web_status === "validating");
  const joined = useAnswers((s) => keys.flatMap((key) => s.errors[key] ?? []).join("\n"));
  return useMemo(() => (!validating || joined === "" ? NONE : [...new Set(joined.split("\n"))]), [validating, joined]);
}
const NONE: string[] = [];

export const checkboxes: WidgetEntry<"checkboxes"> = {
  Widget: CheckboxesQuestion,
  display: (view, answers) => view.item.options.filter((_, i) => answers[view.keys[i]!] === true).map((o) => o.label).join(", "),
  isAnswered: (view, answers) => view.keys.some((key) => answers[key] === true),
};
