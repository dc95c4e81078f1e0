import { describe, expect, it } from "vitest";
import { formatPhone, formatSsn } from "./format";

describe("phone and SSN formatting", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5552", "(555) 2"],
    ["555201", "(555) 201"],
    ["5552014", "(555) 201-4"],
    ["5552014400", "(555) 201-4400"],
    ["55520144001234", "(555) 201-4400"],
    ["(555) 201-4400", "(555) 201-4400"],
    ["555.201.4400 ext", "(555) 201-4400"],
    ["phone", ""],
  ])("formats the phone number typed as %j into %j", (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it.each([
    ["", ""],
    ["123", "123"],
    ["1234", "123-4"],
    ["12345", "123-45"],
    ["123456", "123-45-6"],
    ["123456789", "123-45-6789"],
    ["1234567890", "123-45-6789"],
    ["123-45-6789", "123-45-6789"],
  ])("formats the SSN typed as %j into %j", (typed, shown) => {
    expect(formatSsn(typed)).toBe(shown);
  });
});
