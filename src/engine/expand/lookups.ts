import type { LookupItem } from "../generated/definition-format";
import type { ViewItem } from "../types";
import { reference, type Expander, type Position } from "./expansion";
import { resolveIn } from "./prefixes";

/** The answer keys a lookup fills from the chosen record, prefixes applied. */
export function expandLookupFills(x: Expander, item: LookupItem, view: ViewItem, at: Position): void {
  view.fills = {};
  for (const [field, key] of Object.entries(item.fills)) {
    reference(x, key, "fills", at, `${view.source.pointer}/fills/${field}`);
    const resolved = resolveIn(at.scope, key);
    view.fills[field] = resolved;
    x.pendingFills.push({ key: resolved, page: at.page, gate: at.gate, item: view });
  }
}

/**
 * A lookup's fills belong to it unless a question of their own asks for them (the school's
 * address): known only once every page is walked, since that question may come later.
 */
export function ownLookupFills(x: Expander): void {
  for (const { key, page, gate, item } of x.pendingFills) {
    if (x.out.owners.has(key)) continue;
    x.out.owners.set(key, { page, gate, item, source: item.source });
    if (gate >= 0) x.out.gates[gate]!.keys.push(key);
  }
}
