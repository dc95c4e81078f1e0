import { afterEach, describe, expect, it } from "vitest";
import { basePage, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

// A first try at a translation: the page copied beside its original, its labels to be translated.
const translated = { ...basePage, items: basePage.items.map((item) => ({ ...item, ...("label" in item && { label: `(fr) ${String(item.label)}` }) })) };

describe("a page copied beside its original", () => {
  it("is one finding, in the copy, naming the original, where the copy kept the original's page name", () => {
    expect(lint(fixture({ "form-definitions/page-fr.json": translated }))).toEqual([
      'form-definitions/page-fr.json:3:3: page "about" is also form-definitions/page.json: this copy asks its 14 answer keys and 2 group ids again; give the copy its own "page", "route" and answer keys, or keep it outside form-definitions/ until then (/page)',
    ]);
  });

  it("is one finding, in the copy, at its first key, once the copy has a page name of its own", () => {
    const renamed = { ...translated, page: "about-fr", route: "/about-fr" };
    const lines = lint(fixture({ "form-definitions/page-fr.json": renamed }));
    // The original's clears name keys the copy, read first, now asks: said where they are written.
    expect(lines.filter((line) => line.startsWith("form-definitions/page-fr.json") || line.includes("answer key"))).toEqual([
      'form-definitions/page-fr.json:8:5: this page asks 14 answer keys and 2 group ids that page "about" asks too (form-definitions/page.json): a key belongs to one page, so a copy of a page needs keys and ids of its own (/items/0)',
    ]);
  });

  it("is the copy whose name is not its page's, whatever the names' order", () => {
    const lines = lint(fixture({ "form-definitions/page.json": { ...basePage, page: "page" }, "form-definitions/a-copy.json": { ...translated, page: "page" } }));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/a-copy\.json:3:3: page "page" is also form-definitions\/page\.json: /)]);
  });

  it("leaves a few questions moved to another page and left behind each its own finding", () => {
    const more = { ...basePage, page: "more", route: "/more", step: 2, items: basePage.items.slice(0, 2) };
    expect(lint(fixture({ "form-definitions/more.json": more }))).toEqual([
      'form-definitions/more.json:8:5: answer key "first_name" is asked on page "about" and again on page "more"; a key belongs to one page (/items/0)',
      'form-definitions/more.json:13:5: answer key "citizenship_us" is asked on page "about" and again on page "more"; a key belongs to one page (/items/1)',
      'form-definitions/more.json:13:5: answer key "citizenship_us_desc" is asked on page "about" and again on page "more"; a key belongs to one page (/items/1)',
    ]);
  });
});
