import type { Queryable } from "../db/database";

/**
 * Counters in the database, shared by every server copy: `hit` adds one to `key` in a window
 * that starts at the first hit; the window ends `windowMs` later and the count starts over.
 */
export async function hit(db: Queryable, key: string, windowMs: number, now: Date): Promise<number> {
  return (await count(db, key, windowMs, now)).hits;
}

async function forget(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM throttles WHERE key = $1", [key]);
}

/** One more hit in `key`'s window, in one statement: the hits so far and when the window ends. */
async function count(db: Queryable, key: string, windowMs: number, now: Date): Promise<{ hits: number; windowEndsAt: Date }> {
  const [row] = await db.query<{ hits: number; window_ends_at: Date }>(
    `INSERT INTO throttles (key, hits, window_ends_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN throttles.window_ends_at <= $3 THEN 1 ELSE throttles.hits + 1 END,
       window_ends_at = CASE WHEN throttles.window_ends_at <= $3 THEN $2 ELSE throttles.window_ends_at END
     RETURNING hits, window_ends_at`,
    [key, new Date(now.getTime() + windowMs), now],
  );
  return { hits: row!.hits, windowEndsAt: row!.window_ends_at };
}

/**
 * A login's limits, each in a window of `windowMs` from its first failure: the failures of one
 * account from one address, of one address over all accounts (an office behind one address still
 * has room; a guesser trying many accounts does not), and of one account over all addresses (a
 * ceiling only an attack from many addresses reaches: each address brings at most
 * `perAccountAddress` of them).
 */
const LOGIN_LIMITS = { windowMs: 15 * 60_000, perAccountAddress: 5, perAddress: 50, perAccount: 100 } as const;

export interface LoginGate {
  /** 0: the attempt may be checked; else how long it must wait, in ms. */
  wait: number;
  /** The attempt is the first its window refuses (the one a refusal's audit row is written for; the rest are counted only). */
  isFirstRefused: boolean;
  /** This attempt took the account over its ceiling: many addresses are guessing its password. */
  isCeilingReached: boolean;
  /** A right password is no failure: the pair's count starts over, the address's and the account's take it back. */
  pass(): Promise<void>;
}

/** A new password ends its account's counts, from every address: the guesses were at the old one. */
export async function forgetLogin(db: Queryable, scope: string, account: string): Promise<void> {
  await db.query("DELETE FROM throttles WHERE key = $1 OR left(key, length($2)) = $2", [`${scope}:account:${account}`, `${scope}:pair:${account} `]);
}

/**
 * Counts a login attempt at `account` from `address` and decides, before its password is checked,
 * whether it may be: of many attempts at once, no more than the limits are tried. A storm from one
 * address slows that address down and leaves the account's owner free to log in from elsewhere:
 * what one address refused does not count against the account. Past the account's ceiling,
 * `isFamiliar` (an address its owner has logged in from before) still passes.
 */
export async function takeLogin(
  db: Queryable, scope: string, account: string, address: string, now: Date, isFamiliar: () => Promise<boolean> = async () => false,
): Promise<LoginGate> {
  const keys = { pair: `${scope}:pair:${account} ${address}`, address: `${scope}:address:${address}`, account: `${scope}:account:${account}` };
  const pass = async () => {
    await forget(db, keys.pair);
    await giveBack(db, keys.address);
    await giveBack(db, keys.account);
  };
  const refused = (hits: number, limit: number, windowEndsAt: Date, isCeilingReached = false): LoginGate =>
    ({ wait: windowEndsAt.getTime() - now.getTime(), isFirstRefused: hits === limit + 1, isCeilingReached, pass });
  const { windowMs } = LOGIN_LIMITS;
  // The address first: every attempt from it counts there, so once it is over its limit nothing
  // else is counted, and no account's limit has a first refusal left to give.
  const fromAddress = await count(db, keys.address, windowMs, now);
  if (fromAddress.hits > LOGIN_LIMITS.perAddress) return refused(fromAddress.hits, LOGIN_LIMITS.perAddress, fromAddress.windowEndsAt);
  const pair = await count(db, keys.pair, windowMs, now);
  if (pair.hits > LOGIN_LIMITS.perAccountAddress) return refused(pair.hits, LOGIN_LIMITS.perAccountAddress, pair.windowEndsAt);
  const ofAccount = await count(db, keys.account, windowMs, now);
  if (ofAccount.hits > LOGIN_LIMITS.perAccount && !(await isFamiliar())) {
    return refused(ofAccount.hits, LOGIN_LIMITS.perAccount, ofAccount.windowEndsAt, ofAccount.hits === LOGIN_LIMITS.perAccount + 1);
  }
  return { wait: 0, isFirstRefused: false, isCeilingReached: false, pass };
}

/** Uncounts an attempt counted that turned out not to count (a right password). */
async function giveBack(db: Queryable, key: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM throttles WHERE key = $1 AND hits <= 1 RETURNING 1)
     UPDATE throttles SET hits = hits - 1 WHERE key = $1 AND hits > 1`,
    [key],
  );
}
