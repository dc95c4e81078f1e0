// The one-line questions: text here, and email, number, phone, ssn and date (their own files),
// which differ in the input's type and keyboard, a mask applied as typed, and a length limit.
import { useCallback, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { useAnswerEffect, useErrors } from "../state/answers";
import { QuestionFrame } from "./QuestionFrame";
import { answerText, hasAnswer, type WidgetEntry, type WidgetProps } from "./widget";

export const TEXT_MAX_LENGTH = 45;

/** What sets a one-line question apart. */
interface LineKind {
  type?: string;
  inputMode?: "text" | "tel" | "numeric" | "email";
  /** The mask, applied as the applicant types. */
  format?: (value: string) => string;
  /** Characters the input refuses as they are typed or pasted, and the note that then says why. */
  refuses?: { characters: RegExp; note: string };
  maxLength?: number;
  spellCheck?: boolean;
  autoComplete?: string;
}

type LineType = "text" | "email" | "number" | "phone" | "ssn" | "date";

const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The widget of one kind of one-line question. One component per kind, made once at start-up, not a
 * wrapper that passes the kind on: a page holds a hundred of them.
 * The input is uncontrolled: it keeps what is typed itself, and the answer is written into it only
 * when the store's differs (a mask, a refused character, an answer restored, cleared or filled by a
 * lookup). A keystroke so renders no component, which keeps React's update work, and the first
 * keystroke's cold start of it, off the keystroke (docs/choices.md).
 */
export function oneLine(kind: LineKind): (props: WidgetProps<LineType>) => ReactNode {
  return function TextQuestion({ view, onAnswer, onBlur }: WidgetProps<LineType>) {
    const question = view.item;
    const key = view.key!;
    const errors = useErrors(key);
    const id = useId();
    const field = useRef<HTMLInputElement>(null);
    const show = useCallback((value: unknown) => {
      const input = field.current;
      if (input && input.value !== asText(value)) input.value = asText(value);
    }, []);
    const drawn = useAnswerEffect(key, show);
    const [hasRefused, setRefused] = useState(false);
    const onChange = (event: ChangeEvent<HTMLInputElement>) => {
      let input = event.target.value;
      if (kind.refuses) {
        const kept = input.replace(kind.refuses.characters, "");
        setRefused(kept !== input);
        input = kept;
      }
      const answer = kind.format ? kind.format(input) : input;
      // A refused character or the mask: shown as the answer holds it (an unchanged answer wakes no listener).
      if (event.target.value !== answer) event.target.value = answer;
      onAnswer({ [key]: answer });
    };
    const note = hasRefused && kind.refuses ? { part: "refused", className: "field-description", text: kind.refuses.note, isLive: true } : undefined;
    return (
      <QuestionFrame id={id} answerKey={key} label={question.label} help={question.help} note={note} errors={errors} labels="input">
        {(describedBy) => (
          <div className="input-row">
            <input
              id={key}
              className="input"
              ref={field}
              defaultValue={asText(drawn)}
              onChange={onChange}
              onBlur={onBlur}
              type={kind.type ?? "text"}
              inputMode={kind.inputMode}
              maxLength={("maxLength" in question ? question.maxLength : undefined) ?? kind.maxLength ?? TEXT_MAX_LENGTH}
              autoComplete={question.autofill ?? kind.autoComplete}
              spellCheck={kind.spellCheck}
              aria-invalid={errors.length > 0 || undefined}
              aria-describedby={describedBy}
            />
          </div>
        )}
      </QuestionFrame>
    );
  };
}

export const text: WidgetEntry<"text"> = { Widget: oneLine({}), display: answerText, isAnswered: hasAnswer };
