import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("keys that conditions, fills and clear lists name", () => {
  it("refuses a lookup that fills a key outside the data model", async () => {
    const lookup = { type: "lookup", key: "first_name", label: "School", category: "hs_ceeb", fills: { name: "first_name", ceeb: "school_code" } };
    const lines = lint(fixture(page((items) => [lookup, ...items.slice(1)])));
    expect(lines).toContainEqual(expect.stringContaining('lookup fills answer key "school_code", which is not in the data model (/items/0/fills/ceeb)'));
  });

  it("refuses a condition on a key no page asks for", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "passport_number", op: "answered" };
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:22:9: condition reads "passport_number", which no page asks for and is not in the data model (/items/2/showWhen/key)']);
  });

  it("refuses a condition on a misspelled key, naming the key meant", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_su", op: "equals", value: "N" };
      return items;
    })));
    expect(lines).toEqual(["form-definitions/page.json:22:9: condition reads \"citizenship_su\", which no page asks for and is not in the data model; did you mean `citizenship_us`? (/items/2/showWhen/key)"]);
  });

  it("refuses a clearOnHide naming an unknown key", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { clearOnHide: string[] }).clearOnHide = ["toefl"];
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:27:9: clearOnHide names "toefl", which no page asks for and is not in the data model (/items/2/clearOnHide/0)']);
  });

  it("refuses a clearOnHide naming a key of another page", async () => {
    const more = { $schema: "../schemas/form-definition.schema.json", page: "more", route: "/more", title: "More", step: 2, items: [{ type: "content", text: "Thanks.", hideWhen: { key: "first_name", op: "notAnswered" }, clearOnHide: ["citizenship"] }] };
    const lines = lint(fixture({ "form-definitions/more.json": more }));
    expect(lines).toEqual([`form-definitions/more.json:16:9: clearOnHide names "citizenship", which is asked on page "about": hiding this item would empty an answer out of the applicant's sight; name keys of page "more" only (/items/0/clearOnHide/0)`]);
  });

  it("refuses a condition comparing with a code the question does not offer, listing what it offers", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "in", value: ["N", "No"] };
      return items;
    })));
    expect(lines).toEqual(['form-definitions/page.json:24:9: "No" is not an option of "citizenship_us"; options offer `Y`, `N` (/items/2/showWhen/value)']);
  });

  it.each([
    ["lt on a text question", { key: "citizenship", op: "lt", value: 5 }, 'operator "lt" compares numbers or dates, but "citizenship" is a text question (/items/2/showWhen/op)'],
    ["in without a list", { key: "citizenship_us", op: "in", value: "N" }, 'operator "in" needs a list of values, e.g. ["3", "5"] (/items/2/showWhen/value)'],
    ["equals with a list", { key: "citizenship_us", op: "equals", value: ["N"] }, 'operator "equals" compares with one value, not a list; use "in" for a list (/items/2/showWhen/value)'],
    ["a value that is not an option", { key: "citizenship_us", op: "equals", value: "No" }, '"No" is not an option of "citizenship_us"; options offer `Y`, `N` (/items/2/showWhen/value)'],
    ["a boolean for a text question", { key: "first_name", op: "equals", value: true }, '"first_name" is a text question and never stores true: compare it with text in quotes (/items/2/showWhen/value)'],
    ["answered with a value", { key: "first_name", op: "answered", value: "x" }, 'operator "answered" takes no value (/items/2/showWhen/value)'],
    ["equals without a value", { key: "first_name", op: "equals" }, 'operator "equals" needs a value (/items/2/showWhen)'],
    ["startsWith with a list", { key: "citizenship_us", op: "startsWith", value: ["Y"] }, 'operator "startsWith" compares with one value, not a list; use "in" for a list (/items/2/showWhen/value)'],
    ["startsWith with a number", { key: "first_name", op: "startsWith", value: 4 }, 'operator "startsWith" compares with the first letters of a code or a text, in quotes: "FA" for any fall term (/items/2/showWhen/value)'],
    ["startsWith on a number question", { key: "toefl_score", op: "startsWith", value: "8" }, 'operator "startsWith" reads the first letters of a code or a text, but "toefl_score" is a number question (/items/2/showWhen/op)'],
    ["startsWith no option begins with", { key: "citizenship_us", op: "startsWith", value: "y" }, 'no option of "citizenship_us" begins with "y"; options offer `Y`, `N` (/items/2/showWhen/value)'],
  ])("refuses a condition with %s", async (_name, condition, expected) => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = condition;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining(expected));
  });
});
