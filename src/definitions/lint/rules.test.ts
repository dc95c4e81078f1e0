import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const rules = (allOf: object[]) => ({
  "schemas/rules/basic.schema.json": { $schema: "http://json-schema.org/draft-07/schema#", $id: "rules/basic.schema.json", allOf },
});
const model = JSON.parse(readFileSync(join(base, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };
/** The data model with a key no page asks for (its question deleted). */
const withShoeSize = { "schemas/answers.schema.json": { ...model, properties: { ...model.properties, shoe_size: { type: "string" } } } };
const unaskedWarning = 'schemas/answers.schema.json:63:5: warning: no page asks for answer key "shoe_size" (/properties/shoe_size)';

describe("rule files", () => {
  it("refuses a rule that names a key outside the data model, once, with the key meant", async () => {
    const lines = lint(fixture(rules([{ required: ["frist_name"], errorMessage: { required: { frist_name: "First Name is required." } } }])));
    expect(lines).toEqual(["schemas/rules/basic.schema.json:7:9: rule names \"frist_name\", which is not in the data model; did you mean `first_name`? (/allOf/0/required/0)"]);
  });

  it("refuses a required answer whose question was deleted: no applicant could submit", async () => {
    const lines = lint(fixture({ ...rules([{ required: ["shoe_size"], errorMessage: { required: { shoe_size: "Shoe size is required." } } }]), ...withShoeSize }));
    expect(lines).toEqual([
      'schemas/rules/basic.schema.json:7:9: rule requires "shoe_size", which no page asks: no applicant could submit; ask it on a page or remove it here (/allOf/0/required/0)',
      unaskedWarning,
    ]);
  });

  it("refuses a rule whose condition reads a key no page asks: it never applies", async () => {
    const lines = lint(fixture({ ...rules([{ if: { properties: { shoe_size: { const: "9" } } }, then: { required: ["citizenship"] } }]), ...withShoeSize }));
    expect(lines).toEqual([
      'schemas/rules/basic.schema.json:8:11: rule reads "shoe_size", which no page asks: the rule never applies (/allOf/0/if/properties/shoe_size)',
      unaskedWarning,
    ]);
  });

  it("refuses an errorMessage for a key no rule beside it requires: it can never show", async () => {
    const lines = lint(fixture(rules([{ required: ["first_name"], errorMessage: { required: { first_name: "First Name is required.", citizenship: "Country of Citizenship is required." } } }])));
    expect(lines).toEqual(['schemas/rules/basic.schema.json:12:11: errorMessage for "citizenship" can never show: the "required" beside it does not name "citizenship" (/allOf/0/errorMessage/required/citizenship)']);
  });

  it("refuses an errorMessage for a key no page asks", async () => {
    const lines = lint(fixture({ ...rules([{ required: ["first_name"], errorMessage: { required: { first_name: "First Name is required.", shoe_size: "Shoe size is required." } } }]), ...withShoeSize }));
    expect(lines).toEqual([
      'schemas/rules/basic.schema.json:12:11: errorMessage names "shoe_size", which no page asks (/allOf/0/errorMessage/required/shoe_size)',
      unaskedWarning,
    ]);
  });

  it("refuses a rule comparing with a code the question does not offer (const)", async () => {
    const lines = lint(fixture(rules([{ if: { required: ["citizenship_us"], properties: { citizenship_us: { const: "Yes" } } }, then: { required: ["citizenship"] } }])));
    expect(lines).toEqual(['schemas/rules/basic.schema.json:12:13: "Yes" is not an option of "citizenship_us"; options offer `Y`, `N` (/allOf/0/if/properties/citizenship_us/const)']);
  });

  it("refuses a rule comparing with a code the question does not offer (enum)", async () => {
    const lines = lint(fixture(rules([{ if: { properties: { citizenship_us: { enum: ["Y", "No"] } } }, then: { required: ["citizenship"] } }])));
    expect(lines).toEqual(['schemas/rules/basic.schema.json:11:15: "No" is not an option of "citizenship_us"; options offer `Y`, `N` (/allOf/0/if/properties/citizenship_us/enum/1)']);
  });

  it("refuses a monthsAfter that reads a key outside the data model: it never applies", async () => {
    const lines = lint(fixture(rules([{ properties: { toefl_score: { monthsAfter: { month: "frist_name", since: "today", maximum: 0 }, errorMessage: "Not in the future." } } }])));
    expect(lines).toEqual([
      'schemas/rules/basic.schema.json:9:13: rule reads "frist_name", which is not in the data model; did you mean `first_name`?: the rule never applies (/allOf/0/properties/toefl_score/monthsAfter/month)',
    ]);
  });
});
