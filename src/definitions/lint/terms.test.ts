import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, basePage, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const read = (path: string) => JSON.parse(readFileSync(join(base, path), "utf8")) as Record<string, Record<string, unknown>>;
const institution = read("form-definitions/institution.json");
const model = read("schemas/answers.schema.json");

/** The base fixture with an entry-term question and a cycle rolled over to Fall 2027. */
function rolledOver(files: Record<string, object> = {}, cycle: object | null = { term: "FA27", termLabel: "Fall 2027", opens: "2026-08-01", laterTerms: [{ value: "SP28", label: "Spring 2028" }], deadlines: { RD: "2027-01-15" } }) {
  return fixture({
    "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, ...(cycle && { cycle }) } },
    "form-definitions/options/entry-terms.json": { $schema: "../../schemas/form-definition.schema.json", cycleTerms: true },
    "form-definitions/page.json": { ...basePage, items: [...basePage.items, { type: "select", key: "entry_term", label: "Entry term", options: "options/entry-terms.json" }] },
    "schemas/answers.schema.json": { ...model, properties: { ...model.properties, entry_term: { type: "string" }, entry_term_desc: { type: "string" } } },
    ...files,
  });
}
const termRule = (value: unknown) => ({
  "schemas/rules/terms.schema.json": { $id: "rules/terms.schema.json", allOf: [{ if: { required: ["entry_term"], properties: { entry_term: { const: value } } }, then: { required: ["citizenship"] } }] },
});

describe("term codes after the cycle rolls over", () => {
  it("passes a rule that says { cycleTerm: true }", async () => {
    expect(lint(rolledOver(termRule({ cycleTerm: true })))).toEqual([]);
  });

  it("refuses a rule still naming last cycle's term, which would never apply", async () => {
    expect(lint(rolledOver(termRule("FA26")))).toEqual([
      'schemas/rules/terms.schema.json:11:13: "FA26" is not an option of "entry_term"; options offer `FA27`, `SP28` (/allOf/0/if/properties/entry_term/const)',
    ]);
  });

  it("refuses a condition still naming last cycle's term", async () => {
    const page = { ...basePage, items: [...basePage.items, { type: "select", key: "entry_term", label: "Entry term", options: "options/entry-terms.json" }, { type: "content", text: "Welcome.", showWhen: { key: "entry_term", op: "equals", value: "FA26" } }] };
    expect(lint(rolledOver({ "form-definitions/page.json": page }))).toEqual([
      'form-definitions/page.json:112:9: "FA26" is not an option of "entry_term"; options offer `FA27`, `SP28` (/items/7/showWhen/value)',
    ]);
  });

  it("refuses { cycleTerm: true } in a rule when institution.json has no cycle", async () => {
    const lines = lint(rolledOver({ ...termRule({ cycleTerm: true }), "form-definitions/options/entry-terms.json": read("form-definitions/options/yes-no.json") }, null));
    expect(lines).toEqual([
      'schemas/rules/terms.schema.json:11:13: { "cycleTerm": true } means the cycle\'s term, but form-definitions/institution.json has no "cycle" (/allOf/0/if/properties/entry_term/const)',
    ]);
  });
});
