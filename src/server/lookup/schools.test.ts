import { describe, expect, it } from "vitest";
import { isOneSlipAway } from "./schools";

describe("a typed word one slip from a school's word", () => {
  it("is one letter missing, added or changed, or two neighbours swapped", () => {
    expect(isOneSlipAway("dyaton", "dayton")).toBe(true);
    expect(isOneSlipAway("daytno", "dayton")).toBe(true);
    expect(isOneSlipAway("dayon", "dayton")).toBe(true);
    expect(isOneSlipAway("ayton", "dayton")).toBe(true);
    expect(isOneSlipAway("daytonn", "dayton")).toBe(true);
    expect(isOneSlipAway("dayten", "dayton")).toBe(true);
    expect(isOneSlipAway("jefferon", "jefferson")).toBe(true);
  });

  it("is not the word itself, nor two slips, nor a letter moved further", () => {
    expect(isOneSlipAway("dayton", "dayton")).toBe(false);
    expect(isOneSlipAway("dyatno", "dayton")).toBe(false);
    expect(isOneSlipAway("dayt", "dayton")).toBe(false);
    expect(isOneSlipAway("aytond", "dayton")).toBe(false);
    expect(isOneSlipAway("dtayon", "dayton")).toBe(false);
  });
});
