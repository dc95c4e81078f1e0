import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("schemas", () => {
  it("refuses a rule with a keyword JSON Schema does not have", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ requried: ["first_name"] }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toContainEqual(expect.stringContaining('schemas/rules/basic.schema.json:1:1: not a valid schema: strict mode: unknown keyword: "requried"'));
  });
});
