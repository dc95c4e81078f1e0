import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ErrorObject } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { ITEM_TYPES } from "../../engine/runtime";
import { repoRoot } from "../files";
import { base, basePage, fixture, lint, page, removeFixtures } from "./fixture";
import { SCHEMA_MESSAGES, sentence } from "./schema-messages";

afterEach(removeFixtures);

type Json = Record<string, unknown> & { items?: Json[] };
const read = (path: string) => JSON.parse(readFileSync(join(base, path), "utf8")) as Json;

/** The base page with one item changed in place. */
const item = (index: number, change: (item: Json) => void) => page((items) => {
  change(items[index] as Json);
  return items;
});
const withItem = (added: object) => page((items) => [...items, added]);
const pageWith = (fields: object) => ({ "form-definitions/page.json": { ...basePage, ...fields } });
const institution = (change: (settings: Json) => void) => {
  const file = read("form-definitions/institution.json");
  change(file.institution as Json);
  return { "form-definitions/institution.json": file };
};
const cycle = (deadlines: object) => ({ term: "FA27", termLabel: "Fall 2027", opens: "2026-08-01", deadlines });

/** Each message, from a mistake staff make, as the linter prints it. */
const CASES: Record<keyof typeof SCHEMA_MESSAGES, { mistake: Record<string, object>; line: string }> = {
  required: {
    mistake: withItem({ type: "text", key: "nickname" }),
    line: 'form-definitions/page.json:100:5: "label" is required here (/items/6)',
  },
  additionalProperties: {
    mistake: withItem({ type: "text", key: "nickname", lable: "Nickname" }),
    line: "form-definitions/page.json:103:7: unknown property \"lable\"; did you mean `label`? (/items/6/lable)",
  },
  "discriminator mapping": {
    mistake: withItem({ type: "slider", key: "nickname", label: "Nickname" }),
    line: `form-definitions/page.json:101:7: unknown item type "slider"; use one of ${ITEM_TYPES.join(", ")} (/items/6/type)`,
  },
  "discriminator tag": {
    mistake: withItem({ key: "nickname", label: "Nickname" }),
    line: `form-definitions/page.json:100:5: an item needs a "type": one of ${ITEM_TYPES.join(", ")} (/items/6/type)`,
  },
  enum: {
    mistake: pageWith({ icon: "star" }),
    line: 'form-definitions/page.json:101:3: "star" is not one of "person", "school", "flag", "document", "checklist" (/icon)',
  },
  "enum operator": {
    mistake: item(2, (section) => { (section.showWhen as Json).op = "notin"; }),
    line: "form-definitions/page.json:23:9: unknown operator \"notin\"; did you mean `notIn`? (/items/2/showWhen/op)",
  },
  const: {
    mistake: { "form-definitions/address.json": { ...read("form-definitions/address.json"), template: "addresses" } },
    line: 'form-definitions/address.json:3:3: must be "address" (/template)',
  },
  type: {
    mistake: item(4, (group) => { group.max = "2"; }),
    line: 'form-definitions/page.json:49:7: must be a whole number, without quotes: write 2, not "2" (/items/4/max)',
  },
  "format date": {
    mistake: institution((settings) => { settings.banner = { from: "2026-11-01", to: "11/30/2026", text: "Apply by November 30." }; }),
    line: 'form-definitions/institution.json:36:7: "11/30/2026" is not a date: write dates as YYYY-MM-DD, e.g. 2026-11-01 (/institution/banner/to)',
  },
  "format email": {
    mistake: institution((settings) => { (settings.contacts as Json).email = "admission at fixture.example.edu"; }),
    line: 'form-definitions/institution.json:10:7: "admission at fixture.example.edu" is not an email address: write it whole, e.g. admission@example.edu (/institution/contacts/email)',
  },
  "format uri": {
    mistake: institution((settings) => { settings.privacy_url = "fixture.example.edu/privacy"; }),
    line: 'form-definitions/institution.json:13:5: "fixture.example.edu/privacy" is not a whole web address: write "https://fixture.example.edu/privacy" (/institution/privacy_url)',
  },
  "format time-zone": {
    mistake: institution((settings) => { settings.time_zone = "Eastern"; }),
    line: 'form-definitions/institution.json:27:5: "Eastern" is not a time zone: write an IANA name such as America/New_York (/institution/time_zone)',
  },
  "pattern ^[a-z][a-z0-9_]*$": {
    mistake: item(0, (question) => { question.key = "First-Name"; }),
    line: 'form-definitions/page.json:10:7: "First-Name" must be lower-case letters, digits and _, starting with a letter: write "first_name" (/items/0/key)',
  },
  "pattern ^[a-z0-9_]+$": {
    mistake: item(2, (section) => { section.clearOnHide = ["TOEFL score"]; }),
    line: 'form-definitions/page.json:27:9: "TOEFL score" must be lower-case letters, digits and _: write "toefl_score" (/items/2/clearOnHide/0)',
  },
  "pattern ^[a-z][a-z0-9_]*_$": {
    mistake: item(4, (group) => { group.prefix = "Sibling"; }),
    line: 'form-definitions/page.json:50:7: "Sibling" must be lower-case letters, digits and _, starting with a letter and ending with _: write "sibling_" (/items/4/prefix)',
  },
  "pattern ^([a-z][a-z0-9_]*_)?$": {
    mistake: item(3, (address) => { address.prefix = "Home"; }),
    line: 'form-definitions/page.json:44:7: "Home" must be "" (no prefix) or lower-case letters, digits and _, starting with a letter and ending with _: write "home_" (/items/3/prefix)',
  },
  "pattern ^[a-z][a-z0-9_-]*$": {
    mistake: item(2, (section) => { section.id = "Test Scores"; }),
    line: 'form-definitions/page.json:41:7: "Test Scores" must be lower-case letters, digits, _ and -, starting with a letter: write "test-scores" (/items/2/id)',
  },
  "pattern ^[a-z][a-z0-9-]*$": {
    mistake: pageWith({ page: "About You" }),
    line: 'form-definitions/page.json:3:3: "About You" must be lower-case letters, digits and -, starting with a letter: write "about-you" (/page)',
  },
  "pattern ^/[a-z0-9-]+$": {
    mistake: pageWith({ route: "about" }),
    line: 'form-definitions/page.json:4:3: "about" must be / and then lower-case letters, digits and -: write "/about" (/route)',
  },
  "pattern ^options/[a-z0-9-]+\\.json$": {
    mistake: item(1, (question) => { question.options = "options/Yes No.json"; }),
    line: 'form-definitions/page.json:17:7: "options/Yes No.json" must be options/, then lower-case letters, digits and -, then .json: write "options/yes-no.json" (/items/1/options)',
  },
  "pattern ^[A-Z0-9]{1,8}$": {
    mistake: institution((settings) => { settings.reference_prefix = "wu-"; }),
    line: 'form-definitions/institution.json:26:5: "wu-" must be 1 to 8 capital letters or digits: write "WU" (/institution/reference_prefix)',
  },
  minLength: {
    mistake: item(0, (question) => { question.label = ""; }),
    line: "form-definitions/page.json:11:7: must not be empty (/items/0/label)",
  },
  minItems: {
    mistake: item(5, (tabs) => { tabs.tabs = (tabs.tabs as object[]).slice(0, 1); }),
    line: "form-definitions/page.json:69:7: must list at least 2 entries (/items/5/tabs)",
  },
  minProperties: {
    mistake: institution((settings) => { settings.cycle = cycle({}); }),
    line: "form-definitions/institution.json:38:7: must not be empty: write at least one entry between { and } (/institution/cycle/deadlines)",
  },
  uniqueItems: {
    mistake: item(2, (section) => { section.clearOnHide = ["toefl_score", "toefl_score"]; }),
    line: 'form-definitions/page.json:26:7: "toefl_score" is listed twice: write it once (/items/2/clearOnHide)',
  },
  minimum: {
    mistake: item(4, (group) => { group.max = 0; }),
    line: "form-definitions/page.json:49:7: must be 1 or more (/items/4/max)",
  },
  maximum: {
    mistake: item(0, (question) => { question.maxLength = 200000; }),
    line: "form-definitions/page.json:12:7: must be 100000 or less (/items/0/maxLength)",
  },
  exclusiveMinimum: {
    mistake: institution((settings) => { (settings.uploads as Json).max_size_mb = 0; }),
    line: "form-definitions/institution.json:16:7: must be more than 0 (/institution/uploads/max_size_mb)",
  },
};

