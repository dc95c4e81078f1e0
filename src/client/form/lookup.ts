// What a lookup question (a `lookup` item, docs/staff-guide.md) writes into
// the answers. A chosen suggestion sets every answer the definition's `fills` names, in one
// change; a typed name is kept and what a choice had filled beside it is cleared, so a school's
// CEEB code never stays beside another name. The keys are the engine's (view.key, view.fills):
// inside an add-another block they carry the block's prefix already (hs_2_name, hs_2_ceeb).
import { useMemo } from "react";
import type { AnswerKey, Answers, ViewItem } from "../../engine/runtime";
import { copyAnswers, isAnswered } from "../../engine/answers";
import { choiceLabel } from "../../engine/choices";
import type { LookupRecord, LookupResult } from "../api/calls";
import { useKeys } from "../state/answers";
import { form } from "./model";

export const USER_DRIVEN_NOTE = "Enter your school information below.";

/** The data model keeps 100 characters of a school's or college's name (schemas/answers.schema.json); a definition's `maxLength` says otherwise. */
export const LOOKUP_MAX_LENGTH = 100;

/** The keys that hold the name: the question's own and the `name` fill. */
function nameKeys(view: ViewItem): Set<AnswerKey> {
  return new Set([view.key!, ...(view.fills?.name ? [view.fills.name] : [])]);
}

/**
 * A typed name: kept as the answer. For a school (a lookup that fills a CEEB code), the other fills
 * a choice had set are cleared, with a select's label; an address's first line typed anew leaves
 * the city, state, ZIP and country as they are, as they describe no one chosen record.
 */
export function typedAnswers(view: ViewItem, text: string, answers: Answers): Answers {
  const names = nameKeys(view);
  const updates: Answers = Object.fromEntries([...names].map((key) => [key, text]));
  if (!view.fills?.ceeb) return updates;
  for (const key of Object.values(view.fills)) {
    if (names.has(key)) continue;
    for (const cleared of [key, form.companions.get(key)]) {
      if (cleared && isAnswered(answers[cleared])) updates[cleared] = "";
    }
  }
  return updates;
}

/**
 * A chosen suggestion: every fill from its record, and under the question's own key the school's
 * name, or for an address the record's first line ("" for a ZIP code chosen: its street is still to type).
 */
export function chosenAnswers(view: ViewItem, suggestion: LookupResult, record: LookupRecord, answers: Answers): Answers {
  const updates: Answers = {};
  const fills = Object.entries(view.fills ?? {});
  for (const [field, key] of fills) updates[key] = textOf(record[field as keyof LookupRecord]);
  const ownField = fills.find(([, key]) => key === view.key)?.[0];
  if (ownField === undefined || ownField === "name") {
    const name = textOf(record.name) || suggestion.text;
    for (const key of nameKeys(view)) updates[key] = name;
  }
  // A select stores its label beside its value. A value its list lacks (a country code this
  // form does not know) is left for the applicant to choose. The state's list is the new country's.
  const after = Object.assign(copyAnswers(answers), updates);
  for (const key of Object.keys(updates)) {
    const desc = form.companions.get(key);
    if (!desc) continue;
    const value = String(updates[key]);
    const label = value === "" ? undefined : choiceLabel(form, key, value, after);
    if (label === undefined) updates[key] = "";
    updates[desc] = label ?? "";
  }
  return updates;
}

function textOf(value: unknown): string {
  if (typeof value === "number") return String(value);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Whether the school was typed rather than chosen ("user-driven", docs/choices.md), which shows
 * USER_DRIVEN_NOTE and leaves the school's address for the applicant. Derived, with no answer key
 * of its own: a name with no CEEB code beside it, since a choice sets the code and typing clears
 * it. Only a lookup that fills a `ceeb` (so more than its own key) can be user-driven: a parent's
 * college fills its name alone.
 */
export function useIsUserDriven(view: ViewItem): boolean {
  const key = view.key!;
  const ceeb = view.fills?.ceeb;
  const keys = useMemo(() => (ceeb ? [key, ceeb] : []), [key, ceeb]);
  return useKeys(keys, (answers) => ceeb !== undefined && ceeb !== key && isAnswered(answers[key]) && !isAnswered(answers[ceeb]));
}
