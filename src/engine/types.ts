import type {
  DecisionsFile,
  InstitutionFile,
  Item,
  Option,
  OptionListFile,
  PageDefinition,
  TemplateFile,
} from "./generated/definition-format";

/** The stable id an answer is stored under, e.g. `first_name`, `sibling_2_age`. */
export type AnswerKey = string;
/** Answers are strings (`""` is unanswered, dates `YYYY-MM-DD`, codes such as `"Y"`) or booleans. */
export type AnswerValue = string | boolean;
export type Answers = Record<AnswerKey, AnswerValue>;
/** Answer key → the unique messages of its failed rules; only keys with errors appear. */
export type ValidationErrors = Record<AnswerKey, string[]>;

/** A JSON Schema as read from `schemas/`. */
export type JsonSchema = Record<string, unknown>;

/**
 * Everything the engine reads, as parsed JSON. The engine never touches files: the scripts and
 * the server read them from disk, the browser bundles them.
 */
export interface FormFiles {
  /** Page definitions by file name (`about.json`). */
  pages: Record<string, PageDefinition>;
  /** Option list files by the path definitions use (`options/countries.json`). */
  optionLists: Record<string, OptionListFile>;
  /** `address.json`: the questions every address item expands to. */
  addressTemplate: TemplateFile;
  institution: InstitutionFile;
  /** `decisions.json`: the decisions and their letters (none in versions published before it). */
  decisions?: DecisionsFile;
  /** `schemas/answers.schema.json`: every answer key with its type and limits. */
  answersSchema: JsonSchema;
  /** `schemas/rules/*.schema.json` by file name. */
  rules: Record<string, JsonSchema>;
}

/**
 * What the browser draws a form from: the files less the data model and the rules, which its
 * validator holds compiled, and the decisions, whose letters the server alone gives (to their applicant, once released).
 */
export type BrowserFiles = Omit<FormFiles, "answersSchema" | "rules" | "decisions">;

/** Where an item was written: a definition file and a JSON pointer into it. */
export interface Source {
  file: string;
  pointer: string;
}

/** A problem in the definitions, found while expanding them (the linter adds more). */
export interface Finding {
  code: FindingCode;
  message: string;
  source: Source;
  /** For a key or id written twice: where it was first, which may be another file. */
  first?: Source;
  severity: "error" | "warning";
}

export type FindingCode =
  | "unknown-type"
  | "duplicate-key"
  | "key-on-two-pages"
  | "prefix-in-key"
  | "max-blocks"
  | "duplicate-id"
  | "missing-option-list"
  | "missing-options"
  | "unreachable-clear"
  | "both-conditions"
  | "unknown-tab"
  | "nested-add-another"
  | "no-cycle"
  | "deadlines"
  | "checklist-document"
  | "decision-letter";

export type ResolvedOption = Option & {
  /** The last day (YYYY-MM-DD) this option can be chosen: an application plan's deadline (cycleDeadlines). */
  closesAfter?: string;
};

/** Options of a select or radio: one list, or lists chosen by another answer (state by country). */
export type ResolvedOptions =
  | { kind: "list"; options: ResolvedOption[] }
  | { kind: "byAnswer"; controlKey: AnswerKey; lists: Record<string, ResolvedOption[]> };

/** One item of a page after expansion: prefixes applied, blocks laid out, options resolved. */
export interface ViewItem {
  /** Unique across the form: page, pointer and block number. */
  id: string;
  item: Item;
  source: Source;
  /** The innermost gate (condition, block or tab) this item sits behind; -1 for none. */
  gate: number;
  /** Questions: the answer key, prefixes applied. */
  key?: AnswerKey;
  /** Every answer key this item stores: key, `{key}_desc`, checkbox keys, lookup fills. */
  keys: AnswerKey[];
  options?: ResolvedOptions;
  /** Essays (`"essay": true`): the institution's character_limit, which the counter and the input follow. */
  maxLength?: number;
  /** Lookups: record field → answer key, prefixes applied. */
  fills?: Record<string, AnswerKey>;
  children?: ViewItem[];
  tabs?: { id: string; label: string; items: ViewItem[] }[];
  /** Add-another groups: every block up to max, laid out; block n is `blocks[n - 1]`. */
  blocks?: ViewItem[][];
}

export interface PageView {
  page: string;
  route: string;
  title: string;
  step: number;
  file: string;
  items: ViewItem[];
}

/** The applicant's state that is not answers: chosen tabs and block counts. */
export interface FormState {
  /** Tab group id → chosen tab id. A missing group is inferred from the answers. */
  tabs?: Record<string, string>;
  /** Add-another group id → number of blocks. A missing group is inferred from the answers. */
  blocks?: Record<string, number>;
}

/** The engine's answer for one set of answers. */
export interface Evaluation {
  /** The answers after clearing. */
  answers: Answers;
  /** Keys whose answer was cleared (set to ""), sorted. */
  cleared: AnswerKey[];
  /** Is this key's question shown (not hidden, not on a tab that is not chosen)? */
  isShown(key: AnswerKey): boolean;
  /** Is this gate shown? Items with `gate` -1 always are. */
  isGateShown(gate: number): boolean;
  tabs: Record<string, string>;
  blocks: Record<string, number>;
}
