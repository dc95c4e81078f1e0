import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems, expandPages, page, text } from "./testing";

const school: Item = { type: "lookup", key: "school", label: "High school", category: "hs_ceeb", fills: { name: "school_name", ceeb: "school_ceeb" } };

describe("lookup fills", () => {
  it("fills the answer keys its fills name from the chosen record", () => {
    expect(expandItems([school]).pages[0]!.items[0]!.fills).toEqual({ name: "school_name", ceeb: "school_ceeb" });
  });

  it("fills the keys of its own block, prefixes applied", () => {
    const { pages } = expandItems([block("schools", "hs_", 2, [school])]);
    expect(pages[0]!.items[0]!.blocks!.map(([view]) => view!.fills)).toEqual([
      { name: "hs_school_name", ceeb: "hs_school_ceeb" },
      { name: "hs_2_school_name", ceeb: "hs_2_school_ceeb" },
    ]);
  });

  it("owns the keys it fills when no question asks for them", () => {
    const { pages, owners, findings } = expandItems([{ ...school, showWhen: { key: "x", op: "answered" } }]);
    expect(findings).toEqual([]);
    expect(owners.get("school_ceeb")).toEqual({ page: "about", gate: 0, item: pages[0]!.items[0], source: pages[0]!.items[0]!.source });
  });

  it("leaves a filled key to the question that asks for it, even on a later page", () => {
    const { owners, findings } = expandPages({ "about.json": page("about", 1, [school]), "more.json": page("more", 2, [text("school_name")]) });
    expect(findings).toEqual([]);
    expect(owners.get("school_name")!.page).toBe("more");
    expect(owners.get("school_ceeb")!.page).toBe("about");
  });

  it("lists the keys behind a condition it fills among that condition's keys, after the questions'", () => {
    const { gates } = expandItems([{ type: "section", showWhen: { key: "x", op: "answered" }, items: [school, text("school_city")] }]);
    expect(gates[0]!.keys).toEqual(["school", "school_city", "school_name", "school_ceeb"]);
  });

  it("lists the keys it fills on a tab under that tab", () => {
    const tabs: Item = { type: "tabs", id: "how", default: "search", tabs: [{ id: "search", label: "Search", items: [school] }, { id: "type", label: "Type it", items: [] }] };
    expect(expandItems([tabs]).tabGroups.get("how")!.tabs[0]!.keys).toEqual(["school", "school_name", "school_ceeb"]);
  });

  it("lists each fill as a reference, for the linter to check against the data model", () => {
    expect(expandItems([school]).references).toEqual([
      { key: "school_name", kind: "fills", source: { file: "about.json", pointer: "/items/0/fills/name" }, comparison: undefined },
      { key: "school_ceeb", kind: "fills", source: { file: "about.json", pointer: "/items/0/fills/ceeb" }, comparison: undefined },
    ]);
  });
});
