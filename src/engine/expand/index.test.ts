import { describe, expect, it } from "vitest";
import { expandPages, page, text } from "./testing";

describe("expanding the definitions", () => {
  it("lays out pages in step order, whatever their file names", () => {
    const { pages } = expandPages({
      "a-final.json": page("final-steps", 3, [text("c")]),
      "b-about.json": page("about", 1, [text("a")]),
      "c-education.json": page("education", 2, [text("b")]),
    });
    expect(pages.map((p) => [p.page, p.file, p.step])).toEqual([["about", "b-about.json", 1], ["education", "c-education.json", 2], ["final-steps", "a-final.json", 3]]);
  });

  it("gives each page its route and title from its definition", () => {
    const { pages } = expandPages({ "about.json": { ...page("about", 1, []), route: "/you", title: "About You" } });
    expect(pages).toEqual([{ page: "about", route: "/you", title: "About You", step: 1, file: "about.json", items: [] }]);
  });

  it("finds nothing wrong with a well-formed page", () => {
    const expansion = expandPages({ "about.json": page("about", 1, [text("first_name")]) });
    expect(expansion.findings).toEqual([]);
    expect(expansion.owners.get("first_name")).toMatchObject({ page: "about", gate: -1 });
  });
});
