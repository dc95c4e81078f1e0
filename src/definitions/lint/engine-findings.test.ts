import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const yesNo = JSON.parse(readFileSync(join(base, "form-definitions/options/yes-no.json"), "utf8")) as object;
const months = { $schema: "../../schemas/form-definition.schema.json", options: [{ value: "1", label: "January" }] };
/** The base fixture with the files `lists` added and the yes/no question naming `named`. */
const optionFiles = (named: string, lists: Record<string, object>) => fixture({
  ...Object.fromEntries(Object.entries(lists).map(([name, list]) => [`form-definitions/${name}`, list])),
  ...page((items) => {
    (items[1] as { options: string }).options = named;
    return items;
  }),
});

describe("an option list that does not exist", () => {
  it("suggests the file it was renamed to, which no page names yet, not a file near in letters", () => {
    const root = optionFiles("options/countries.json", { "options/months.json": months, "options/country-list.json": yesNo });
    expect(lint(root)).toEqual([
      "form-definitions/page.json:17:7: option list \"options/countries.json\" does not exist; did you mean `options/country-list.json`? (the option lists are options/country-list.json, options/months.json, options/yes-no.json) (/items/1/options)",
    ]);
  });

  it("suggests, of the files sharing its words, one nothing names yet", () => {
    const address = JSON.parse(readFileSync(join(base, "form-definitions/address.json"), "utf8")) as { items: { options?: unknown }[] };
    address.items[0]!.options = "options/family-relationships.json";
    const root = optionFiles("options/relationships.json", {
      "options/family-relationships.json": yesNo, "options/student-relationships.json": yesNo, "address.json": address,
    });
    expect(lint(root)).toEqual([
      "form-definitions/page.json:17:7: option list \"options/relationships.json\" does not exist; did you mean `options/student-relationships.json`? (the option lists are options/family-relationships.json, options/student-relationships.json, options/yes-no.json) (/items/1/options)",
    ]);
  });

  it("suggests nothing when no file is near in letters or words, and lists the files there are", () => {
    const root = optionFiles("options/majors.json", { "options/months.json": months });
    expect(lint(root)).toEqual([
      'form-definitions/page.json:17:7: option list "options/majors.json" does not exist (the option lists are options/months.json, options/yes-no.json) (/items/1/options)',
    ]);
  });
});
