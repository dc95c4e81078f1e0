import { describe, expect, it } from "vitest";
import { failedPasswordRequirements, isConfirmationCode, isEmail, PASSWORD_SPECIAL_CHARACTERS } from "./accounts";

describe("password requirements", () => {
  it("passes a password meeting all six", () => {
    expect(failedPasswordRequirements("Quiet-Lantern-82")).toEqual([]);
  });

  it.each([
    ["Short-1a", "is at least 12 characters"],
    ["quiet-lantern-82", "contains at least one uppercase letter"],
    ["QUIET-LANTERN-82", "contains at least one lowercase letter"],
    ["Quiet-Lantern-xx", "contains at least one number"],
    ["QuietLantern82x", "contains at least one special character"],
    ["Quiet-Lantern-82 ", "contains no leading or trailing whitespace"],
    ["\tQuiet-Lantern-82", "contains no leading or trailing whitespace"],
  ])("%j fails only '%s'", (password, phrase) => {
    expect(failedPasswordRequirements(password)).toEqual([phrase]);
  });

  it("counts each special character of the spec's set, and nothing else", () => {
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(failedPasswordRequirements(`QuietLantern82${c}`), c).toEqual([]);
    expect(failedPasswordRequirements("QuietLantern82§")).toEqual(["contains at least one special character"]);
  });

  it("lists every failure of the empty password but the whitespace one", () => {
    expect(failedPasswordRequirements("")).toHaveLength(5);
  });
});

describe("e-mail addresses and codes", () => {
  it.each(["ana@example.com", "ana.maria+apply@mail.example.co.uk"])("accepts %s", (address) => expect(isEmail(address)).toBe(true));
  it.each(["ana", "ana@", "@example.com", "ana@example", "ana maria@example.com", `${"a".repeat(250)}@example.com`])("refuses %s", (address) => {
    expect(isEmail(address)).toBe(false);
  });
  it("takes exactly six digits as a code", () => {
    expect(["123456", "000000"].map(isConfirmationCode)).toEqual([true, true]);
    expect(["12345", "1234567", "12345a", " 123456", "１２３４５６"].map(isConfirmationCode)).toEqual([false, false, false, false, false]);
  });
});
