// The SQL of accounts: users, their sign-up attempts (migration 004), password resets and the
// record of logins. Values in, values out: what a result means to an applicant is the accounts
// service's to say (accounts/service.ts).
import { endEverySession } from "../auth/sessions";
import { forgetLogin } from "../auth/throttle";
import type { Database, Queryable } from "../db/database";

export interface NewAttempt {
  username: string;
  passwordHash: string;
  attemptIdHash: string;
  /** The hash of the attempt's code, which names the user it belongs to. */
  codeHash: (userId: number) => string;
  codeExpiresAt: Date;
  expiresAt: Date;
  now: Date;
  /** The definition version its application starts on: the one the server runs. */
  version: string;
}

/**
 * Creates the account of `username` if there is none, and a sign-up attempt beside any earlier
 * ones unless the account is confirmed: whoever made each keeps it, with its own password.
 * Answers whether an attempt was made (false: the address has a confirmed account).
 */
export async function addSignupAttempt(db: Database, attempt: NewAttempt): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      "INSERT INTO users (username, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (username) DO NOTHING RETURNING id",
      [attempt.username, attempt.passwordHash, attempt.now],
    );
    if (created) await tx.query("INSERT INTO applications (user_id, updated_at, version) VALUES ($1, $2, $3)", [created.id, attempt.now, attempt.version]);
    const [user] = created ? [{ id: created.id, confirmed: false }] : await tx.query<{ id: number; confirmed: boolean }>(
      "SELECT id, confirmed_at IS NOT NULL AS confirmed FROM users WHERE username = $1 FOR UPDATE", [attempt.username]);
    if (user!.confirmed) return false;
    await tx.query("INSERT INTO signup_attempts (id_hash, user_id, password_hash, code_hash, code_expires_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [attempt.attemptIdHash, user!.id, attempt.passwordHash, attempt.codeHash(user!.id), attempt.codeExpiresAt, attempt.expiresAt]);
    return true;
  });
}

/**
 * Confirms the account with the attempt's code: the attempt's password, and no other attempt's,
 * becomes the account's. A wrong code counts against the attempt; after `maxFailures` wrong codes,
 * or once the code expired, no code confirms. Answers whether the account was confirmed.
 */
export async function confirmWithAttempt(
  db: Database,
  { attemptIdHash, username, now, maxFailures }: { attemptIdHash: string; username: string; now: Date; maxFailures: number },
  isCode: (userId: number, codeHash: string) => boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: number; password_hash: string; code_hash: string; expires_at: Date; failed_attempts: number }>(
      `SELECT a.user_id, a.password_hash, a.code_hash, a.code_expires_at AS expires_at, a.failed_attempts FROM signup_attempts a JOIN users u ON u.id = a.user_id
       WHERE a.id_hash = $1 AND u.username = $2 AND u.confirmed_at IS NULL FOR UPDATE OF a`, [attemptIdHash, username]);
    if (!row || row.expires_at <= now || row.failed_attempts >= maxFailures) return false;
    if (!isCode(row.user_id, row.code_hash)) {
      await tx.query("UPDATE signup_attempts SET failed_attempts = failed_attempts + 1 WHERE id_hash = $1", [attemptIdHash]);
      return false;
    }
    await tx.query("UPDATE users SET password_hash = $2, confirmed_at = $3 WHERE id = $1", [row.user_id, row.password_hash, now]);
    await tx.query("DELETE FROM signup_attempts WHERE user_id = $1", [row.user_id]);
    return true;
  });
}

/** The user of a live attempt of `username`'s unconfirmed account, or null. */
export async function userOfLiveAttempt(db: Queryable, attemptIdHash: string, username: string, now: Date): Promise<number | null> {
  const [attempt] = await db.query<{ user_id: number }>(
    "SELECT a.user_id FROM signup_attempts a JOIN users u ON u.id = a.user_id WHERE a.id_hash = $1 AND u.username = $2 AND u.confirmed_at IS NULL AND a.expires_at > $3",
    [attemptIdHash, username, now]);
  return attempt?.user_id ?? null;
}

