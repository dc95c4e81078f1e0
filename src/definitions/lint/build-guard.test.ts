import { afterEach, describe, expect, it } from "vitest";
import { refuseLintErrors } from "./build-guard";
import { fixture, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const fail = (message: string): never => {
  throw new Error(message);
};

describe("the browser build", () => {
  it("refuses to bundle definitions with a misspelled operator, printing the finding", () => {
    const root = fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "notin", value: ["Y"] };
      return items;
    }));
    expect(() => refuseLintErrors(root).buildStart.call({ error: fail })).toThrow(
      "the definitions have lint errors; the browser would meet them:\n" +
      "form-definitions/page.json:23:9: unknown operator \"notin\"; did you mean `notIn`? (/items/2/showWhen/op)",
    );
  });

  it("bundles definitions the linter passes", () => {
    expect(refuseLintErrors(fixture()).buildStart.call({ error: fail })).toBeUndefined();
  });
});
