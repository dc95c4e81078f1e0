import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("comparisons by question type", () => {
  it("accepts lt on a number question", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "sibling_age", op: "lt", value: 18 };
      return items;
    })));
    expect(lines).toEqual([]);
  });
});
