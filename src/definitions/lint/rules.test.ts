import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("rule files", () => {
  it("refuses a rule that names a key outside the data model", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ required: ["frist_name"], errorMessage: { required: { frist_name: "First Name is required." } } }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toContainEqual(expect.stringContaining('rule names "frist_name", which is not in the data model (/allOf/0/required/0)'));
  });
});
