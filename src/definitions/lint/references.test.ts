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
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_usa", op: "equals", value: "N" };
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('condition reads "citizenship_usa", which no page asks for and is not in the data model (/items/2/showWhen/key)'));
  });

  it("refuses a clearOnHide naming an unknown key", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { clearOnHide: string[] }).clearOnHide = ["toefl"];
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('clearOnHide names "toefl", which is not an answer key of the data model (/items/2/clearOnHide/0)'));
  });

  it.each([
    ["lt on a text question", { key: "citizenship", op: "lt", value: 5 }, 'operator "lt" compares numbers or dates, but "citizenship" is a text question (/items/2/showWhen/op)'],
    ["in without a list", { key: "citizenship_us", op: "in", value: "N" }, 'operator "in" needs a list of values, e.g. ["3", "5"] (/items/2/showWhen/value)'],
    ["equals with a list", { key: "citizenship_us", op: "equals", value: ["N"] }, 'operator "equals" compares with one value, not a list; use "in" for a list (/items/2/showWhen/value)'],
    ["a value that is not an option", { key: "citizenship_us", op: "equals", value: "No" }, '"No" is not an option of "citizenship_us" (Y, N) (/items/2/showWhen/value)'],
    ["a boolean for a text question", { key: "first_name", op: "equals", value: true }, '"first_name" is a text question and never stores true (/items/2/showWhen/value)'],
    ["answered with a value", { key: "first_name", op: "answered", value: "x" }, 'operator "answered" takes no value (/items/2/showWhen/value)'],
    ["equals without a value", { key: "first_name", op: "equals" }, 'operator "equals" needs a value (/items/2/showWhen)'],
  ])("refuses a condition with %s", async (_name, condition, expected) => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = condition;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining(expected));
  });
});
