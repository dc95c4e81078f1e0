import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems, select, text } from "./testing";

const scores = (change: Partial<Extract<Item, { type: "tabs" }>> = {}): Item => ({
  type: "tabs", id: "scores", default: "sat",
  tabs: [
    { id: "sat", label: "SAT", items: [text("sat_total")], clear: ["sat_total"] },
    { id: "act", label: "ACT", items: [{ type: "section", items: [select("act_taken")] }, block("sittings", "act_", 2, [text("score")])] },
  ],
  ...change,
});

describe("tab groups", () => {
  it("puts each tab's questions behind a gate of its own", () => {
    const { gates, pages } = expandItems([scores()]);
    expect(gates.filter((g) => g.kind === "tab").map((g) => [g.parent, g.group, g.tab, g.source.pointer, g.clearOnHide])).toEqual([
      [-1, "scores", "sat", "/items/0/tabs/0", []],
      [-1, "scores", "act", "/items/0/tabs/1", []],
    ]);
    expect(pages[0]!.items[0]!.tabs!.map((tab) => [tab.id, tab.label, tab.items.length])).toEqual([["sat", "SAT", 1], ["act", "ACT", 2]]);
  });

  it("remembers the default tab and lists under each tab every key behind it, however deep", () => {
    expect(expandItems([scores()]).tabGroups.get("scores")).toEqual({
      default: "sat",
      tabs: [
        { id: "sat", keys: ["sat_total"], clear: ["sat_total"] },
        { id: "act", keys: ["act_taken", "act_taken_desc", "act_score", "act_2_score"], clear: [] },
      ],
    });
  });

  it("clears a select's label with it when the applicant leaves the tab that lists it", () => {
    const tabs = scores({ tabs: [{ id: "sat", label: "SAT", items: [select("sat_taken")], clear: ["sat_taken"] }, { id: "act", label: "ACT", items: [] }] });
    expect(expandItems([tabs]).tabGroups.get("scores")!.tabs[0]!.clear).toEqual(["sat_taken", "sat_taken_desc"]);
  });

  it("lists the keys a tab clears as references, for the linter", () => {
    expect(expandItems([scores()]).references).toEqual([{ key: "sat_total", kind: "tabClear", source: { file: "about.json", pointer: "/items/0/tabs/0/clear/0" }, comparison: undefined }]);
  });

  it("refuses a default tab that is not one of the group's tabs", () => {
    expect(expandItems([scores({ default: "ap" })]).findings).toEqual([{
      code: "unknown-tab",
      message: 'default tab "ap" is not one of this group\'s tabs (sat, act)',
      source: { file: "about.json", pointer: "/items/0/default" },
      severity: "error",
    }]);
  });

  it("reports two tab groups with one id, and lists the second group's keys, instead of failing", () => {
    const other: Item = { type: "tabs", id: "scores", default: "ib", tabs: [{ id: "ib", label: "IB", items: [text("ib_total")] }] };
    const { findings, tabGroups } = expandItems([scores(), other]);
    expect(findings.map((f) => [f.code, f.source.pointer])).toEqual([["duplicate-id", "/items/1"]]);
    expect(tabGroups.get("scores")!.tabs).toEqual([{ id: "ib", keys: ["ib_total"], clear: [] }]);
  });

  it("refuses a tab group id an add-another group uses already", () => {
    expect(expandItems([block("scores", "x_", 1, []), scores()]).findings).toEqual([{
      code: "duplicate-id",
      message: 'tab group id "scores" is used by another tab group or add-another group',
      source: { file: "about.json", pointer: "/items/1" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    }]);
  });

  it("resolves a tab's clear inside a block to that block's keys", () => {
    const tabs = scores({ tabs: [{ id: "sat", label: "SAT", items: [text("total")], clear: ["total"] }, { id: "act", label: "ACT", items: [] }] });
    const { tabGroups } = expandItems([block("tests", "test_", 1, [tabs])]);
    expect(tabGroups.get("scores")!.tabs[0]).toEqual({ id: "sat", keys: ["test_total"], clear: ["test_total"] });
  });
});
