import { describe, expect, test } from "vitest";
import { instantInTimeZone } from "./office-time";

describe("a date and time typed in the office's time zone", () => {
  test("is the instant New York's clocks show it, in winter and in summer time", () => {
    expect(instantInTimeZone("2027-01-15T12:00", "America/New_York")).toBe("2027-01-15T17:00:00.000Z");
    expect(instantInTimeZone("2027-03-15T12:00", "America/New_York")).toBe("2027-03-15T16:00:00.000Z");
    expect(instantInTimeZone("2027-03-15T12:00:30", "America/New_York")).toBe("2027-03-15T16:00:30.000Z");
  });

  test("counts the day the clocks change by the clocks' own time", () => {
    expect(instantInTimeZone("2027-03-14T01:59", "America/New_York")).toBe("2027-03-14T06:59:00.000Z");
    expect(instantInTimeZone("2027-03-14T03:00", "America/New_York")).toBe("2027-03-14T07:00:00.000Z");
    expect(instantInTimeZone("2027-11-07T00:30", "America/New_York")).toBe("2027-11-07T04:30:00.000Z");
    expect(instantInTimeZone("2027-11-07T02:00", "America/New_York")).toBe("2027-11-07T07:00:00.000Z");
  });

  test("takes a time skipped in spring one hour later, and a time shown twice in autumn as its first showing", () => {
    expect(instantInTimeZone("2027-03-14T02:30", "America/New_York")).toBe("2027-03-14T07:30:00.000Z");
    expect(instantInTimeZone("2027-11-07T01:30", "America/New_York")).toBe("2027-11-07T05:30:00.000Z");
  });

  test("works for zones ahead of UTC, by half hours, and south of the equator", () => {
    expect(instantInTimeZone("2027-03-15T12:00", "Asia/Kolkata")).toBe("2027-03-15T06:30:00.000Z");
    expect(instantInTimeZone("2027-01-15T12:00", "Australia/Sydney")).toBe("2027-01-15T01:00:00.000Z");
    expect(instantInTimeZone("2027-07-15T12:00", "Australia/Sydney")).toBe("2027-07-15T02:00:00.000Z");
    expect(instantInTimeZone("2027-03-15T12:00", "UTC")).toBe("2027-03-15T12:00:00.000Z");
  });

  test("is null for what is not a date and time", () => {
    expect(instantInTimeZone("", "America/New_York")).toBeNull();
    expect(instantInTimeZone("2027-03-15", "America/New_York")).toBeNull();
    expect(instantInTimeZone("2027-02-30T12:00", "America/New_York")).toBeNull();
    expect(instantInTimeZone("2027-13-15T12:00", "America/New_York")).toBeNull();
    expect(instantInTimeZone("2027-03-15T24:00", "America/New_York")).toBeNull();
    expect(instantInTimeZone("2027-03-15T12:60", "America/New_York")).toBeNull();
  });
});
