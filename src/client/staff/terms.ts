// The choices the form offers for the questions the office filters and counts by (entry term,
// application plan, citizenship), with the labels staff wrote (form-definitions/options), and the
// items of its checklist (institution.json). They come with the form's definitions
// (../form/model.ts), which the office's pages load; the login does not.
import { NOT_ANSWERED } from "../../api-contract/staff";
import { form } from "../form/model";
import type { Choice } from "./fields";

/** The options of the question asking `answerKey`, as the form lists them. */
export function choicesOf(answerKey: string): readonly Choice[] {
  const options = form.owners.get(answerKey)?.item.options;
  return options?.kind === "list" ? options.options.map(({ value, label }) => ({ value: String(value), label })) : [];
}

export const entryTerms = choicesOf("entry_term");

/** The checklist's items, in its order: the list filters by one. */
export const checklistItems: readonly Choice[] = form.checklist.map(({ id, label }) => ({ value: id, label }));

/** A code as its label (FA26 → Fall 2026); a code the form no longer offers as it is; none as a dash. */
export const choiceLabel = (choices: readonly Choice[], code: string | null) => (code ? choices.find((choice) => choice.value === code)?.label ?? code : "—");
export const termLabel = (code: string | null) => choiceLabel(entryTerms, code);

/** A filter's choices for a question: its options, then "Not answered" (the filter's `none`). */
export const withNotAnswered = (choices: readonly Choice[]): Choice[] => [...choices, { value: NOT_ANSWERED, label: NOT_ANSWERED_LABEL }];
export const NOT_ANSWERED_LABEL = "Not answered";
