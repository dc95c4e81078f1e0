// Radio buttons, the browser's own under a labelled radiogroup; a short list of short labels sits in one row.
import { isClosed, longDate } from "../../engine/cycle";
import type { ResolvedOption } from "../../engine/runtime";
import { useToday } from "../ui/today";
import { Choice } from "./Choice";
import { choose, chosenLabel, useOptions, useWithdrawnChoice, WITHDRAWN } from "./options";
import { QuestionFrame } from "./QuestionFrame";
import { hasAnswer, useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

function RadioQuestion({ view, onAnswer }: WidgetProps<"radio">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const options = useOptions(view);
  const withdrawn = useWithdrawnChoice(key, value, options);
  const inline = options.length <= 3 && options.every((o) => o.label.length <= 12 && !o.closesAfter);
  const today = useToday();
  return (
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} errors={errors} labels="radiogroup">
      {() => (
        <div className={inline ? "choices choices-inline" : "choices"}>
          {options.map((option) => (
            <Choice
              key={option.value}
              type="radio"
              name={key}
              checked={value === option.value}
              onChange={() => onAnswer(choose(key, option.value, options))}
              label={option.label}
              disabled={isClosed(option, today) && value !== option.value}
              note={deadlineNote(option, today)}
            />
          ))}
          {withdrawn !== null && <Choice type="radio" name={key} checked onChange={() => {}} label={withdrawn} disabled note={WITHDRAWN} />}
        </div>
      )}
    </QuestionFrame>
  );
}

/** An application plan's deadline beside it: the last day to choose it, or the day it closed. */
function deadlineNote(option: ResolvedOption, today: string): string | undefined {
  if (!option.closesAfter) return undefined;
  return isClosed(option, today) ? `closed ${longDate(option.closesAfter)}` : `deadline ${longDate(option.closesAfter)}`;
}

export const radio: WidgetEntry<"radio"> = { Widget: RadioQuestion, display: chosenLabel, isAnswered: hasAnswer };
