import { describe, expect, it } from "vitest";
import { expandPages, page, text } from "./testing";
import { fillLetter } from "../letters";

describe("the decisions", () => {
  it("are compiled in their order, each letter one Markdown text, its day to answer by kept", () => {
    const pages = { "about.json": page("about", 1, [text("first_name")]) };
    expect(expandPages(pages).decisions, "none without decisions.json").toEqual([]);
    const { decisions, findings } = expandPages(pages, {}, {}, [
      { code: "admit", label: "Admit", respondBy: "2027-05-01", letter: ["Dear {{first_name}},", "", "Reply by {{respond_by}}."] },
      { code: "deny", label: "Deny", letter: ["Dear {{first_name}}."] },
    ]);
    expect(findings).toEqual([]);
    expect(decisions.map(({ source: _, ...decision }) => decision)).toEqual([
      { code: "admit", label: "Admit", respondBy: "2027-05-01", letter: "Dear {{first_name}},\n\nReply by {{respond_by}}." },
      { code: "deny", label: "Deny", letter: "Dear {{first_name}}." },
    ]);
  });

  it("fill a letter's placeholders, spaces inside the braces or not, and leave any other braces as written", () => {
    const letter = "Dear {{ first_name }} {{last_name}},\n\n{{term}} · {{reference}} · by {{respond_by}} · {{unknown}}";
    const values = { first_name: "Ada", last_name: "Lovelace", term: "Fall 2026", reference: "WU-FA26-000001", respond_by: "May 1, 2027" };
    expect(fillLetter(letter, (name) => values[name])).toBe("Dear Ada Lovelace,\n\nFall 2026 · WU-FA26-000001 · by May 1, 2027 · {{unknown}}");
  });
});
