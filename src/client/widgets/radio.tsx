// Radio buttons, the browser's own under a labelled radiogroup; a short list of short labels sits in one row.
import { Choice } from "./Choice";
import { choose, chosenLabel, useOptions } from "./options";
import { QuestionFrame } from "./QuestionFrame";
import { hasAnswer, useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

function RadioQuestion({ view, onAnswer }: WidgetProps<"radio">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const options = useOptions(view);
  const inline = options.length <= 3 && options.every((o) => o.label.length <= 12);
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
            />
          ))}
        </div>
      )}
    </QuestionFrame>
  );
}

export const radio: WidgetEntry<"radio"> = { Widget: RadioQuestion, display: chosenLabel, isAnswered: hasAnswer };
