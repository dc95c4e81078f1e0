import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems, expandPages, page, text } from "./testing";

describe("walking a page's items", () => {
  it("refuses an unknown item type, naming the types there are, and leaves it out of the page", () => {
    const { findings, pages } = expandItems([text("a"), { type: "slider", key: "b" } as unknown as Item]);
    expect(findings).toEqual([{
      code: "unknown-type",
      message: 'unknown item type "slider"; use one of text, textarea, date, email, phone, ssn, number, select, radio, checkbox, checkboxes, file, lookup, address, section, tabs, addAnother, content',
      source: { file: "about.json", pointer: "/items/1" },
      severity: "error",
    }]);
    expect(pages[0]!.items.map((view) => view.key)).toEqual(["a"]);
  });

  it("gives each item an id of its page, file, pointer and block, unique across the form", () => {
    const { pages } = expandPages({
      "about.json": page("about", 1, [text("a"), block("siblings", "sibling_", 2, [text("age")])]),
      "more.json": page("more", 2, [text("b")]),
    });
    expect(pages[0]!.items.map((view) => view.id)).toEqual(["about:about.json#/items/0", "about:about.json#/items/1"]);
    expect(pages[0]!.items[1]!.blocks!.map(([view]) => view!.id)).toEqual(["about:about.json#/items/1/items/0@1", "about:about.json#/items/1/items/0@2"]);
    expect(pages[1]!.items[0]!.id).toBe("more:more.json#/items/0");
  });

  it("keeps a section's items as its children, where they were written", () => {
    const { pages } = expandItems([{ type: "section", title: "Name", items: [text("first_name"), text("last_name")] }]);
    const section = pages[0]!.items[0]!;
    expect(section.keys).toEqual([]);
    expect(section.children!.map((view) => [view.key, view.source])).toEqual([
      ["first_name", { file: "about.json", pointer: "/items/0/items/0" }],
      ["last_name", { file: "about.json", pointer: "/items/0/items/1" }],
    ]);
  });

  it("shows content without asking for an answer", () => {
    const { pages, owners } = expandItems([{ type: "content", text: "Tell us about yourself." }]);
    expect(pages[0]!.items[0]).toMatchObject({ keys: [], gate: -1, source: { file: "about.json", pointer: "/items/0" } });
    expect(owners.size).toBe(0);
  });

  it("reports a problem written once inside a block once, not once per block", () => {
    const { findings } = expandItems([block("siblings", "sibling_", 3, [{ type: "slider" } as unknown as Item])]);
    expect(findings.map((f) => [f.code, f.source.pointer])).toEqual([["unknown-type", "/items/0/items/0"]]);
  });

  it("keeps the item as staff wrote it beside its view", () => {
    const item = text("a");
    expect(expandItems([item]).pages[0]!.items[0]!.item).toBe(item);
  });
});
