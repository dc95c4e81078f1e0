import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const rule = (allOf: object[]) => ({ "schemas/rules/basic.schema.json": { $id: "rules/basic.schema.json", allOf } });
/** The base data model with first_name's schema changed. */
const firstName = (schema: object) => {
  const model = JSON.parse(readFileSync(join(base, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };
  model.properties.first_name = schema;
  return { "schemas/answers.schema.json": model };
};

describe("schemas", () => {
  it("refuses a rule with a keyword JSON Schema does not have, at the keyword, with the one meant", async () => {
    const lines = lint(fixture(rule([{ requried: ["first_name"] }])));
    expect(lines).toEqual(["schemas/rules/basic.schema.json:5:7: unknown keyword \"requried\"; did you mean `required`? (/allOf/0/requried)"]);
  });

  it("refuses a schema JSON Schema itself refuses, in the words the definitions' errors use", async () => {
    expect(lint(fixture(rule([{ required: "first_name" }])))).toEqual(['schemas/rules/basic.schema.json:5:7: must be a list in [ ]: write ["first_name"], not "first_name" (/allOf/0/required)']);
    expect(lint(fixture(firstName({ type: "string", maxLength: "45" })))).toEqual(['schemas/answers.schema.json:9:7: must be a whole number, without quotes: write 45, not "45" (/properties/first_name/maxLength)']);
    expect(lint(fixture(firstName({ type: "text", maxLength: 45 })))).toEqual(['schemas/answers.schema.json:8:7: "text" is not one of "array", "boolean", "integer", "null", "number", "object", "string" (/properties/first_name/type)']);
  });

  it("names a format, a pattern, a $ref and an errorMessage written wrong, where they are", async () => {
    expect(lint(fixture(firstName({ type: "string", format: "dates" })))).toEqual(["schemas/answers.schema.json:9:7: unknown format \"dates\"; did you mean `date`? (/properties/first_name/format)"]);
    expect(lint(fixture(firstName({ type: "string", pattern: "[a-" })))).toEqual(['schemas/answers.schema.json:9:7: the pattern "[a-" is not a regular expression (unterminated character class): check its brackets and backslashes (/properties/first_name/pattern)']);
    expect(lint(fixture(rule([{ $ref: "#/definitions/names" }])))).toEqual(['schemas/rules/basic.schema.json:5:7: "$ref" points at #/definitions/names, which this file does not have (/allOf/0/$ref)']);
    expect(lint(fixture(rule([{ required: ["first_name"], errorMessage: 5 }])))).toEqual(["schemas/rules/basic.schema.json:8:7: errorMessage must be a message in double quotes, or an object of messages by keyword (/allOf/0/errorMessage)"]);
  });
});
