import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("schemas", () => {
  it("refuses a rule with a keyword JSON Schema does not have, at the keyword, with the one meant", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ requried: ["first_name"] }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toEqual(["schemas/rules/basic.schema.json:5:7: unknown keyword \"requried\"; did you mean `required`? (/allOf/0/requried)"]);
  });

  it("refuses a schema JSON Schema itself refuses", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ required: "first_name" }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toEqual(["schemas/rules/basic.schema.json:5:7: not a valid schema: must be array (/allOf/0/required)"]);
  });
});
