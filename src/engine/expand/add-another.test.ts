import { describe, expect, it } from "vitest";
import { MAX_BLOCKS } from "./add-another";
import { block, expandItems, select, text } from "./testing";

describe("add-another groups", () => {
  it("lays out every block up to max: block 1 with the bare prefix, block n with its number", () => {
    const { blockGroups, owners } = expandItems([block("siblings", "sibling_", 3, [text("first_name")])]);
    expect(blockGroups.get("siblings")).toEqual({ max: 3, blocks: [["sibling_first_name"], ["sibling_2_first_name"], ["sibling_3_first_name"]] });
    expect([...owners.keys()]).toEqual(["sibling_first_name", "sibling_2_first_name", "sibling_3_first_name"]);
  });

  it("puts each block behind a gate of its own, numbered from 1, so the count decides which show", () => {
    const { gates, owners } = expandItems([block("siblings", "sibling_", 2, [text("first_name")])]);
    expect(gates).toEqual([
      { parent: -1, kind: "block", group: "siblings", index: 1, clearOnHide: [], keys: ["sibling_first_name"], source: { file: "about.json", pointer: "/items/0" } },
      { parent: -1, kind: "block", group: "siblings", index: 2, clearOnHide: [], keys: ["sibling_2_first_name"], source: { file: "about.json", pointer: "/items/0" } },
    ]);
    expect(owners.get("sibling_2_first_name")!.gate).toBe(1);
  });

  it("lists a block's keys, select labels included, under its block", () => {
    const { blockGroups } = expandItems([block("siblings", "sibling_", 2, [select("relation"), { type: "section", items: [text("age")] }])]);
    expect(blockGroups.get("siblings")!.blocks).toEqual([
      ["sibling_relation", "sibling_relation_desc", "sibling_age"],
      ["sibling_2_relation", "sibling_2_relation_desc", "sibling_2_age"],
    ]);
  });

  it("shows each block's items, written once, under the group", () => {
    const { pages } = expandItems([block("siblings", "sibling_", 2, [text("first_name"), text("age")])]);
    expect(pages[0]!.items[0]!.blocks!.map((items) => items.map((view) => view.key))).toEqual([["sibling_first_name", "sibling_age"], ["sibling_2_first_name", "sibling_2_age"]]);
  });

  it(`refuses a max above MAX_BLOCKS (${MAX_BLOCKS}) and lays out ${MAX_BLOCKS} blocks`, () => {
    const { findings, blockGroups } = expandItems([block("siblings", "sibling_", 12, [text("age")])]);
    expect(findings).toEqual([{ code: "max-blocks", message: "add-another max is 12; it may not exceed 10", source: { file: "about.json", pointer: "/items/0/max" }, severity: "error" }]);
    expect(blockGroups.get("siblings")!.max).toBe(10);
    expect(blockGroups.get("siblings")!.blocks.at(-1)).toEqual(["sibling_10_age"]);
  });

  it("refuses an add-another group inside another add-another block, once, and lays out none of its blocks", () => {
    const { findings, blockGroups, pages } = expandItems([block("parents", "parent_", 2, [block("jobs", "job_", 3, [text("title")])])]);
    expect(findings).toEqual([{
      code: "nested-add-another",
      message: "an add-another group cannot sit inside another add-another block",
      source: { file: "about.json", pointer: "/items/0/items/0" },
      severity: "error",
    }]);
    expect([...blockGroups.keys()]).toEqual(["parents"]);
    expect(pages[0]!.items[0]!.blocks![0]![0]!.blocks).toBeUndefined();
  });

  it("refuses an add-another id another group uses already", () => {
    const { findings } = expandItems([block("siblings", "sibling_", 1, [text("a")]), block("siblings", "brother_", 1, [text("b")])]);
    expect(findings).toEqual([{
      code: "duplicate-id",
      message: 'add-another id "siblings" is used by another add-another group or tab group',
      source: { file: "about.json", pointer: "/items/1" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    }]);
  });

  it("puts the blocks of a group behind a condition under the condition's gate", () => {
    const { gates } = expandItems([text("has_siblings"), { ...block("siblings", "sibling_", 2, [text("age")]), showWhen: { key: "has_siblings", op: "equals", value: "Y" } }]);
    expect(gates.map((g) => [g.kind, g.parent])).toEqual([["condition", -1], ["block", 0], ["block", 0]]);
  });
});
