import type { AddAnotherItem } from "../generated/definition-format";
import type { AnswerKey, ViewItem } from "../types";
import { addGate, groupSource, report, type Expander, type Position, type WalkItems } from "./expansion";
import { blockPrefix, declaredKeys, type Scope } from "./prefixes";

/** The data model has keys for ten blocks of each group (sibling_10_first_name at most). */
export const MAX_BLOCKS = 10;

/**
 * Lays out every block up to the group's max, each behind a gate of its own: the applicant's
 * count decides how many show, and the keys of every block are known before anyone answers.
 */
export function expandBlocks(x: Expander, item: AddAnotherItem, view: ViewItem, at: Position, walk: WalkItems): ViewItem {
  if (x.out.blockGroups.has(item.id) || x.out.tabGroups.has(item.id)) {
    report(x, "duplicate-id", `add-another id "${item.id}" is used by another add-another group or tab group`, view.source, groupSource(x, item.id));
  }
  if (item.max > MAX_BLOCKS) {
    report(x, "max-blocks", `add-another max is ${item.max}; it may not exceed ${MAX_BLOCKS}`, { ...view.source, pointer: `${view.source.pointer}/max` });
  }
  if (at.block) {
    report(x, "nested-add-another", "an add-another group cannot sit inside another add-another block", view.source);
    return view;
  }
  const local = declaredKeys(item.items, x.files.addressTemplate.items);
  const count = Math.min(item.max, MAX_BLOCKS);
  const group = { max: count, blocks: [] as AnswerKey[][] };
  x.out.blockGroups.set(item.id, group);
  view.blocks = [];
  for (let index = 1; index <= count; index++) {
    const gate = addGate(x, { parent: at.gate, kind: "block", group: item.id, index, clearOnHide: [], source: view.source });
    const scope: Scope = { prefix: at.scope.prefix + blockPrefix(item.prefix, index), ownPrefix: item.prefix, local, outer: at.scope };
    group.blocks.push([]);
    view.blocks.push(walk(item.items, {
      ...at, gate, scope, block: { group: item.id, index }, pointer: `${view.source.pointer}/items`, idSuffix: `${at.idSuffix}@${index}`,
    }));
  }
  return view;
}

/** A block's keys let the engine count blocks from the answers when no count was saved. */
export function addToBlock(x: Expander, keys: AnswerKey[], at: Position): void {
  if (at.block) x.out.blockGroups.get(at.block.group)!.blocks[at.block.index - 1]!.push(...keys);
}
