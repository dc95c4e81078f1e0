import { describe, expect, it } from "vitest";
import { officeDateTime } from "./dates";

describe("the office's date and time", () => {
  it("writes an instant in the office's zone, with the zone's short name", () => {
    expect(officeDateTime(new Date("2026-11-22T12:00:00Z"), "America/New_York")).toBe("November 22, 2026 at 7:00 AM EST");
    expect(officeDateTime(new Date("2026-07-04T16:05:00Z"), "America/New_York")).toBe("July 4, 2026 at 12:05 PM EDT");
  });

  it("writes the office's day, not the server's: just after midnight UTC is still the evening before in New York", () => {
    expect(officeDateTime(new Date("2026-12-01T03:30:00Z"), "America/New_York")).toBe("November 30, 2026 at 10:30 PM EST");
  });
});
