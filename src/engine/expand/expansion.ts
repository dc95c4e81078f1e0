import type { CompiledCondition } from "../conditions";
import type { Comparison, Item } from "../generated/definition-format";
import type { AnswerKey, Finding, FindingCode, FormFiles, PageView, Source, ViewItem } from "../types";
import { resolveIn, type Scope } from "./prefixes";

/**
 * Something that can hide the items behind it: a condition (hideWhen/showWhen), an add-another
 * block beyond the applicant's count, or a tab not chosen. Gates are listed parents first.
 */
export interface Gate {
  parent: number;
  kind: "condition" | "block" | "tab";
  /** Shown while this holds; only condition gates have one (a gate for a bare clearOnHide has none). */
  condition?: CompiledCondition;
  group?: string;
  /** Block gates: the block number, from 1. */
  index?: number;
  /** Tab gates: the tab's id. */
  tab?: string;
  /** Keys cleared when the gate hides, besides the keys of the questions behind it (companions included). */
  clearOnHide: AnswerKey[];
  /** Keys of the questions directly behind this gate (companions included). */
  keys: AnswerKey[];
  source: Source;
}

/** Who asks for an answer key: its page, its innermost gate and the item. */
interface Owner {
  page: string;
  gate: number;
  item: ViewItem;
  /** Where the item is written in its page: the item, or for an address's questions the address item. */
  source: Source;
}

/** A key named somewhere other than a question's own `key`: conditions, clears, lookup fills. */
export interface KeyReference {
  key: AnswerKey;
  kind: "condition" | "clearOnHide" | "tabClear" | "fills";
  source: Source;
  comparison?: Comparison;
}

/** A decision of decisions.json (decisions.ts). */
interface DecisionEntry {
  code: string;
  label: string;
  /** Markdown, its placeholders ({{first_name}}) unfilled. */
  letter: string;
  /** The last day (YYYY-MM-DD, the institution's time zone) to accept or decline; absent when it asks no answer. */
  respondBy?: string;
  source: Source;
}

/** An item of the institution's checklist (checklist.ts), its condition compiled. */
interface ChecklistEntry {
  id: string;
  label: string;
  help?: string;
  /** The key its file is kept under: a file question's, or the item's own id when the applicant uploads it from the status page ("upload": true); without it, the office marks the item received. */
  document?: AnswerKey;
  /** Listed while this holds; always when absent. */
  condition?: CompiledCondition;
  source: Source;
}

export interface Expansion {
  pages: PageView[];
  gates: Gate[];
  owners: Map<AnswerKey, Owner>;
  /** key → its `_desc` companion, for selects and radios. */
  companions: Map<AnswerKey, AnswerKey>;
  tabGroups: Map<string, TabGroup>;
  blockGroups: Map<string, { max: number; blocks: AnswerKey[][] }>;
  /** Selects whose options follow another answer: changing that answer clears them. */
  dependents: { key: AnswerKey; controlKey: AnswerKey }[];
  /** Where a finding about a question's key points: its `key`, its checkbox option, or, for an
   *  address's questions, the address item in the page. */
  keySources: Map<AnswerKey, Source>;
  references: KeyReference[];
  /** The institution's checklist, its conditions compiled (checklist.ts). */
  checklist: ChecklistEntry[];
  /** The decisions the office may record, each letter one Markdown text (decisions.ts). */
  decisions: DecisionEntry[];
  findings: Finding[];
}

export interface TabGroup {
  default: string;
  tabs: { id: string; keys: AnswerKey[]; clear: AnswerKey[] }[];
}

/** The expansion being built, with what the steps need besides it. */
export interface Expander {
  files: FormFiles;
  currentYear: number;
  out: Expansion;
  /** Lookup fills met on the walk; whether the lookup owns them is known only after every page. */
  pendingFills: { key: AnswerKey; page: string; gate: number; item: ViewItem }[];
  seenFindings: Set<string>;
}

/** Where the walk is: the item's place in its file and page, and what surrounds it. */
export interface Position {
  file: string;
  pointer: string;
  page: string;
  scope: Scope;
  gate: number;
  /** Inside an add-another block: its group id and block number. */
  block?: { group: string; index: number };
  /** Inside the address template: the address item in the page, where key findings point. */
  anchor?: Source;
  idSuffix: string;
}

/** Expands a list of items; containers call it for what they hold. */
export type WalkItems = (items: Item[], at: Position) => ViewItem[];

export function createExpander(files: FormFiles, currentYear: number): Expander {
  return {
    files,
    currentYear,
    out: {
      pages: [], gates: [], owners: new Map(), companions: new Map(), tabGroups: new Map(),
      blockGroups: new Map(), dependents: [], keySources: new Map(), references: [], checklist: [], decisions: [], findings: [],
    },
    pendingFills: [],
    seenFindings: new Set(),
  };
}

/** Blocks repeat the same written items: each written problem is reported once. */
export function report(x: Expander, code: FindingCode, message: string, source: Source, first?: Source): void {
  const id = `${code}|${source.file}|${source.pointer}|${message}`;
  if (x.seenFindings.has(id)) return;
  x.seenFindings.add(id);
  x.out.findings.push({ code, message, source, ...(first && { first }), severity: "error" });
}

/** Where a key or id was first written, for a finding in `file`: its pointer, and its file when another. */
const firstAt = (first: Source, file: string) => (first.file === file ? first.pointer : `${first.pointer} in form-definitions/${first.file}`);

/** Where the add-another or tab group with this id was first written (its first gate's place). */
export const groupSource = (x: Expander, id: string): Source | undefined => x.out.gates.find((gate) => gate.group === id)?.source;

export function addGate(x: Expander, gate: Omit<Gate, "keys">): number {
  x.out.gates.push({ ...gate, keys: [] });
  return x.out.gates.length - 1;
}

/** Makes the item at `at` the owner of `key`, unless another question asks for it already. */
export function own(x: Expander, key: AnswerKey, at: Position, item: ViewItem): void {
  const existing = x.out.owners.get(key);
  const source = at.anchor ?? item.source;
  if (existing) {
    const first = existing.source;
    if (existing.page !== at.page) {
      report(x, "key-on-two-pages", `answer key "${key}" is asked on page "${existing.page}" and again on page "${at.page}"; a key belongs to one page`, source, first);
    } else {
      report(x, "duplicate-key", `answer key "${key}" is asked twice on page "${at.page}" (first at ${firstAt(first, source.file)})`, source, first);
    }
    return;
  }
  x.out.owners.set(key, { page: at.page, gate: at.gate, item, source });
  if (at.gate >= 0) x.out.gates[at.gate]!.keys.push(key);
}

export function reference(x: Expander, key: string, kind: KeyReference["kind"], at: Position, pointer: string, comparison?: Comparison): void {
  x.out.references.push({ key: resolveIn(at.scope, key), kind, source: { file: at.file, pointer }, comparison });
}