/** A new code for the attempt: the old one stops working, and the count of wrong codes starts over. */
export async function renewAttemptCode(db: Queryable, attemptIdHash: string, codeHash: string, codeExpiresAt: Date, expiresAt: Date): Promise<void> {
  await db.query("UPDATE signup_attempts SET code_hash = $2, code_expires_at = $3, expires_at = $4, failed_attempts = 0 WHERE id_hash = $1",
    [attemptIdHash, codeHash, codeExpiresAt, expiresAt]);
}

export interface LoginUser { id: number; passwordHash: string; isConfirmed: boolean }

export async function userByName(db: Queryable, username: string): Promise<LoginUser | null> {
  const [user] = await db.query<{ id: number; password_hash: string; confirmed: boolean }>(
    "SELECT id, password_hash, confirmed_at IS NOT NULL AS confirmed FROM users WHERE username = $1", [username]);
  return user ? { id: user.id, passwordHash: user.password_hash, isConfirmed: user.confirmed } : null;
}

/** The newest `limit` live attempts of an unconfirmed account. */
export async function liveAttempts(db: Queryable, userId: number, now: Date, limit: number): Promise<{ idHash: string; passwordHash: string }[]> {
  const rows = await db.query<{ id_hash: string; password_hash: string }>(
    "SELECT id_hash, password_hash FROM signup_attempts WHERE user_id = $1 AND expires_at > $2 ORDER BY expires_at DESC LIMIT $3",
    [userId, now, limit]);
  return rows.map((row) => ({ idHash: row.id_hash, passwordHash: row.password_hash }));
}

/** Gives the attempt a new id (its new holder's). */
export async function moveAttempt(db: Queryable, idHash: string, newIdHash: string): Promise<void> {
  await db.query("UPDATE signup_attempts SET id_hash = $2 WHERE id_hash = $1", [idHash, newIdHash]);
}

export async function recordLogin(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query("INSERT INTO successful_logins (user_id, logged_in_at) VALUES ($1, $2)", [userId, now]);
}

export async function userIdByName(db: Queryable, username: string): Promise<number | null> {
  const [user] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]);
  return user?.id ?? null;
}

export async function addPasswordReset(db: Queryable, idHash: string, userId: number, expiresAt: Date): Promise<void> {
  await db.query("INSERT INTO password_resets (id_hash, user_id, expires_at) VALUES ($1, $2, $3)", [idHash, userId, expiresAt]);
}

/** Whether `username`'s account has a live (unused, unexpired) reset with this id, without using it. */
export async function isResetLive(db: Queryable, { idHash, username, now }: { idHash: string; username: string; now: Date }): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM password_resets WHERE id_hash = $1 AND user_id = (SELECT id FROM users WHERE username = $2) AND expires_at > $3",
    [idHash, username, now]);
  return rows.length > 0;
}

/**
 * Sets the password with a live reset of `username`'s account and uses it up; a refused (expired)
 * reset is left as it was. The mail proved the address, so a reset also confirms an unconfirmed
 * account; it ends every session and the account's login counts (`loginScope`, auth/throttle.ts). Answers
 * whether the reset was live.
 */
export async function resetPassword(
  db: Database,
  { idHash, username, passwordHash, now, loginScope }: { idHash: string; username: string; passwordHash: string; now: Date; loginScope: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ user_id: number }>(
      "DELETE FROM password_resets WHERE id_hash = $1 AND user_id = (SELECT id FROM users WHERE username = $2) AND expires_at > $3 RETURNING user_id",
      [idHash, username, now]);
    if (!reset) return false;
    await tx.query("UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3) WHERE id = $1", [reset.user_id, passwordHash, now]);
    await tx.query("DELETE FROM password_resets WHERE user_id = $1", [reset.user_id]);
    await tx.query("DELETE FROM signup_attempts WHERE user_id = $1", [reset.user_id]);
    await endEverySession(tx, reset.user_id);
    await forgetLogin(tx, loginScope, username);
    return true;
  });
}
