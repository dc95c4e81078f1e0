import type { TabsItem } from "../generated/definition-format";
import type { ViewItem } from "../types";
import { addGate, groupSource, reference, report, type Expander, type Expansion, type Position, type TabGroup, type WalkItems } from "./expansion";
import { resolveIn } from "./prefixes";

/** Each tab gets a gate, chosen or not by the applicant; the group remembers its default and clears. */
export function expandTabs(x: Expander, item: TabsItem, view: ViewItem, at: Position, walk: WalkItems): ViewItem {
  if (x.out.tabGroups.has(item.id) || x.out.blockGroups.has(item.id)) {
    report(x, "duplicate-id", `tab group id "${item.id}" is used by another tab group or add-another group`, view.source, groupSource(x, item.id));
  }
  if (!item.tabs.some((tab) => tab.id === item.default)) {
    report(x, "unknown-tab", `default tab "${item.default}" is not one of this group's tabs (${item.tabs.map((t) => t.id).join(", ")})`, { ...view.source, pointer: `${view.source.pointer}/default` });
  }
  const group: TabGroup = { default: item.default, tabs: [] };
  view.tabs = item.tabs.map((tab, t) => {
    const pointer = `${view.source.pointer}/tabs/${t}`;
    const gate = addGate(x, { parent: at.gate, kind: "tab", group: item.id, tab: tab.id, clearOnHide: [], source: { file: at.file, pointer } });
    const items = walk(tab.items, { ...at, gate, pointer: `${pointer}/items` });
    (tab.clear ?? []).forEach((key, i) => reference(x, key, "tabClear", at, `${pointer}/clear/${i}`));
    group.tabs.push({ id: tab.id, keys: [], clear: (tab.clear ?? []).map((key) => resolveIn(at.scope, key)) });
    return { id: tab.id, label: tab.label, items };
  });
  x.out.tabGroups.set(item.id, group);
  return view;
}

/**
 * Lists under each tab every key behind it, however deep (a tab's section, a block on a tab).
 * Runs once every owner is known, lookup fills included.
 */
export function listTabKeys(out: Expansion): void {
  for (const [key, owner] of out.owners) {
    for (let g = owner.gate; g >= 0; g = out.gates[g]!.parent) {
      const gate = out.gates[g]!;
      // A group whose id another group took (reported as duplicate-id) has no entry to list in.
      if (gate.kind === "tab") out.tabGroups.get(gate.group!)?.tabs.find((t) => t.id === gate.tab)?.keys.push(key);
    }
  }
}