describe("the linter's sentences for the format's errors", () => {
  for (const [id, { mistake, line }] of Object.entries(CASES)) {
    it(`says ${id} in words, with the fix`, () => {
      expect(lint(fixture(mistake))).toEqual([line]);
    });
  }

  it("says each JSON type in words, and how to write the value when it was quoted or not", () => {
    expect(lint(fixture(item(0, (question) => { question.label = 5; })))).toEqual(['form-definitions/page.json:11:7: must be text in double quotes: write "5", not 5 (/items/0/label)']);
    expect(lint(fixture(item(2, (section) => { section.clearOnHide = "toefl_score"; })))).toEqual(['form-definitions/page.json:26:7: must be a list in [ ]: write ["toefl_score"], not "toefl_score" (/items/2/clearOnHide)']);
    expect(lint(fixture(item(2, (section) => { section.showWhen = { key: "citizenship_us", op: "in", value: [{ code: "N" }] }; }))))
      .toEqual(["form-definitions/page.json:25:11: must be text, a number or true/false (/items/2/showWhen/value/0)"]);
  });

  it("says an empty list is empty", () => {
    expect(lint(fixture(institution((settings) => { settings.office_address = []; })))).toEqual(["form-definitions/institution.json:5:5: must not be an empty list (/institution/office_address)"]);
  });

  it("offers no rewrite when none would fit", () => {
    expect(lint(fixture(item(0, (question) => { question.key = "123"; })))).toEqual(['form-definitions/page.json:10:7: "123" must be lower-case letters, digits and _, starting with a letter (/items/0/key)']);
  });

  it("has a sentence for every keyword, format and pattern the format uses, and each example says one", () => {
    const format = JSON.parse(readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8")) as object;
    const used = new Set<string>();
    (function walk(node: unknown, parent: string) {
      if (typeof node !== "object" || node === null) return;
      if (!Array.isArray(node) && parent !== "properties" && parent !== "definitions") {
        const schema = node as Record<string, unknown>;
        for (const keyword of ["required", "additionalProperties", "enum", "const", "type", "minLength", "minItems", "minProperties", "uniqueItems", "minimum", "maximum", "exclusiveMinimum"]) {
          if (keyword in schema && !(keyword === "additionalProperties" && schema[keyword] !== false)) used.add(keyword);
        }
        if (typeof schema.format === "string") used.add(`format ${schema.format}`);
        if (typeof schema.pattern === "string") used.add(`pattern ${schema.pattern}`);
      }
      for (const [key, child] of Object.entries(node)) walk(child, key);
    })(format, "");
    expect([...used].filter((id) => !(id in SCHEMA_MESSAGES))).toEqual([]);
    for (const [id, { example }] of Object.entries(SCHEMA_MESSAGES)) {
      expect(sentence({ instancePath: "", schemaPath: "", ...example } as ErrorObject), id).toMatch(/\w/);
    }
  });
});
