import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { block, expandItems, expandPages, page, text } from "./testing";

const interests: Item = { type: "checkboxes", label: "Interests", options: [{ key: "interest_art", label: "Art" }, { key: "interest_music", label: "Music" }] };

describe("questions", () => {
  it("asks a question under its key, owned by its page and the gate around it", () => {
    const { pages, owners, keySources } = expandItems([text("first_name")]);
    const view = pages[0]!.items[0]!;
    expect(view).toMatchObject({ key: "first_name", keys: ["first_name"], gate: -1 });
    expect(owners.get("first_name")).toEqual({ page: "about", gate: -1, item: view, source: view.source });
    expect(keySources.get("first_name")).toEqual({ file: "about.json", pointer: "/items/0/key" });
  });

  it("asks one key per checkbox option, each pointing at its option", () => {
    const { pages, keySources } = expandItems([interests]);
    expect(pages[0]!.items[0]).toMatchObject({ keys: ["interest_art", "interest_music"] });
    expect(pages[0]!.items[0]!.key).toBeUndefined();
    expect(keySources.get("interest_music")).toEqual({ file: "about.json", pointer: "/items/0/options/1/key" });
  });

  it("refuses a key asked twice on one page, pointing at the second and naming the first", () => {
    expect(expandItems([text("first_name"), { type: "section", items: [text("first_name")] }]).findings).toEqual([{
      code: "duplicate-key",
      message: 'answer key "first_name" is asked twice on page "about" (first at /items/0)',
      source: { file: "about.json", pointer: "/items/1/items/0" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    }]);
  });

  it("names the file the key was first asked in when it is another file of the same page", () => {
    const { findings } = expandPages({ "about.json": page("about", 1, [text("first_name")]), "about-fr.json": page("about", 1, [text("first_name")]) });
    expect(findings.map((f) => [f.source.file, f.message])).toEqual([["about-fr.json", 'answer key "first_name" is asked twice on page "about" (first at /items/0 in form-definitions/about.json)']]);
  });

  it("refuses a key asked on two pages; the earlier step keeps it", () => {
    const { findings, owners } = expandPages({ "more.json": page("more", 2, [text("first_name")]), "about.json": page("about", 1, [text("first_name")]) });
    expect(findings).toEqual([{
      code: "key-on-two-pages",
      message: 'answer key "first_name" is asked on page "about" and again on page "more"; a key belongs to one page',
      source: { file: "more.json", pointer: "/items/0" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    }]);
    expect(owners.get("first_name")!.page).toBe("about");
  });

  it("refuses a key in a block that repeats the block's prefix, and says what to write", () => {
    const { findings, owners } = expandItems([block("siblings", "sibling_", 2, [text("sibling_age")])]);
    expect(findings).toEqual([{
      code: "prefix-in-key",
      message: 'answer key "sibling_age" repeats its container\'s prefix "sibling_"; write "age", the prefix is added',
      source: { file: "about.json", pointer: "/items/0/items/0" },
      severity: "error",
    }]);
    expect([...owners.keys()]).toEqual(["sibling_sibling_age", "sibling_2_sibling_age"]);
  });

  it("refuses a checkbox option key that repeats the block's prefix", () => {
    const { findings } = expandItems([block("activities", "interest_", 1, [interests])]);
    expect(findings.map((f) => f.message)).toEqual([
      'answer key "interest_art" repeats its container\'s prefix "interest_"; write "art", the prefix is added',
      'answer key "interest_music" repeats its container\'s prefix "interest_"; write "music", the prefix is added',
    ]);
  });

  it("lists a question behind a condition among that condition's keys", () => {
    const { gates } = expandItems([{ type: "section", hideWhen: { key: "x", op: "answered" }, items: [text("a"), interests] }]);
    expect(gates[0]!.keys).toEqual(["a", "interest_art", "interest_music"]);
  });
});
