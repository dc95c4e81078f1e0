// A text area with the spec's counter, 'Character count: n / limit'; saved on blur.
import { QuestionFrame } from "./QuestionFrame";
import { answerText, hasAnswer, useQuestion, type WidgetEntry, type WidgetProps } from "./widget";

export const TEXTAREA_MAX_LENGTH = 1500;
export const TEXTAREA_ROWS = 6;

function TextareaQuestion({ view, onAnswer, onBlur }: WidgetProps<"textarea">) {
  const question = view.item;
  const { key, value, errors, id } = useQuestion(view);
  const text = typeof value === "string" ? value : "";
  const limit = view.maxLength ?? question.maxLength ?? TEXTAREA_MAX_LENGTH;
  const counter = { part: "counter", className: "field-counter", text: `Character count: ${text.length} / ${limit}` };
  return (
    <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} note={counter} errors={errors} labels="input">
      {(describedBy) => (
        <div className="input-row">
          <textarea
            id={key}
            className="input textarea"
            value={text}
            onChange={(event) => onAnswer({ [key]: event.target.value })}
            onBlur={onBlur}
            maxLength={limit}
            rows={question.rows ?? TEXTAREA_ROWS}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={describedBy}
          />
        </div>
      )}
    </QuestionFrame>
  );
}

export const textarea: WidgetEntry<"textarea"> = { Widget: TextareaQuestion, display: answerText, isAnswered: hasAnswer };
