import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "./files";
import { COMPLETIONS_SCHEMA, renderCompletions } from "./generate-schemas";
import { fixture, lint, removeFixtures } from "./lint/fixture";

afterEach(removeFixtures);

function withCompletions(root: string, text: string): string {
  mkdirSync(join(root, "schemas/generated"));
  writeFileSync(join(root, COMPLETIONS_SCHEMA), text);
  return root;
}
const json = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), "utf8")) as Record<string, unknown>;
const suggestions = (root: string, name: string) =>
  (JSON.parse(renderCompletions(root)) as { definitions: Record<string, { examples: string[] }> }).definitions[name]!.examples;

describe("what editors suggest (npm run generate:schemas)", () => {
  it("suggests every data-model key in rule files", () => {
    expect(suggestions(fixture(), "answerKey")).toEqual([
      "citizenship", "citizenship_us", "citizenship_us_desc", "city", "country", "country_desc", "essay", "essay_doc",
      "first_name", "sibling_2_age", "sibling_2_first_name", "sibling_age", "sibling_first_name", "toefl_score",
    ]);
  });

  it("suggests in definitions the keys as a block writes them, without its prefix, and no _desc companions", () => {
    const keys = suggestions(fixture(), "questionKey");
    expect(keys).toContain("age");
    expect(keys).toContain("sibling_age");
    expect(keys).not.toContain("2_age");
    expect(keys).not.toContain("country_desc");
  });

  it("suggests the option files for options", () => {
    expect(suggestions(fixture(), "optionFile")).toEqual(["options/yes-no.json"]);
  });

  it("warns, naming the command, when the data model has a key the suggestions lack", () => {
    const root = fixture();
    const written = renderCompletions(root);
    const model = JSON.parse(readFileSync(join(root, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };
    model.properties.nickname = { type: "string", maxLength: 45 };
    const stale = withCompletions(fixture({ "schemas/answers.schema.json": model }), written);
    expect(lint(stale)).toContainEqual(
      "schemas/generated/completions.schema.json:1:1: warning: out of date with the data model, the pages or the option files, so editors suggest old answer keys and option files: run npm run generate:schemas (/)",
    );
    expect(lint(withCompletions(fixture(), written))).toEqual([]);
  });
});

describe("the rule files' format (schemas/rules.schema.json)", () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(json(COMPLETIONS_SCHEMA));
  const validate = ajv.compile(json("schemas/rules.schema.json"));

  it("accepts every shipped rule file, which names it in $schema", () => {
    for (const name of readdirSync(join(repoRoot, "schemas/rules"))) {
      const rules = json(`schemas/rules/${name}`);
      expect(rules.$schema, name).toBe("../rules.schema.json");
      expect(validate(rules) ? [] : validate.errors, name).toEqual([]);
    }
  });

  it("knows errorMessage and the age keywords, and refuses them malformed", () => {
    const rule = (part: object) => ({ allOf: [{ properties: { birth_date: part } }] });
    expect(validate(rule({ minAgeYears: 13, errorMessage: "Too young." }))).toBe(true);
    expect(validate(rule({ minAgeYears: "13" }))).toBe(false);
    expect(validate({ required: ["first_name"], errorMessage: { required: { first_name: 5 } } })).toBe(false);
    expect(validate({ required: ["first_name"], errorMessage: 5 })).toBe(false);
  });

  it("accepts a key the suggestions do not list yet (the linter checks keys)", () => {
    expect(validate({ required: ["a_key_added_today"] })).toBe(true);
  });
});

describe("the definitions' format", () => {
  it("points keys, conditions and option paths at the suggestions, and still accepts a key they lack", () => {
    const ajv = new Ajv({ strict: false, discriminator: true, validateFormats: false });
    ajv.addSchema(json(COMPLETIONS_SCHEMA));
    ajv.addSchema(json("schemas/form-definition.schema.json"));
    const validateItem = ajv.getSchema("form-definition.schema.json#/definitions/item")!;
    const item = { type: "select", key: "a_key_added_today", label: "New", options: "options/not-listed.json", showWhen: { key: "another_new_key", op: "answered" } };
    expect(validateItem(item)).toBe(true);
    const text = readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8");
    expect(text.match(/completions\.schema\.json#\/definitions\/questionKey/g)?.length).toBeGreaterThan(20);
    expect(text).toContain("completions.schema.json#/definitions/optionFile");
  });
});
