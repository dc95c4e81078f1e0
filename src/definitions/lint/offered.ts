// What a question offers, for checks that compare a written value with it (conditions, rules).
import type { Expansion } from "../../engine/compile";
import { isCycleTerm, withCycleTerm, type FormFiles } from "../../engine/runtime";
import { offered } from "./suggest";

/**
 * The codes a select or radio offers (every list of one whose options follow another answer);
 * undefined for other questions, and when its list is missing (a finding of its own).
 */
export function optionValuesOf(expansion: Expansion, key: string): string[] | undefined {
  const owner = expansion.owners.get(key);
  if (!owner || owner.item.key !== key) return undefined;
  const options = owner.item.options;
  const lists = options?.kind === "list" ? [options.options] : options?.kind === "byAnswer" ? Object.values(options.lists) : [];
  const values = [...new Set(lists.flatMap((list) => list.map((o) => o.value)))];
  return values.length > 0 ? values : undefined;
}

/** `{ "cycleTerm": true }` is the cycle's term (institution.cycle.term), as the rule loader reads it. */
export const resolveCycleTerm = (value: unknown, files: FormFiles): unknown => withCycleTerm(value, files.institution.institution.cycle?.term);

/**
 * Whether a compared value is a code the question does not offer. A `{ "cycleTerm": true }` left
 * unread (no cycle) is a finding of its own (lint/cycle.ts and the engine's expansion).
 */
export const isNotOffered = (value: unknown, values: string[]) => !isCycleTerm(value) && !values.includes(String(value));

/** The finding for a code the question does not offer, with the codes it does. */
export function notOffered(value: unknown, key: string, values: string[]): string {
  return `${JSON.stringify(value)} is not an option of "${key}"; options offer ${offered(String(value), values)}`;
}
