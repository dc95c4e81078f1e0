// What the lookup's plain input (./lookup.tsx) and its combo box (./LookupCombo.tsx) share: the
// note under a typed school, and the focus and caret handed from one to the other. Its own module,
// so that the combo box, loaded later, does not import the module that loads it.
import type { AnswerKey } from "../../engine/runtime";
import { USER_DRIVEN_NOTE } from "../form/lookup";
import type { Note } from "./QuestionFrame";

const USER_DRIVEN: Note = { part: "note", className: "field-description lookup-note", text: USER_DRIVEN_NOTE };
/** A school the applicant types in rather than finds gets a note under its input, before and after the combo box loads. */
export const lookupNote = (isUserDriven: boolean): Note | undefined => (isUserDriven ? USER_DRIVEN : undefined);

/** The plain input's caret as the combo box replaced it, by answer key: kept for that one commit. */
const handovers = new Map<AnswerKey, { start: number | null; end: number | null }>();

export function handOver(key: AnswerKey, element: HTMLInputElement): void {
  handovers.set(key, { start: element.selectionStart, end: element.selectionEnd });
  queueMicrotask(() => handovers.delete(key));
}

/** Called by the combo box as it replaces the plain input: the focus and caret move to its input. Answers whether they did. */
export function takeOver(key: AnswerKey, element: HTMLInputElement | null): boolean {
  const caret = handovers.get(key);
  handovers.delete(key);
  // Unless the focus has gone somewhere else meanwhile.
  if (!caret || !element || (document.activeElement && document.activeElement !== document.body)) return false;
  element.focus();
  element.setSelectionRange(caret.start, caret.end);
  return true;
}
