// What a question offers, for checks that compare a written value with it (conditions, rules).
import type { Expansion } from "../../engine/compile";
import { isCycleTerm, withCycleTerm, type FormFiles, type ItemByType, type Option, type Source, type ViewItem } from "../../engine/runtime";
import { escapePointer } from "../positions";
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

type Choice = ItemByType["select"] | ItemByType["radio"];
type Options = NonNullable<Choice["options"]>;

/** One option as written: its code and label, and where each is written. */
interface WrittenOption {
  option: Option;
  valueAt: Source;
  labelAt: Source;
}

/**
 * Where each option of a select or radio is written: in its page, in an option list file, or (the
 * cycle's terms) in institution.json. A year list's options are made, not written: none.
 */
export function writtenOptions(files: FormFiles, view: ViewItem): WrittenOption[] {
  const { options, optionsByAnswer } = view.item as Choice;
  const at = (pointer: string): Source => ({ file: view.source.file, pointer: `${view.source.pointer}${pointer}` });
  if (options !== undefined) return optionsAt(files, options, at("/options"));
  return Object.entries(optionsByAnswer?.lists ?? {}).flatMap(([value, list]) => optionsAt(files, list, at(`/optionsByAnswer/lists/${escapePointer(value)}`)));
}

function optionsAt(files: FormFiles, options: Options, at: Source): WrittenOption[] {
  const listed = (list: Option[], file: string, pointer: string) => list.map((option, i) =>
    ({ option, valueAt: { file, pointer: `${pointer}/${i}/value` }, labelAt: { file, pointer: `${pointer}/${i}/label` } }));
  if (Array.isArray(options)) return listed(options, at.file, at.pointer);
  if (typeof options !== "string") return [];
  const file = files.optionLists[options];
  if (file?.options) return listed(file.options, options, "/options");
  const cycle = files.institution.institution.cycle;
  if (!file?.cycleTerms || !cycle) return [];
  return [
    { option: { value: cycle.term, label: cycle.termLabel }, valueAt: { file: INSTITUTION, pointer: "/institution/cycle/term" }, labelAt: { file: INSTITUTION, pointer: "/institution/cycle/termLabel" } },
    ...listed(cycle.laterTerms ?? [], INSTITUTION, "/institution/cycle/laterTerms"),
  ];
}

const INSTITUTION = "institution.json";
