// The SQL of what applicants do with their own account (accounts/own-account.ts): a change of
// e-mail address waiting for its code (migration 010), a new password, everything held about
// them, and deleting it all. Values in, values out.
import type { Answers } from "../../engine/runtime";
import type { Database, Queryable } from "../db/database";
import { loginsOf } from "./applications";
import { documentsOf, type DocumentRow } from "./documents";

/** A new pending change of address for the account, replacing any earlier one and its code. */
export async function startEmailChange(db: Queryable, change: { userId: number; newUsername: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO email_changes (user_id, new_username, code_hash, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET new_username = $2, code_hash = $3, expires_at = $4, failed_attempts = 0`,
    [change.userId, change.newUsername, change.codeHash, change.expiresAt]);
}

/** The account's pending change, if any, stops: its code no longer works. */
export async function dropEmailChange(db: Queryable, userId: number): Promise<void> {
  await db.query("DELETE FROM email_changes WHERE user_id = $1", [userId]);
}

/** Whether a confirmed account has this address (an unconfirmed one is nobody's yet). */
export async function isAddressTaken(db: Queryable, username: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM users WHERE username = $1 AND confirmed_at IS NOT NULL", [username])).length > 0;
}

export type EmailChangeResult =
  | { ok: true; value: { oldUsername: string; newUsername: string } }
  | { ok: false; code: "codeWrong" | "emailTaken" };

/**
 * Changes the account's address to the pending one when `isCode` accepts the stored code: 10
 * minutes, `maxFailures` wrong codes. An unconfirmed account of the new address goes (the code
 * proved the mailbox is this applicant's); a confirmed one refuses. Reset links mailed to the old
 * address stop working.
 */
export async function finishEmailChange(
  db: Database,
  { userId, now, maxFailures }: { userId: number; now: Date; maxFailures: number },
  isCode: (newUsername: string, codeHash: string) => boolean,
): Promise<EmailChangeResult> {
  return db.transaction(async (tx) => {
    const [change] = await tx.query<{ new_username: string; code_hash: string; expires_at: Date; failed_attempts: number }>(
      "SELECT new_username, code_hash, expires_at, failed_attempts FROM email_changes WHERE user_id = $1 FOR UPDATE", [userId]);
    if (!change || change.expires_at <= now || change.failed_attempts >= maxFailures) return { ok: false, code: "codeWrong" } as const;
    if (!isCode(change.new_username, change.code_hash)) {
      await tx.query("UPDATE email_changes SET failed_attempts = failed_attempts + 1 WHERE user_id = $1", [userId]);
      return { ok: false, code: "codeWrong" } as const;
    }
    if (await isAddressTaken(tx, change.new_username)) return { ok: false, code: "emailTaken" } as const;
    await tx.query("DELETE FROM email_changes WHERE user_id = $1", [userId]);
    await tx.query("DELETE FROM users WHERE username = $1 AND confirmed_at IS NULL", [change.new_username]);
    const [old] = await tx.query<{ username: string }>("SELECT username FROM users WHERE id = $1", [userId]);
    await tx.query("UPDATE users SET username = $2 WHERE id = $1", [userId, change.new_username]);
    await tx.query("DELETE FROM password_resets WHERE user_id = $1", [userId]);
    return { ok: true, value: { oldUsername: old!.username, newUsername: change.new_username } } as const;
  });
}

/** The new password; every other session of the account ends, and reset links stop working. */
export async function setPassword(db: Database, userId: number, passwordHash: string, keptSessionHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [userId, passwordHash]);
    await tx.query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2", [userId, keptSessionHash]);
    await tx.query("DELETE FROM password_resets WHERE user_id = $1", [userId]);
  });
}

/** Everything held about an applicant (their own-data download). */
export interface OwnData {
  account: { email: string; created_at: Date; confirmed_at: Date | null; logins: Date[] };
  application: {
    answers: Answers;
    web_status: { web_status: string; created_at: string }[];
    last_page: string | null;
    tabs: Record<string, string>;
    add_another: Record<string, number>;
    submitted_at: Date | null;
    reference: string | null;
    updated_at: Date;
  };
  documents: DocumentRow[];
}

export async function ownData(db: Queryable, userId: number): Promise<OwnData> {
  const [account] = await db.query<{ email: string; created_at: Date; confirmed_at: Date | null }>(
    "SELECT username AS email, created_at, confirmed_at FROM users WHERE id = $1", [userId]);
  const [application] = await db.query<OwnData["application"]>(
    "SELECT answers, web_status, last_page, tabs, add_another, submitted_at, reference, updated_at FROM applications WHERE user_id = $1", [userId]);
  const logins = await loginsOf(db, userId);
  return { account: { ...account!, logins: logins.map((row) => row.logged_in_at) }, application: application!, documents: await documentsOf(db, userId) };
}

export type DeleteResult = { ok: true; value: { storageKeys: string[] } } | { ok: false; code: "submitted" };

/**
 * Deletes the account and everything of it (the foreign keys cascade: application, documents'
 * rows, sessions, logins, upload keys, the PDF copy's row) unless the application is submitted;
 * answers the stored files it named, for the caller to remove. The row lock orders it with a
 * submit racing it: one of the two wins.
 */
export async function deleteAccount(db: Database, userId: number): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const [application] = await tx.query<{ submitted: boolean }>(
      "SELECT submitted_at IS NOT NULL AS submitted FROM applications WHERE user_id = $1 FOR UPDATE", [userId]);
    if (application?.submitted) return { ok: false, code: "submitted" } as const;
    const keys = await tx.query<{ key: string }>(
      `SELECT upload_key AS key FROM document_answers WHERE user_id = $1
       UNION SELECT pdf_key FROM document_answers WHERE user_id = $1 AND pdf_key IS NOT NULL
       UNION SELECT pdf_key FROM pdf_copies WHERE user_id = $1 AND pdf_key IS NOT NULL
       UNION SELECT storage_key FROM upload_keys WHERE user_id = $1`, [userId]);
    await tx.query("DELETE FROM users WHERE id = $1", [userId]);
    return { ok: true, value: { storageKeys: keys.map((row) => row.key) } } as const;
  });
}
