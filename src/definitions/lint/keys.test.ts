import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("answer keys against the data model", () => {
  it("names the file, line, column and pointer of a key missing from the data model", async () => {
    const text = `{
  "$schema": "../schemas/form-definition.schema.json",
  "page": "about", "route": "/about", "title": "About You", "step": 1,
  "items": [
    { "type": "text", "key": "first_name", "label": "First Name" },
    { "type": "text", "key": "favourite_colour", "label": "Favourite colour" }
  ]
}
`;
    expect(lint(fixture({ "form-definitions/page.json": text }))).toContain(
      'form-definitions/page.json:6:23: answer key "favourite_colour" is not in the data model (schemas/answers.schema.json) (/items/1/key)',
    );
  });

  it("names a question of a block missing from the data model once, with every key it needs", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { items: object[] }).items.push({ type: "select", key: "school", label: "School", options: "options/yes-no.json" });
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:65:11: answer keys "sibling_school", "sibling_school_desc", "sibling_2_school", "sibling_2_school_desc" are not in the data model (schemas/answers.schema.json) (/items/4/items/2/key)']);
  });

  it("warns, without failing, about a data-model key no page asks for", async () => {
    const model = JSON.parse(readFileSync(join(base, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };
    model.properties.shoe_size = { type: "string", maxLength: 3 };
    const lines = lint(fixture({ "schemas/answers.schema.json": model }));
    expect(lines).toEqual([expect.stringMatching(/^schemas\/answers\.schema\.json:\d+:\d+: warning: no page asks for answer key "shoe_size" \(\/properties\/shoe_size\)$/)]);
  });
});
