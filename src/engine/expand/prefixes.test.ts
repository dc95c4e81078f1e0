import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { blockPrefix, declaredKeys, pageScope, resolveIn, type Scope } from "./prefixes";
import { ADDRESS_TEMPLATE, block, expandItems, text } from "./testing";

const siblingBlock = (index: number): Scope => ({ prefix: blockPrefix("sibling_", index), ownPrefix: "sibling_", local: new Set(["age", "city"]), outer: pageScope() });

describe("prefixes of blocks and addresses", () => {
  it("names block 1 with the bare prefix and block n with the prefix and its number", () => {
    expect([1, 2, 10].map((index) => blockPrefix("sibling_", index))).toEqual(["sibling_", "sibling_2_", "sibling_10_"]);
  });

  it("reads a key written in a block as that block's answer key", () => {
    expect(resolveIn(siblingBlock(1), "age")).toBe("sibling_age");
    expect(resolveIn(siblingBlock(2), "age")).toBe("sibling_2_age");
  });

  it("reads a key the block does not ask for as the page's answer key", () => {
    expect(resolveIn(siblingBlock(2), "citizenship")).toBe("citizenship");
  });

  it("lets the innermost container that asks for a key decide what it means", () => {
    const address: Scope = { prefix: "sibling_2_home_", ownPrefix: "home_", local: new Set(["city"]), outer: siblingBlock(2) };
    expect(resolveIn(address, "city")).toBe("sibling_2_home_city");
    expect(resolveIn(address, "age")).toBe("sibling_2_age");
    expect(resolveIn(address, "citizenship")).toBe("citizenship");
  });

  it("counts the keys of sections, tabs, checkboxes and lookup fills as asked where they sit", () => {
    const items: Item[] = [
      { type: "section", items: [text("first_name")] },
      { type: "tabs", id: "scores", default: "sat", tabs: [{ id: "sat", label: "SAT", items: [text("sat_total")] }, { id: "act", label: "ACT", items: [text("act_total")] }] },
      { type: "checkboxes", label: "Interests", options: [{ key: "interest_art", label: "Art" }, { key: "interest_music", label: "Music" }] },
      { type: "lookup", key: "school", label: "School", category: "hs_ceeb", fills: { name: "school_name", ceeb: "school_ceeb" } },
    ];
    expect([...declaredKeys(items, ADDRESS_TEMPLATE)]).toEqual([
      "first_name", "sat_total", "act_total", "interest_art", "interest_music", "school", "school_name", "school_ceeb",
    ]);
  });

  it("counts an address's keys behind its prefix", () => {
    expect([...declaredKeys([{ type: "address", prefix: "mailing_" }], ADDRESS_TEMPLATE)]).toEqual(["mailing_country", "mailing_state", "mailing_city"]);
  });

  it("leaves the keys of an add-another group to its own blocks, and content has none", () => {
    expect([...declaredKeys([block("siblings", "sibling_", 2, [text("age")]), { type: "content", text: "Note" }, text("age")], ADDRESS_TEMPLATE)]).toEqual(["age"]);
  });

  it("asks a page's questions under their keys as written", () => {
    expect([...expandItems([text("first_name"), text("last_name")]).owners.keys()]).toEqual(["first_name", "last_name"]);
  });
});
