import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems } from "./testing";

const address = (prefix: string): Item => ({ type: "address", prefix });

describe("address items", () => {
  it("asks the template's questions with the address's prefix before each key", () => {
    const { pages, owners } = expandItems([address("mailing_")]);
    expect(pages[0]!.items[0]!.children!.map((view) => view.keys)).toEqual([["mailing_country", "mailing_country_desc"], ["mailing_state"], ["mailing_city"]]);
    expect([...owners.keys()]).toEqual(["mailing_country", "mailing_country_desc", "mailing_state", "mailing_city"]);
  });

  it("asks the permanent address, prefix \"\", under the template's own keys", () => {
    expect([...expandItems([address("")]).owners.keys()]).toEqual(["country", "country_desc", "state", "city"]);
  });

  it("keeps where each question was written in address.json", () => {
    const [country] = expandItems([address("mailing_")]).pages[0]!.items[0]!.children!;
    expect(country!.source).toEqual({ file: "address.json", pointer: "/items/0" });
    expect(country!.id).toBe("about:address.json#/items/0");
  });

  it("reads the template's condition against the same address's answers", () => {
    const { gates } = expandItems([address(""), address("mailing_")]);
    expect(gates.map((g) => [g.keys, g.condition!.keysRead])).toEqual([[["state"], ["country"]], [["mailing_state"], ["mailing_country"]]]);
  });

  it("points findings about an address's keys at the address item in the page, the first to ask them", () => {
    const { keySources, findings } = expandItems([address("mailing_"), address("mailing_")]);
    expect(keySources.get("mailing_city")).toEqual({ file: "about.json", pointer: "/items/0" });
    expect(findings[0]).toEqual({
      code: "duplicate-key",
      message: 'answer key "mailing_country" is asked twice on page "about" (first at /items/0)',
      source: { file: "about.json", pointer: "/items/1" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    });
  });

  it("puts an address in a block behind the block's prefix, then its own", () => {
    const { blockGroups } = expandItems([block("parents", "parent_", 2, [address("home_")])]);
    expect(blockGroups.get("parents")!.blocks).toEqual([
      ["parent_home_country", "parent_home_country_desc", "parent_home_state", "parent_home_city"],
      ["parent_2_home_country", "parent_2_home_country_desc", "parent_2_home_state", "parent_2_home_city"],
    ]);
  });

  it("refuses an address prefix that repeats its block's prefix", () => {
    const { findings } = expandItems([block("parents", "parent_", 2, [address("parent_home_")])]);
    expect(findings).toEqual([{
      code: "prefix-in-key",
      message: 'address prefix "parent_home_" repeats its block\'s prefix "parent_", which is added already',
      source: { file: "about.json", pointer: "/items/0/items/0" },
      severity: "error",
    }]);
  });
});
