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

  it("names a misspelled property once, at the property, with the one meant", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "first_name", lable: "First" }])));
    expect(lines).toEqual(["form-definitions/page.json:103:7: unknown property \"lable\"; did you mean `label`? (/items/6/lable)"]);
  });

  it("refuses a question with no label", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "first_name", hint: "First" }])));
    expect(lines).toEqual([
      'form-definitions/page.json:100:5: "label" is required here (/items/6)',
      'form-definitions/page.json:103:7: unknown property "hint" (/items/6/hint)',
    ]);
  });

  it("names a misspelled operator in one line with the one meant", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "notin", value: ["Y"] };
      return items;
    })));
    expect(lines).toEqual(["form-definitions/page.json:23:9: unknown operator \"notin\"; did you mean `notIn`? (/items/2/showWhen/op)"]);
  });

  it("names a misspelled operator deep inside any and not", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { any: [{ key: "citizenship_us", op: "equals", value: "N" }, { not: { key: "first_name", op: "answerd" } }] };
      return items;
    })));
    expect(lines).toEqual(["form-definitions/page.json:31:15: unknown operator \"answerd\"; did you mean `answered`? (/items/2/showWhen/any/1/not/op)"]);
  });

  it("lists the operators when nothing written is close to one", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "contains", value: "Y" };
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:23:9: unknown operator "contains"; use one of equals, notEquals, lt, lte, gt, gte, in, notIn, startsWith, answered, notAnswered (/items/2/showWhen/op)']);
  });

  it("refuses a compared value that is neither text, number nor true/false once", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "in", value: [{ code: "N" }] };
      return items;
    })));
    expect(lines).toEqual(["form-definitions/page.json:25:11: must be text, a number or true/false (/items/2/showWhen/value/0)"]);
  });

  it("refuses an option list named without its folder", async () => {
    const lines = lint(fixture(page((items) => {
      (items[1] as { options: string }).options = "yes-no.json";
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:17:7: an option list file is named with its folder: write "options/yes-no.json" (/items/1/options)']);
  });

  it("refuses an office time zone that is not an IANA name", async () => {
    const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: object };
    const lines = lint(fixture({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, time_zone: "Eastern" } } }));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/institution\.json:\d+:\d+: "Eastern" is not a time zone: write an IANA name such as America\/New_York \(\/institution\/time_zone\)$/)]);
  });

  it("refuses a reference prefix that is not capitals and digits", async () => {
    const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: object };
    const lines = lint(fixture({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, reference_prefix: "wu-" } } }));
    expect(lines).toEqual([expect.stringContaining('"wu-" must be 1 to 8 capital letters or digits: write "WU" (/institution/reference_prefix)')]);
  });

  it("names a trailing comma at its line and column", async () => {
    const text = '{\n  "page": "about",\n  "items": [\n    { "type": "text" },\n  ]\n}\n';
    const lines = lint(fixture({ "form-definitions/page.json": text }));
    expect(lines).toEqual(['form-definitions/page.json:4:23: not valid JSON: a trailing comma; delete the "," before "]" (/)']);
  });

  it("names a missing comma at its line and column", async () => {
    const text = '{\n  "page": "about"\n  "route": "/about"\n}\n';
    const lines = lint(fixture({ "form-definitions/page.json": text }));
    expect(lines).toEqual(['form-definitions/page.json:3:3: not valid JSON: expected "," between two values (/)']);
  });

  it("prints GitHub annotations at the same line and column", async () => {
    const lines = lint(fixture({ "form-definitions/page.json": '{ "page": "about", }' }), "github");
    expect(lines).toEqual(['::error file=form-definitions/page.json,line=1,col=18,title=lint-definitions::not valid JSON: a trailing comma; delete the "," before "}" (/)']);
  });
});
