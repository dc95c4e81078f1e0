import argon2 from "argon2";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword, isCommonPassword, OWASP_HASH_COST, setPasswordHashConcurrency, setPasswordHashCost, verifyPassword, verifyNothing } from "./passwords";

describe("the common-password block list", () => {
  it.each(["Password123!", "Basketball2025!", "Iloveyou-2008", "Qwerty123456!", "Football#2026"])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });
  it.each(["Quiet-Lantern-82", "Maple#Orbit-7391", "my dog Rex 2025!"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("password hashing", () => {
  // A test's server hashes at less (tests/server/harness.ts), and a worker's test files share this module.
  beforeEach(() => setPasswordHashCost(OWASP_HASH_COST));
  afterEach(() => setPasswordHashCost(OWASP_HASH_COST));

  it("stores Argon2id with a salt, and verifies only the right password", async () => {
    const [a, b] = [await hashPassword("Quiet-Lantern-82"), await hashPassword("Quiet-Lantern-82")];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "Quiet-Lantern-82")).toBe(true);
    expect(await verifyPassword(a, "Quiet-Lantern-83")).toBe(false);
    expect(await verifyPassword("not a hash", "Quiet-Lantern-82")).toBe(false);
  });

  it("hashes at the cost it is given from then on, and a hash made at another cost still verifies", async () => {
    const owasp = await hashPassword("Quiet-Lantern-82");
    setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });
    const least = await hashPassword("Quiet-Lantern-82");
    expect(least).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(owasp, "Quiet-Lantern-82")).toBe(true);
    expect(await verifyPassword(least, "Quiet-Lantern-82")).toBe(true);
    expect(await verifyNothing("Quiet-Lantern-82")).toBe(false);
  });
});

describe("hashes in turn (PASSWORD_HASH_CONCURRENCY)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setPasswordHashConcurrency(1);
  });

  /** Argon2's verify, watched: how many ran at once at most, and in which order they started. */
  function watchVerify(fail?: string) {
    const seen = { most: 0, started: [] as string[] };
    let running = 0;
    vi.spyOn(argon2, "verify").mockImplementation(async (_hash, password) => {
      seen.started.push(String(password));
      seen.most = Math.max(seen.most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      if (password === fail) throw new Error("a broken hash");
      return true;
    });
    return seen;
  }

  it("runs one hash at a time by default, the others waiting their turn in order", async () => {
    const seen = watchVerify();
    const results = await Promise.all(["a", "b", "c", "d"].map((password) => verifyPassword("hash", password)));
    expect(results).toEqual([true, true, true, true]);
    expect(seen.most).toBe(1);
    expect(seen.started).toEqual(["a", "b", "c", "d"]);
  });

  it("runs as many at once as configured", async () => {
    setPasswordHashConcurrency(2);
    const seen = watchVerify();
    await Promise.all(["a", "b", "c", "d", "e"].map((password) => verifyPassword("hash", password)));
    expect(seen.most).toBe(2);
  });

  it("passes the turn on when a hash fails", async () => {
    const seen = watchVerify("b");
    expect(await Promise.all(["a", "b", "c"].map((password) => verifyPassword("hash", password)))).toEqual([true, false, true]);
    expect(seen.started).toEqual(["a", "b", "c"]);
  });
});
