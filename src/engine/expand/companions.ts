import type { AnswerKey, ViewItem } from "../types";
import { own, type Expander, type Expansion, type Position } from "./expansion";

/** A select or radio also stores the chosen label, under `{key}_desc`. */
export function addCompanion(x: Expander, view: ViewItem, at: Position): void {
  const desc = `${view.key}_desc`;
  x.out.companions.set(view.key!, desc);
  view.keys.push(desc);
  own(x, desc, at, view);
}

/**
 * Clearing a select clears the label stored beside it: staff list the select's key only
 * (docs/staff-guide.md). Runs once every page is walked, since a clear may name a select on a later page.
 */
export function clearCompanionsToo(out: Expansion): void {
  const withCompanions = (keys: AnswerKey[]) => keys.flatMap((key) => {
    const desc = out.companions.get(key);
    return desc ? [key, desc] : [key];
  });
  for (const gate of out.gates) gate.clearOnHide = withCompanions(gate.clearOnHide);
  for (const group of out.tabGroups.values()) {
    for (const tab of group.tabs) tab.clear = withCompanions(tab.clear);
  }
}
