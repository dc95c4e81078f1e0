// The options of a select or radio, and what choosing one stores.
import { useMemo } from "react";
import type { AnswerKey, Answers, CompiledForm, ResolvedOption, ViewItem } from "../../engine/runtime";
import { choiceLabel } from "../../engine/choices";
import { useAnswer, useKeys } from "../state/answers";

/** The options of a select or radio: its list, or the list its controlling answer picks (state by country). */
export function useOptions(view: Pick<ViewItem, "options">): readonly ResolvedOption[] {
  const options = view.options;
  const controlKeys = useMemo(() => (options?.kind === "byAnswer" ? [options.controlKey] : NONE), [options]);
  return useKeys(controlKeys, (answers) => {
    if (!options) return NO_OPTIONS;
    if (options.kind === "list") return options.options;
    return options.lists[String(answers[options.controlKey] ?? "")] ?? NO_OPTIONS;
  });
}
const NONE: AnswerKey[] = [];
const NO_OPTIONS: ResolvedOption[] = [];

/**
 * The label of a choice the question no longer offers (staff removed it after the applicant chose
 * it), as it was chosen (`{key}_desc`): shown chosen, beside the error asking for another, so the
 * applicant sees what they had. Null when the answer is one of the options, or none.
 */
export function useWithdrawnChoice(key: AnswerKey, value: unknown, options: readonly ResolvedOption[]): string | null {
  const chosen = useAnswer(`${key}_desc`);
  if (value === "" || value === undefined || value === null || options.some((o) => o.value === value)) return null;
  return String(chosen || value);
}

/** Said after a withdrawn choice's label. */
export const WITHDRAWN = "no longer offered";

/** The answer and the chosen label in `{key}_desc`. */
export const choose = (key: AnswerKey, value: string, options: readonly ResolvedOption[]): Answers => ({
  [key]: value,
  [`${key}_desc`]: options.find((o) => o.value === value)?.label ?? "",
});

/** A choice as the service view prints it: the chosen option's label, as `form` (the application's version) gives it. */
export function chosenLabel(view: Pick<ViewItem, "key">, answers: Answers, form: CompiledForm): string {
  const key = view.key ?? "";
  const value = String(answers[key]);
  return choiceLabel(form, key, value, answers) ?? value;
}
