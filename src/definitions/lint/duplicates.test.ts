import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const written = (path: string) => readFileSync(join(base, path), "utf8");

describe("a property written twice in one object", () => {
  it("refuses a second showWhen on an item, at the second, saying how to keep both conditions", async () => {
    const page = written("form-definitions/page.json").replace(
      `"showWhen": { "key": "citizenship_us", "op": "equals", "value": "N" },`,
      `"showWhen": { "key": "citizenship_us", "op": "equals", "value": "N" },\n      "showWhen": { "key": "first_name", "op": "answered" },`,
    );
    expect(lint(fixture({ "form-definitions/page.json": page }))).toEqual([
      'form-definitions/page.json:13:7: "showWhen" is written twice in the same { … } (first on line 12), and only the last one counts: put both conditions in one showWhen, as { "all": [ …, … ] } (/items/2/showWhen)',
    ]);
  });

  it("refuses a second required in a rule file as the one mistake, not the message it leaves without its key", async () => {
    const rules = `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "rules/basic.schema.json",
  "allOf": [
    {
      "required": ["first_name"],
      "required": ["citizenship"],
      "errorMessage": { "required": { "first_name": "First Name is required.", "citizenship": "Country of Citizenship is required." } }
    }
  ]
}
`;
    expect(lint(fixture({ "schemas/rules/basic.schema.json": rules }))).toEqual([
      'schemas/rules/basic.schema.json:7:7: "required" is written twice in the same { … } (first on line 6), and only the last one counts: list every key in one "required" (/allOf/0/required)',
    ]);
  });

  it("refuses an answer key written twice in the data model", async () => {
    const model = written("schemas/answers.schema.json").replace(
      `"city": { "type": "string", "maxLength": 45 },`,
      `"city": { "type": "string", "maxLength": 45 },\n    "city": { "type": "string", "maxLength": 60 },`,
    );
    expect(lint(fixture({ "schemas/answers.schema.json": model }))).toEqual([
      'schemas/answers.schema.json:15:5: "city" is written twice in the same { … } (first on line 14), and only the last one counts: delete the one you do not mean (/properties/city)',
    ]);
  });

  it("refuses a label written twice in an option list file", async () => {
    const list = written("form-definitions/options/yes-no.json").replace(`{ "value": "N", "label": "No" }`, `{ "value": "N", "label": "No", "label": "Nope" }`);
    expect(lint(fixture({ "form-definitions/options/yes-no.json": list }))).toEqual([
      'form-definitions/options/yes-no.json:5:36: "label" is written twice in the same { … } (first on line 5), and only the last one counts: delete the one you do not mean (/options/1/label)',
    ]);
  });
});
