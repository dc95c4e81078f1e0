import { compileCondition, comparisons, type CompiledCondition } from "./conditions";
import { ITEM_TYPES as ITEM_TYPE_LIST, type Comparison, type Condition, type Item } from "./generated/definition-format";
import { resolveOptions } from "./options";
import type {
  AnswerKey,
  Finding,
  FindingCode,
  FormFiles,
  PageView,
  ResolvedOptions,
  Source,
  ViewItem,
} from "./types";

export const MAX_BLOCKS = 10;

const ITEM_TYPES: ReadonlySet<string> = new Set(ITEM_TYPE_LIST);

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
export interface Owner {
  page: string;
  gate: number;
  item: ViewItem;
}

/** A key named somewhere other than a question's own `key`: conditions, clears, lookup fills. */
export interface KeyReference {
  key: AnswerKey;
  kind: "condition" | "clearOnHide" | "tabClear" | "fills";
  source: Source;
  comparison?: Comparison;
}

export interface Expansion {
  pages: PageView[];
  gates: Gate[];
  owners: Map<AnswerKey, Owner>;
  /** key → its `_desc` companion, for selects and radios. */
  companions: Map<AnswerKey, AnswerKey>;
  tabGroups: Map<string, { default: string; tabs: { id: string; keys: AnswerKey[]; clear: AnswerKey[] }[] }>;
  blockGroups: Map<string, { max: number; blocks: AnswerKey[][] }>;
  /** Selects whose options follow another answer: changing that answer clears them. */
  dependents: { key: AnswerKey; controlKey: AnswerKey }[];
  /** Where a finding about a question's key points: its `key`, its checkbox option, or, for an
   *  address's questions, the address item in the page. */
  keySources: Map<AnswerKey, Source>;
  references: KeyReference[];
  findings: Finding[];
}

interface Scope {
  /** The whole prefix put before keys written in this scope ("parent_2_" for block 2 of parents). */
  prefix: string;
  /** The container's own prefix as written ("parent_", "mailing_"); "" on a page. */
  ownPrefix: string;
  /** Keys written in this scope; a key written here means prefix + key. */
  local: ReadonlySet<string>;
  outer?: Scope;
}

