import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";

describe("the common-password block list", () => {
  it.each(["Password123!", "Basketball2025!", "Iloveyou-2008", "Qwerty123456!", "Football#2026"])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });
  it.each(["Quiet-Lantern-82", "Maple#Orbit-7391", "my dog Rex 2025!"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("password hashing", () => {
  it("stores Argon2id with a salt, and verifies only the right password", async () => {
    const [a, b] = [await hashPassword("Quiet-Lantern-82"), await hashPassword("Quiet-Lantern-82")];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "Quiet-Lantern-82")).toBe(true);
    expect(await verifyPassword(a, "Quiet-Lantern-83")).toBe(false);
    expect(await verifyPassword("not a hash", "Quiet-Lantern-82")).toBe(false);
  });
});
