import { describe, expect, it } from "vitest";
import { didYouMean, offered } from "./suggest";

describe("suggestions", () => {
  it("names the word meant for a slip of case, a swap or a missing letter", () => {
    expect(didYouMean("notin", ["in", "notIn", "equals"])).toBe("; did you mean `notIn`?");
    expect(didYouMean("lable", ["label", "help"])).toBe("; did you mean `label`?");
    expect(didYouMean("equal", ["equals", "notEquals"])).toBe("; did you mean `equals`?");
  });

  it("suggests nothing when no word is close", () => {
    expect(didYouMean("contains", ["in", "notIn", "equals"])).toBe("");
  });

  it("lists every code of a short list and the nearest three of a long one", () => {
    expect(offered("No", ["Y", "N"])).toBe("`Y`, `N`");
    const terms = ["FA27", "SP27", "SU27", "FA28", "SP28", "SU28", "FA29", "SP29", "SU29"];
    expect(offered("FA26", terms)).toBe("`FA27`, `FA28`, `FA29` (nearest of 9)");
  });
});