interface Context {
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

function resolveIn(scope: Scope, key: string): AnswerKey {
  for (let s: Scope | undefined = scope; s; s = s.outer) {
    if (s.local.has(key)) return s.prefix + key;
  }
  return key;
}

/** Expands every page: prefixes applied, blocks laid out to their max, options resolved, gates listed. */
export function expandDefinitions(files: FormFiles, settings: { currentYear: number }): Expansion {
  const out: Expansion = {
    pages: [], gates: [], owners: new Map(), companions: new Map(), tabGroups: new Map(),
    blockGroups: new Map(), dependents: [], keySources: new Map(), references: [], findings: [],
  };
  const pendingFills: { key: AnswerKey; page: string; gate: number; item: ViewItem }[] = [];
  const seenFindings = new Set<string>();
  // Blocks repeat the same written items: report each written problem once.
  const findingOnce = (code: FindingCode, message: string, source: Source) => {
    const id = `${code}|${source.file}|${source.pointer}|${message}`;
    if (seenFindings.has(id)) return;
    seenFindings.add(id);
    out.findings.push({ code, message, source, severity: "error" });
  };
  const template = files.addressTemplate;

  /** Keys written in a list of items, with nested addresses' prefixes; blocks are scopes of their own. */
  function declaredKeys(items: Item[], into = new Set<string>(), prefix = ""): Set<string> {
    for (const item of items) {
      switch (item.type) {
        case "section":
          declaredKeys(item.items, into, prefix);
          break;
        case "tabs":
          for (const tab of item.tabs) declaredKeys(tab.items, into, prefix);
          break;
        case "address":
          declaredKeys(template.items, into, prefix + item.prefix);
          break;
        case "checkboxes":
          for (const option of item.options) into.add(prefix + option.key);
          break;
        case "lookup":
          into.add(prefix + item.key);
          for (const key of Object.values(item.fills)) into.add(prefix + key);
          break;
        case "addAnother":
        case "content":
          break;
        default:
          if ("key" in item && typeof item.key === "string") into.add(prefix + item.key);
      }
    }
    return into;
  }

  function addGate(gate: Omit<Gate, "keys">): number {
    out.gates.push({ ...gate, keys: [] });
    return out.gates.length - 1;
  }

  function canHide(gate: number): boolean {
    for (let g = gate; g >= 0; g = out.gates[g]!.parent) {
      const { kind, condition } = out.gates[g]!;
      if (kind === "block" || condition) return true;
    }
    return false;
  }

  function own(key: AnswerKey, ctx: Context, item: ViewItem) {
    const existing = out.owners.get(key);
    const source = ctx.anchor ?? item.source;
    if (existing) {
      if (existing.page !== ctx.page) {
        findingOnce("key-on-two-pages", `answer key "${key}" is asked on page "${existing.page}" and again on page "${ctx.page}"; a key belongs to one page`, source);
      } else {
        findingOnce("duplicate-key", `answer key "${key}" is asked twice on page "${ctx.page}" (first at ${existing.item.source.pointer})`, source);
      }
      return;
    }
    out.owners.set(key, { page: ctx.page, gate: ctx.gate, item });
    if (ctx.gate >= 0) out.gates[ctx.gate]!.keys.push(key);
  }

  function reference(key: string, kind: KeyReference["kind"], ctx: Context, pointer: string, comparison?: Comparison) {
    out.references.push({ key: resolveIn(ctx.scope, key), kind, source: { file: ctx.file, pointer }, comparison });
  }

  function walkItems(items: Item[], ctx: Context): ViewItem[] {
    return items.flatMap((item, i) => {
      const view = walkItem(item, { ...ctx, pointer: `${ctx.pointer}/${i}` });
      return view ? [view] : [];
    });
  }

  function walkItem(item: Item, outer: Context): ViewItem | undefined {
    const source: Source = { file: outer.file, pointer: outer.pointer };
    if (!ITEM_TYPES.has(item.type)) {
      findingOnce("unknown-type", `unknown item type "${String(item.type)}"; use one of ${[...ITEM_TYPES].join(", ")}`, source);
      return undefined;
    }
    const ctx = { ...outer };
    if (item.hideWhen && item.showWhen) {
      findingOnce("both-conditions", "an item takes hideWhen or showWhen, not both", source);
    }
    const written: Condition | undefined = item.showWhen ?? (item.hideWhen && { not: item.hideWhen });
    if (written || item.clearOnHide) {
      const which = item.showWhen ? "showWhen" : "hideWhen";
      for (const { comparison, pointer } of comparisons(item.showWhen ?? item.hideWhen ?? { all: [] }, `${source.pointer}/${which}`)) {
        reference(comparison.key, "condition", ctx, pointer, comparison);
      }
      (item.clearOnHide ?? []).forEach((key, i) => reference(key, "clearOnHide", ctx, `${source.pointer}/clearOnHide/${i}`));
      const condition = written && compileCondition(written, (key) => resolveIn(ctx.scope, key));
      if (!condition && !canHide(ctx.gate)) {
        findingOnce("unreachable-clear", "clearOnHide can never run: this item has no hideWhen or showWhen and nothing around it hides", source);
      }
      ctx.gate = addGate({
        parent: ctx.gate, kind: "condition", condition,
        clearOnHide: (item.clearOnHide ?? []).map((key) => resolveIn(ctx.scope, key)), source,
      });
    }
    const view: ViewItem = { id: `${ctx.page}:${source.file}#${source.pointer}${ctx.idSuffix}`, item, source, gate: ctx.gate, keys: [] };

    switch (item.type) {
      case "section":
        view.children = walkItems(item.items, { ...ctx, pointer: `${source.pointer}/items` });
        return view;
      case "content":
        return view;
      case "address": {
        if (ctx.scope.ownPrefix && item.prefix.startsWith(ctx.scope.ownPrefix)) {
          findingOnce("prefix-in-key", `address prefix "${item.prefix}" repeats its block's prefix "${ctx.scope.ownPrefix}", which is added already`, source);
        }
        const scope: Scope = { prefix: ctx.scope.prefix + item.prefix, ownPrefix: item.prefix, local: declaredKeys(template.items), outer: ctx.scope };
        view.children = walkItems(template.items, {
          ...ctx, file: "address.json", pointer: "/items", scope, anchor: ctx.anchor ?? source,
        });
        return view;
      }
      case "tabs":
        return walkTabs(item, view, ctx);
      case "addAnother":
        return walkBlocks(item, view, ctx);
      default:
        return walkQuestion(item, view, ctx);
    }
  }

  function walkTabs(item: Extract<Item, { type: "tabs" }>, view: ViewItem, ctx: Context): ViewItem {
    if (out.tabGroups.has(item.id) || out.blockGroups.has(item.id)) {
      findingOnce("duplicate-id", `tab group id "${item.id}" is used by another tab group or add-another group`, view.source);
    }
    if (!item.tabs.some((tab) => tab.id === item.default)) {
      findingOnce("unknown-tab", `default tab "${item.default}" is not one of this group's tabs (${item.tabs.map((t) => t.id).join(", ")})`, { ...view.source, pointer: `${view.source.pointer}/default` });
    }
    const group = { default: item.default, tabs: [] as { id: string; keys: AnswerKey[]; clear: AnswerKey[] }[] };
    view.tabs = item.tabs.map((tab, t) => {
      const pointer = `${view.source.pointer}/tabs/${t}`;
      const gate = addGate({ parent: ctx.gate, kind: "tab", group: item.id, tab: tab.id, clearOnHide: [], source: { file: ctx.file, pointer } });
      const items = walkItems(tab.items, { ...ctx, gate, pointer: `${pointer}/items` });
      (tab.clear ?? []).forEach((key, i) => reference(key, "tabClear", ctx, `${pointer}/clear/${i}`));
      group.tabs.push({ id: tab.id, keys: [], clear: (tab.clear ?? []).map((key) => resolveIn(ctx.scope, key)) });
      return { id: tab.id, label: tab.label, items };
    });
    out.tabGroups.set(item.id, group);
    return view;
  }

  function walkBlocks(item: Extract<Item, { type: "addAnother" }>, view: ViewItem, ctx: Context): ViewItem {
    if (out.blockGroups.has(item.id) || out.tabGroups.has(item.id)) {
      findingOnce("duplicate-id", `add-another id "${item.id}" is used by another add-another group or tab group`, view.source);
    }
    if (item.max > MAX_BLOCKS) {
      findingOnce("max-blocks", `add-another max is ${item.max}; it may not exceed ${MAX_BLOCKS}`, { ...view.source, pointer: `${view.source.pointer}/max` });
    }
    if (ctx.block) {
      findingOnce("nested-add-another", "an add-another group cannot sit inside another add-another block", view.source);
      return view;
    }
    const local = declaredKeys(item.items);
    const count = Math.min(item.max, MAX_BLOCKS);
    const group = { max: count, blocks: [] as AnswerKey[][] };
    out.blockGroups.set(item.id, group);
    view.blocks = [];
    for (let index = 1; index <= count; index++) {
      const blockPrefix = index === 1 ? item.prefix : `${item.prefix}${index}_`;
      const gate = addGate({ parent: ctx.gate, kind: "block", group: item.id, index, clearOnHide: [], source: view.source });
      const scope: Scope = { prefix: ctx.scope.prefix + blockPrefix, ownPrefix: item.prefix, local, outer: ctx.scope };
      group.blocks.push([]);
      view.blocks.push(walkItems(item.items, {
        ...ctx, gate, scope, block: { group: item.id, index }, pointer: `${view.source.pointer}/items`, idSuffix: `${ctx.idSuffix}@${index}`,
      }));
    }
    return view;
  }

  function walkQuestion(item: Extract<Item, { key: string }> | Extract<Item, { type: "checkboxes" }>, view: ViewItem, ctx: Context): ViewItem {
    const written = item.type === "checkboxes" ? item.options.map((o) => o.key) : [item.key];
    written.forEach((key, i) => {
      const pointer = item.type === "checkboxes" ? `${view.source.pointer}/options/${i}/key` : `${view.source.pointer}/key`;
      const source = ctx.anchor ?? { file: view.source.file, pointer };
      if (ctx.scope.ownPrefix && key.startsWith(ctx.scope.ownPrefix)) {
        findingOnce("prefix-in-key", `answer key "${key}" repeats its container's prefix "${ctx.scope.ownPrefix}"; write "${key.slice(ctx.scope.ownPrefix.length)}", the prefix is added`, ctx.anchor ?? view.source);
      }
      const key_ = ctx.scope.prefix + key;
      out.keySources.set(key_, source);
      view.keys.push(key_);
      own(key_, ctx, view);
    });
    if (item.type !== "checkboxes") view.key = view.keys[0];

    if (item.type === "select" || item.type === "radio") {
      const desc = `${view.key}_desc`;
      out.companions.set(view.key!, desc);
      view.keys.push(desc);
      own(desc, ctx, view);
      view.options = questionOptions(item, view, ctx);
    }
    if (item.type === "lookup") {
      view.fills = {};
      for (const [field, key] of Object.entries(item.fills)) {
        reference(key, "fills", ctx, `${view.source.pointer}/fills/${field}`);
        const resolved = resolveIn(ctx.scope, key);
        view.fills[field] = resolved;
        pendingFills.push({ key: resolved, page: ctx.page, gate: ctx.gate, item: view });
      }
    }
    if (ctx.block) out.blockGroups.get(ctx.block.group)!.blocks[ctx.block.index - 1]!.push(...view.keys);
    return view;
  }

  function questionOptions(item: Extract<Item, { type: "select" | "radio" }>, view: ViewItem, ctx: Context): ResolvedOptions | undefined {
    const resolve = (options: NonNullable<typeof item.options>, pointer: string) => {
      const resolved = resolveOptions(options, files, settings.currentYear);
      if (!resolved) findingOnce("missing-option-list", `option list "${String(options)}" does not exist in form-definitions/`, { file: ctx.file, pointer });
      return resolved ?? [];
    };
    if (item.options) return { kind: "list", options: resolve(item.options, `${view.source.pointer}/options`) };
    if (item.optionsByAnswer) {
      const controlKey = resolveIn(ctx.scope, item.optionsByAnswer.key);
      reference(item.optionsByAnswer.key, "condition", ctx, `${view.source.pointer}/optionsByAnswer/key`);
      out.dependents.push({ key: view.key!, controlKey });
      const lists = Object.fromEntries(Object.entries(item.optionsByAnswer.lists).map(([value, options]) =>
        [value, resolve(options, `${view.source.pointer}/optionsByAnswer/lists/${value}`)]));
      return { kind: "byAnswer", controlKey, lists };
    }
    findingOnce("missing-options", `${item.type} "${item.key}" needs options or optionsByAnswer`, view.source);
    return undefined;
  }

  const pages = Object.entries(files.pages).sort(([, a], [, b]) => a.step - b.step);
  for (const [file, page] of pages) {
    const scope: Scope = { prefix: "", ownPrefix: "", local: new Set() };
    const items = walkItems(page.items, { file, pointer: "/items", page: page.page, scope, gate: -1, idSuffix: "" });
    out.pages.push({ page: page.page, route: page.route, title: page.title, step: page.step, file, items });
  }
  // A lookup's fills belong to it unless a question of their own asks for them (the school's address).
  for (const { key, page, gate, item } of pendingFills) {
    if (out.owners.has(key)) continue;
    out.owners.set(key, { page, gate, item });
    if (gate >= 0) out.gates[gate]!.keys.push(key);
  }
  // Clearing a select clears the label stored beside it.
  const withCompanions = (keys: AnswerKey[]) => keys.flatMap((key) => {
    const desc = out.companions.get(key);
    return desc ? [key, desc] : [key];
  });
  for (const gate of out.gates) gate.clearOnHide = withCompanions(gate.clearOnHide);
  for (const group of out.tabGroups.values()) {
    for (const tab of group.tabs) tab.clear = withCompanions(tab.clear);
  }
  for (const [key, owner] of out.owners) {
    for (let g = owner.gate; g >= 0; g = out.gates[g]!.parent) {
      const gate = out.gates[g]!;
      if (gate.kind === "tab") out.tabGroups.get(gate.group!)!.tabs.find((t) => t.id === gate.tab)!.keys.push(key);
    }
  }
  return out;
}
