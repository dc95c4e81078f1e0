// A prerendered page (src/client/prerender.tsx) can be typed into before React takes it over.
// What was typed or chosen there is found by comparing each control with its default, and is
// replayed through the control's own events once React listens, so it reaches the answers and
// the save queue as if typed then. The focus and the caret stay where they were.
import { useEffect } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A control found again by its id, or by its place among the controls of its name (radios). */
interface Place { id: string; name: string; nth: number }
interface Edit extends Place { value: string; checked: boolean }
interface Typed { edits: Edit[]; focus: (Place & { start: number | null; end: number | null }) | null }

const isControl = (node: unknown): node is Control =>
  node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;
const isChoice = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

function placeOf(control: Control): Place {
  const nth = control.name ? [...document.getElementsByName(control.name)].indexOf(control) : 0;
  return { id: control.id, name: control.name, nth };
}

function find({ id, name, nth }: Place): Control | null {
  const found = id ? document.getElementById(id) : name ? document.getElementsByName(name)[nth] : null;
  return isControl(found) ? found : null;
}

function isEdited(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value !== (initial?.value ?? "");
  }
  return isChoice(control) ? control.checked !== control.defaultChecked : control.value !== control.defaultValue;
}

function edits(root: ParentNode): Edit[] {
  return [...root.querySelectorAll<Control>("input, textarea, select")]
    .filter((control) => (control.id || control.name) && isEdited(control))
    .map((control) => ({ ...placeOf(control), value: control.value, checked: isChoice(control) && control.checked }));
}

let pending: { root: HTMLElement; typed: Typed } | null = null;

/** Notes what the visitor has typed into `root` so far, for TakenOver to replay. */
export function beforeTakeover(root: HTMLElement): void {
  pending = { root, typed: captureTyped(root) };
}

/**
 * Replays what beforeTakeover noted, once the page is React's. Rendered beside the page inside
 * its Suspense boundary, which React hydrates after the app's outer shell.
 */
export function TakenOver() {
  useEffect(() => {
    if (!pending) return;
    const { root, typed } = pending;
    pending = null;
    // As a task of its own, as typing is: inside an effect, React would draw the replayed values
    // only after the effects, and put the caret at their end.
    setTimeout(() => replayTyped(root, typed));
  }, []);
  return null;
}

function captureTyped(root: HTMLElement): Typed {
  return { edits: edits(root), focus: focusIn(root) };
}

/** The control of `root` that has the focus, with its caret. */
function focusIn(root: HTMLElement): Typed["focus"] {
  const active = document.activeElement;
  return isControl(active) && root.contains(active)
    ? { ...placeOf(active), start: "selectionStart" in active ? selectionOf(active, "selectionStart") : null, end: "selectionEnd" in active ? selectionOf(active, "selectionEnd") : null }
    : null;
}

// Some input types (number, email, date) have no selection and throw when asked.
function selectionOf(control: HTMLInputElement | HTMLTextAreaElement, which: "selectionStart" | "selectionEnd"): number | null {
  try {
    return control[which];
  } catch {
    return null;
  }
}

/**
 * Replays `typed` (captured before React took over) and whatever was typed into kept controls
 * while it did, then puts the focus back where the visitor has it. React notices a change only when a control's value
 * differs from the one it last saw, so that one is set first (through the control's own
 * property, which React watches) and the typed one after it (through the prototype's, which it
 * does not), as a keystroke would.
 */
function replayTyped(root: HTMLElement, typed: Typed): void {
  // Where the focus is now, if React kept its control: the visitor may have moved on since the
  // capture (to the next field, say), and the focus stays with them. Else where it was then.
  const at = focusIn(root) ?? typed.focus;
  const byPlace = new Map<string, Edit>();
  for (const edit of [...typed.edits, ...edits(root)]) byPlace.set(`${edit.id}|${edit.name}|${edit.nth}`, edit);
  for (const edit of byPlace.values()) {
    const control = find(edit);
    if (!control) continue;
    if (control instanceof HTMLSelectElement) {
      control.value = edit.value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (isChoice(control)) {
      if (control.type === "radio" && !edit.checked) continue; // the radio chosen instead replays it
      control.checked = !edit.checked;
      control.click();
    } else {
      control.value = edit.value === "" ? " " : "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")!.set!.call(control, edit.value);
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  const focus = at && find(at);
  if (!focus) return;
  if (document.activeElement !== focus) focus.focus();
  // Setting a value moves the caret to its end.
  if (!(focus instanceof HTMLSelectElement) && at!.start !== null) {
    try {
      focus.setSelectionRange(at!.start, at!.end);
    } catch {
      // a type without a caret
    }
  }
}
