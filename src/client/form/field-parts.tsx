// The parts every question draws beside its input: the hint, the errors, and the aria-describedby
// that points at them. They are functions, not components: a keystroke renders one component.
import type { ReactNode } from "react";

/** The aria-describedby of a question: the ids of its parts that are shown (`{id}-help`, `{id}-error`, …). */
export function describedBy(id: string, parts: Record<string, unknown>): string | undefined {
  const shown = Object.keys(parts).filter((part) => parts[part]).map((part) => `${id}-${part}`);
  return shown.length > 0 ? shown.join(" ") : undefined;
}

/** The question's hint, linked from its input by aria-describedby. */
export function hint(id: string, text: string | undefined): ReactNode {
  return text ? <span id={`${id}-help`} className="field-description">{text}</span> : null;
}

export function errorText(id: string, errors: string[]): ReactNode {
  return errors.length > 0 ? <span id={`${id}-error`} className="field-error">{errors.join(" ")}</span> : null;
}
