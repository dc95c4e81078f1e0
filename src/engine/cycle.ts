// The admission cycle (institution.json `cycle`): the entry term it is for, the terms after it and
// each application plan's deadline. Definitions and rules write `{ "cycleTerm": true }` where
// they mean this cycle's term, so rolling over is an edit of `cycle` alone.
import type { InstitutionFile } from "./generated/definition-format";
import type { ResolvedOption } from "./types";

export type Cycle = NonNullable<InstitutionFile["institution"]["cycle"]>;

/** `{ "cycleTerm": true }`, the reference to this cycle's term. */
export function isCycleTerm(value: unknown): value is { cycleTerm: true } {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    && (value as Record<string, unknown>).cycleTerm === true && Object.keys(value).length === 1;
}

/** Whether `json` holds a `{ "cycleTerm": true }` anywhere. */
export function mentionsCycleTerm(json: unknown): boolean {
  if (isCycleTerm(json)) return true;
  if (typeof json !== "object" || json === null) return false;
  return Object.values(json).some(mentionsCycleTerm);
}

/**
 * `json` with every `{ "cycleTerm": true }` replaced by `term`; the same object when it has none,
 * or when there is no cycle to read the term from (the linter reports that).
 */
export function withCycleTerm<T>(json: T, term: string | undefined): T {
  if (term === undefined || !mentionsCycleTerm(json)) return json;
  const replace = (node: unknown): unknown => {
    if (isCycleTerm(node)) return term;
    if (Array.isArray(node)) return node.map(replace);
    if (typeof node !== "object" || node === null) return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, replace(value)]));
  };
  return replace(json) as T;
}

/** The entry terms an option list with `"cycleTerms": true` offers: the cycle's term, then the later ones. */
export function cycleTermOptions(cycle: Cycle): ResolvedOption[] {
  return [{ value: cycle.term, label: cycle.termLabel }, ...(cycle.laterTerms ?? [])];
}

/** YYYY-MM-DD as people write it: "November 1, 2026". */
export function longDate(day: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

/** Whether an option has closed: its last day (`closesAfter`) is before `today`. */
export const isClosed = (option: ResolvedOption, today: string) => option.closesAfter !== undefined && option.closesAfter < today;
