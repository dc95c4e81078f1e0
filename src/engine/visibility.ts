import { copyAnswers, isAnswered } from "./answers";
import type { Expansion } from "./expand";
import type { AnswerKey, Answers, Evaluation, FormState } from "./types";

export interface EvaluateOptions extends FormState {
  /** The answers before this change: a changed controlling select clears its dependent answer. */
  previous?: Answers;
  /** The chosen tabs before this change: leaving a tab clears its `clear` keys. */
  previousTabs?: Record<string, string>;
}

type Shape = Pick<Expansion, "gates" | "owners" | "companions" | "tabGroups" | "blockGroups" | "dependents">;

/**
 * From answers, what is shown and which answers must be cleared. Hidden questions (a false
 * condition, a block beyond the count) lose their answers; questions on a tab not chosen are
 * not shown but keep theirs. Clearing can hide more, so it repeats until nothing changes.
 */
export function evaluate(form: Shape, input: Answers, options: EvaluateOptions = {}): Evaluation {
  let answers = input;
  const cleared = new Set<AnswerKey>();
  const clear = (keys: Iterable<AnswerKey>) => {
    for (const key of keys) {
      if (!isAnswered(answers[key])) continue;
      if (answers === input) answers = copyAnswers(input);
      answers[key] = "";
      cleared.add(key);
    }
  };

  const { previous, previousTabs } = options;
  if (previous) {
    for (const { key, controlKey } of form.dependents) {
      if ((previous[controlKey] ?? "") !== (answers[controlKey] ?? "")) clear([key, form.companions.get(key) ?? key]);
    }
  }
  const tabs = chosenTabs(form, answers, options.tabs);
  if (previousTabs) {
    for (const [group, { tabs: groupTabs }] of form.tabGroups) {
      const left = previousTabs[group];
      if (left && left !== tabs[group]) clear(groupTabs.find((t) => t.id === left)?.clear ?? []);
    }
  }
  const blocks = blockCounts(form, answers, options.blocks);

  const { gates } = form;
  const hidden = new Uint8Array(gates.length);
  const inactive = new Uint8Array(gates.length);
  for (let pass = 0; pass <= gates.length; pass++) {
    for (let g = 0; g < gates.length; g++) {
      const gate = gates[g]!;
      const parentHidden = gate.parent >= 0 && hidden[gate.parent] === 1;
      hidden[g] = parentHidden
        || (gate.condition !== undefined && !gate.condition.test(answers))
        || (gate.kind === "block" && gate.index! > blocks[gate.group!]!) ? 1 : 0;
      inactive[g] = (gate.parent >= 0 && inactive[gate.parent] === 1)
        || (gate.kind === "tab" && tabs[gate.group!] !== gate.tab) ? 1 : 0;
    }
    const before = cleared.size;
    clear(keysToClear(form, answers, hidden));
    if (cleared.size === before) break;
  }

  const isGateShown = (gate: number) => gate < 0 || (hidden[gate] === 0 && inactive[gate] === 0);
  return {
    answers,
    cleared: [...cleared].sort(),
    isShown: (key) => isGateShown(form.owners.get(key)?.gate ?? -1),
    isGateShown,
    tabs,
    blocks,
  };
}

/**
 * Keys of hidden questions and the clearOnHide lists of hidden gates, except keys a shown
 * question asks for or a gate still shown lists: answers tied to a condition still true stay.
 */
function keysToClear(form: Shape, answers: Answers, hidden: Uint8Array): AnswerKey[] {
  const keys: AnswerKey[] = [];
  const listing = listingGates(form.gates);
  form.gates.forEach((gate, g) => {
    if (hidden[g] === 0) return;
    for (const key of gate.keys) if (isAnswered(answers[key])) keys.push(key);
    for (const key of gate.clearOnHide) {
      if (!isAnswered(answers[key])) continue;
      const owner = form.owners.get(key);
      const askedWhereShown = owner !== undefined && (owner.gate < 0 || hidden[owner.gate] === 0);
      const listedWhereShown = listing.get(key)!.some((o) => hidden[o] === 0);
      if (!askedWhereShown && !listedWhereShown) keys.push(key);
    }
  });
  return keys;
}

const listings = new WeakMap<Shape["gates"], Map<AnswerKey, number[]>>();

/** For each key in a clearOnHide list, the gates listing it; worked out once per form. */
function listingGates(gates: Shape["gates"]): Map<AnswerKey, number[]> {
  let listing = listings.get(gates);
  if (!listing) {
    listing = new Map();
    gates.forEach((gate, g) => {
      for (const key of gate.clearOnHide) listing!.set(key, [...(listing!.get(key) ?? []), g]);
    });
    listings.set(gates, listing);
  }
  return listing;
}

/** The chosen tab of each group: the applicant's choice, else the first tab with answers, else the default. */
function chosenTabs(form: Shape, answers: Answers, given: Record<string, string> = {}): Record<string, string> {
  const tabs: Record<string, string> = {};
  for (const [group, { default: fallback, tabs: groupTabs }] of form.tabGroups) {
    const choice = given[group];
    if (choice !== undefined && groupTabs.some((t) => t.id === choice)) {
      tabs[group] = choice;
      continue;
    }
    const withAnswers = groupTabs.filter((t) => t.keys.some((key) => isAnswered(answers[key])));
    tabs[group] = withAnswers.some((t) => t.id === fallback) ? fallback : (withAnswers[0]?.id ?? fallback);
  }
  return tabs;
}

/** The block count of each group: the applicant's count (1 to max), else the last block with answers. */
function blockCounts(form: Shape, answers: Answers, given: Record<string, number> = {}): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [group, { max, blocks }] of form.blockGroups) {
    const count = given[group];
    if (count !== undefined && Number.isInteger(count)) {
      counts[group] = Math.min(Math.max(count, 1), max);
      continue;
    }
    counts[group] = answeredBlocks(blocks, answers);
  }
  return counts;
}

/** The number of blocks up to the last one with an answer (at least 1): a group's count when none was saved. */
export function answeredBlocks(blocks: AnswerKey[][], answers: Answers): number {
  let last = 1;
  blocks.forEach((keys, i) => {
    if (keys.some((key) => isAnswered(answers[key]) && answers[key] !== false)) last = i + 1;
  });
  return last;
}
