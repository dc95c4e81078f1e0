import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems, text } from "./testing";

const conditional = (key: string, condition: Pick<Item, "hideWhen" | "showWhen" | "clearOnHide">): Item => ({ ...text(key), ...condition });

describe("conditions that hide items", () => {
  it("shows an item with showWhen only while its condition holds", () => {
    const { gates, owners } = expandItems([text("former_names"), conditional("former_last_name", { showWhen: { key: "former_names", op: "equals", value: "Y" } })]);
    expect(gates).toHaveLength(1);
    expect(gates[0]).toMatchObject({ parent: -1, kind: "condition", clearOnHide: [], keys: ["former_last_name"], source: { file: "about.json", pointer: "/items/1" } });
    expect(gates[0]!.condition!.keysRead).toEqual(["former_names"]);
    expect([gates[0]!.condition!.test({ former_names: "Y" }), gates[0]!.condition!.test({ former_names: "N" })]).toEqual([true, false]);
    expect(owners.get("former_last_name")!.gate).toBe(0);
  });

  it("hides an item with hideWhen while its condition holds", () => {
    const { gates } = expandItems([text("citizenship_us"), conditional("citizenship", { hideWhen: { key: "citizenship_us", op: "equals", value: "Y" } })]);
    expect([gates[0]!.condition!.test({ citizenship_us: "Y" }), gates[0]!.condition!.test({ citizenship_us: "" })]).toEqual([false, true]);
  });

  it("gives an item without conditions the gate around it", () => {
    const { gates, owners, pages } = expandItems([{ type: "section", showWhen: { key: "a", op: "answered" }, items: [text("b")] }, text("a")]);
    expect(gates).toHaveLength(1);
    expect(pages[0]!.items[0]!.children![0]!.gate).toBe(0);
    expect(owners.get("b")!.gate).toBe(0);
    expect(owners.get("a")!.gate).toBe(-1);
  });

  it("nests the gate of a conditional item inside a conditional section under the section's gate", () => {
    const { gates } = expandItems([{ type: "section", showWhen: { key: "a", op: "answered" }, items: [conditional("b", { hideWhen: { key: "a", op: "equals", value: "x" } })] }, text("a")]);
    expect(gates.map((g) => [g.parent, g.source.pointer, g.keys])).toEqual([[-1, "/items/0", []], [0, "/items/0/items/0", ["b"]]]);
  });

  it("refuses an item with both hideWhen and showWhen, and follows its showWhen", () => {
    const { findings, gates } = expandItems([text("a"), conditional("b", { hideWhen: { key: "a", op: "answered" }, showWhen: { key: "a", op: "equals", value: "Y" } })]);
    expect(findings).toEqual([{ code: "both-conditions", message: "an item takes hideWhen or showWhen, not both", source: { file: "about.json", pointer: "/items/1" }, severity: "error" }]);
    expect([gates[0]!.condition!.test({ a: "Y" }), gates[0]!.condition!.test({ a: "N" })]).toEqual([true, false]);
  });

  it("clears the keys listed in clearOnHide, written in a block without its prefix", () => {
    const { gates, findings } = expandItems([block("siblings", "sibling_", 2, [text("age"), { type: "content", text: "Note", clearOnHide: ["age", "citizenship"] }]), text("citizenship")]);
    expect(findings).toEqual([]);
    expect(gates.filter((g) => g.kind === "condition").map((g) => [g.parent, g.condition, g.clearOnHide])).toEqual([
      [0, undefined, ["sibling_age", "citizenship"]],
      [2, undefined, ["sibling_2_age", "citizenship"]],
    ]);
  });

  it("refuses a clearOnHide that can never run, where nothing hides the item", () => {
    const { findings, gates } = expandItems([text("a"), { type: "content", text: "Note", clearOnHide: ["a"] }]);
    expect(findings).toEqual([{ code: "unreachable-clear", message: "clearOnHide can never run: this item has no hideWhen or showWhen and nothing around it hides", source: { file: "about.json", pointer: "/items/1" }, severity: "error" }]);
    expect(gates).toMatchObject([{ parent: -1, kind: "condition", condition: undefined, clearOnHide: ["a"] }]);
  });

  it("refuses a clearOnHide on a tab: a tab not chosen keeps its answers", () => {
    const tabs: Item = { type: "tabs", id: "scores", default: "sat", tabs: [
      { id: "sat", label: "SAT", items: [{ ...text("sat_total"), clearOnHide: ["sat_total"] }] },
      { id: "act", label: "ACT", items: [] },
    ] };
    expect(expandItems([tabs]).findings.map((f) => [f.code, f.source.pointer])).toEqual([["unreachable-clear", "/items/0/tabs/0/items/0"]]);
  });

  it("lists every key a condition or clearOnHide names, where it was written, for the linter", () => {
    const item: Item = { ...text("c"), hideWhen: { all: [{ key: "a", op: "equals", value: "Y" }, { not: { key: "b", op: "answered" } }] }, clearOnHide: ["d"] };
    expect(expandItems([item]).references).toEqual([
      { key: "a", kind: "condition", source: { file: "about.json", pointer: "/items/0/hideWhen/all/0" }, comparison: { key: "a", op: "equals", value: "Y" } },
      { key: "b", kind: "condition", source: { file: "about.json", pointer: "/items/0/hideWhen/all/1/not" }, comparison: { key: "b", op: "answered" } },
      { key: "d", kind: "clearOnHide", source: { file: "about.json", pointer: "/items/0/clearOnHide/0" }, comparison: undefined },
    ]);
  });

  it("reads a condition inside a block against that block's answers", () => {
    const { gates } = expandItems([block("siblings", "sibling_", 2, [text("age"), conditional("school", { showWhen: { key: "age", op: "lt", value: 18 } })])]);
    expect(gates.filter((g) => g.kind === "condition").map((g) => g.condition!.keysRead)).toEqual([["sibling_age"], ["sibling_2_age"]]);
  });
});
