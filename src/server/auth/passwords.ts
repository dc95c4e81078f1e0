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

/** Argon2id's memory (KiB) and passes for a new hash; a stored hash names its own. */
export interface PasswordHashCost { memoryCost: number; timeCost: number }

/**
 * OWASP's parameters (19 MiB, 2 passes), what every server hashes with: only a test's server is
 * given less (Config.passwordHashCost, which no setting reads). Each hash holds a core for a
 * while, which is why they take turns (below).
 */
export const OWASP_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };
let cost = OWASP_HASH_COST;

/** The cost of the hashes made from now on in this process (app.ts, from the server's config). */
export function setPasswordHashCost(next: PasswordHashCost): void {
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  const options = { type: argon2.argon2id, parallelism: 1, ...cost } as const;
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

/** Spent on an unknown address, so a failed login takes as long as a wrong password (one made at today's cost). */
let dummy: { cost: PasswordHashCost; hash: Promise<string> } | undefined;
export async function verifyNothing(password: string): Promise<false> {
  if (dummy?.cost !== cost) dummy = { cost, hash: hashPassword("a dummy password nobody has") };
  await verifyPassword(await dummy.hash, password);
  return false;
}
