import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, basePage, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("the definition format", () => {
  it("refuses an unknown item type and lists the known ones", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "slider", key: "first_name", label: "?" }])));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/page\.json:\d+:\d+: unknown item type "slider"; use one of text, textarea, .*content \(\/items\/6\/type\)$/)]);
  });

  it("refuses a definition whose $schema does not point at the format", async () => {
    const lines = lint(fixture({ "form-definitions/page.json": { ...basePage, $schema: "form-definition.schema.json" } }));
    expect(lines).toContainEqual(expect.stringContaining('"$schema" must point at schemas/form-definition.schema.json so editors check this file: write "../schemas/form-definition.schema.json" (/$schema)'));
  });

  it("refuses a question with no label and an unknown property", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "first_name", lable: "First" }])));
    expect(lines).toContainEqual(expect.stringContaining('"label" is required here (/items/6)'));
    expect(lines).toContainEqual(expect.stringContaining('unknown property "lable" (/items/6)'));
  });

  it("refuses an office time zone that is not an IANA name", async () => {
    const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: object };
    const lines = lint(fixture({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, time_zone: "Eastern" } } }));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/institution\.json:\d+:\d+: "Eastern" is not a time zone; write an IANA name such as America\/New_York \(\/institution\/time_zone\)$/)]);
  });

  it("refuses a reference prefix that is not capitals and digits", async () => {
    const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: object };
    const lines = lint(fixture({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, reference_prefix: "wu-" } } }));
    expect(lines).toEqual([expect.stringContaining('"wu-" does not have the expected form (^[A-Z0-9]{1,8}$) (/institution/reference_prefix)')]);
  });

  it("refuses a file that is not JSON", async () => {
    const lines = lint(fixture({ "form-definitions/page.json": '{ "page": "about", }' }));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/page\.json:1:1: not valid JSON: .+ \(\/\)$/)]);
  });
});
