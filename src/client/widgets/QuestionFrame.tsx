// What every question draws around its input: the label, the hint, a note, the errors, and the
// aria-describedby that points at them. The widgets draw only their inputs inside it.
import type { ReactNode } from "react";
import type { AnswerKey } from "../../engine/runtime";

/** A line between the hint and the errors that describes the input too (a counter, a note). */
export interface Note {
  /** Its id is `{id}-{part}`. */
  part: string;
  className: string;
  text: string;
  /** Read out as it appears (a refused keystroke), not only when the input is focused. */
  isLive?: boolean;
}

interface Props {
  /** The question's useId(): its parts are `{id}-label`, `{id}-help`, `{id}-error`, … */
  id: string;
  /** Absent for tick boxes: each has its own. */
  answerKey?: AnswerKey;
  label: string;
  help?: string;
  note?: Note;
  errors: string[];
  /**
   * How the label names the input:
   * - `input`: a <label> for the input whose id is the answer key (text, select, …);
   * - `radiogroup`: one radio group, named by the label and described by the hint and errors;
   * - `group`: tick boxes, each its own answer and id: the group carries the hint, each box the errors;
   * - `span`: a text the input names itself by (`{id}-label`), as the upload control does;
   * - `none`: the input has its own label (a single tick box).
   */
  labels: "input" | "radiogroup" | "group" | "span" | "none";
  /** The input, given the ids that describe it. */
  children: (describedBy: string | undefined) => ReactNode;
}

export function QuestionFrame({ id, answerKey, label, help, note, errors, labels, children }: Props) {
  const invalid = errors.length > 0;
  const described = describedByOf(id, help, note, invalid);
  const isGroup = labels === "radiogroup" || labels === "group";
  return (
    <div
      // The question is found by its answer key (/{page}#{answerKey} links): here, when no input inside has it as id.
      id={labels === "input" ? undefined : answerKey}
      role={isGroup ? labels : undefined}
      className="field question"
      aria-labelledby={isGroup ? `${id}-label` : undefined}
      aria-describedby={labels === "radiogroup" ? described : labels === "group" ? describedByOf(id, help, undefined, false) : undefined}
      aria-invalid={labels === "radiogroup" ? invalid || undefined : undefined}
      data-invalid={invalid || undefined}
    >
      {labels === "input" ? (
        <label className="field-label" htmlFor={answerKey}>{label}</label>
      ) : labels !== "none" && (
        <span id={`${id}-label`} className="field-label">{label}</span>
      )}
      {children(labels === "radiogroup" ? undefined : labels === "group" ? describedByOf(id, undefined, undefined, invalid) : described)}
      {questionParts(id, help, note, errors)}
    </div>
  );
}

/** The aria-describedby of an input: the ids of the parts shown, `{id}-help`, `{id}-{note.part}`, `{id}-error`. */
export function describedByOf(id: string, help: string | undefined, note: Note | undefined, invalid: boolean): string | undefined {
  const shown = [help && `${id}-help`, note && `${id}-${note.part}`, invalid && `${id}-error`].filter(Boolean);
  return shown.length > 0 ? shown.join(" ") : undefined;
}

/**
 * The hint, the note and the errors under an input. A function, not a component: a keystroke
 * renders one component. The lookup's combo box draws its own frame (React Aria's) around them.
 */
export function questionParts(id: string, help: string | undefined, note: Note | undefined, errors: string[]): ReactNode {
  return (
    <>
      {help ? <span id={`${id}-help`} className="field-description">{help}</span> : null}
      {note && <span id={`${id}-${note.part}`} className={note.className} role={note.isLive ? "status" : undefined}>{note.text}</span>}
      {errors.length > 0 ? <span id={`${id}-error`} className="field-error">{errors.join(" ")}</span> : null}
    </>
  );
}
