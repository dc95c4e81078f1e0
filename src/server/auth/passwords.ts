import argon2 from "argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/** ~49,000 passwords seen most often in breaches (zxcvbn's list). */
const common = new Set(dictionary["passwords-common"]);

/**
 * Refuses a common password even when decorated to pass the rules: "Password123!" and
 * "Basketball2025!" are "password" and "basketball" with digits and a symbol added.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^\p{L}]/gu, "");
  return common.has(lower) || (letters.length >= 4 && common.has(letters));
}

// Argon2id with OWASP's parameters (19 MiB, 2 passes): each hash holds a core for a while, which is
// why they take turns (below).
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(password, options));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/**
 * Argon2 runs on libuv's threads (four), on the same cores as the event loop: in the deadline
 * rehearsal a wave of logins took every core, and every save waited behind it. At most
 * `concurrency` hashes run at once in a process (PASSWORD_HASH_CONCURRENCY); the others wait
 * their turn, first come first served.
 */
const turns = { concurrency: 1, running: 0, waiting: [] as (() => void)[] };

export function setPasswordHashConcurrency(concurrency: number): void {
  turns.concurrency = Math.max(1, concurrency);
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (turns.running < turns.concurrency) turns.running++;
  else await new Promise<void>((resolve) => turns.waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes to the next in line, or is given back.
    const next = turns.waiting.shift();
    if (next) next();
    else turns.running--;
  }
}

/** Spent on an unknown address, so a failed login takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("a dummy password nobody has");
  await verifyPassword(await dummyHash, password);
  return false;
}
