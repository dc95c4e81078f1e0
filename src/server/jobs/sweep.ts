// Rows whose time is over: removed hourly so the tables do not grow with every visit.
import { IDLE_MS, LIFETIME_MS, RENEWED_IDLE_MS } from "../auth/sessions";
import { exportJobKeys, sweepExportJobs } from "../data/export-jobs";
import type { Queryable } from "../db/database";
import { removeFiles, withDerived } from "../convert/documents";
import type { Storage } from "../storage/types";

export async function sweepExpired(db: Queryable, storage: Storage, now: Date): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await db.query("DELETE FROM sessions WHERE last_seen_at <= $1 OR created_at <= $2", [before(RENEWED_IDLE_MS), before(LIFETIME_MS)]);
  await db.query("DELETE FROM throttles WHERE window_ends_at <= $1", [now]);
  await db.query("DELETE FROM password_resets WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM signup_attempts WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM temporary_answers WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM service_tokens WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM staff_sessions WHERE last_seen_at <= $1 OR created_at <= $2", [before(IDLE_MS), before(LIFETIME_MS)]);
  await db.query("DELETE FROM staff_invitations WHERE expires_at <= $1", [now]);
  // An upload form never followed by its conversion (the applicant left, or the upload failed
  // half-way): its key can no longer be used, so the file it may have stored goes too. A
  // conversion deletes the key when it starts, so nothing in use is listed here.
  const unused = await db.query<{ key: string }>("DELETE FROM upload_keys WHERE expires_at <= $1 RETURNING storage_key AS key", [now]);
  for (const { key } of unused) await storage.remove(key);
  // An export's file is kept 24 hours after it was made (SECURITY.md: exports).
  for (const key of await sweepExportJobs(db, now)) await storage.remove(key);
  await sweepUnreferenced(db, storage, before(UNREFERENCED_MS));
}

/** A file no answer needs is kept this long after it was written, then removed. */
export const UNREFERENCED_MS = 24 * 60 * 60_000;

/**
 * Nobody fills the store (SECURITY.md): a document whose answer is no longer given (cleared,
 * hidden, a tab left, an upload never finished) goes with its files a day after its last change,
 * and so does any stored object no row names (a crash between writing a file and its row).
 * Conversions queued or running are left alone.
 */
async function sweepUnreferenced(db: Queryable, storage: Storage, writtenBefore: Date): Promise<void> {
  const dropped = await db.query<{ uploadKey: string; pdfKey: string | null }>(
    `DELETE FROM document_answers d USING applications a
     WHERE a.user_id = d.user_id AND COALESCE(a.answers ->> d.answer_key, '') = '' AND d.updated_at <= $1 AND d.status NOT IN ('UNPROCESSED', 'IN_PROGRESS')
     RETURNING d.upload_key AS "uploadKey", d.pdf_key AS "pdfKey"`,
    [writtenBefore]);
  await removeFiles(storage, dropped);
  const named = await db.query<{ key: string }>(
    `SELECT upload_key AS key FROM document_answers UNION SELECT pdf_key FROM document_answers WHERE pdf_key IS NOT NULL
     UNION SELECT pdf_key FROM pdf_copies WHERE pdf_key IS NOT NULL UNION SELECT storage_key FROM upload_keys`);
  // A PDF named keeps its thumbnail beside it.
  const referenced = new Set(named.flatMap(({ key }) => withDerived(key)));
  for (const key of await exportJobKeys(db)) referenced.add(key);
  for (const folder of ["documents", "pdf", "exports"]) {
    for await (const object of storage.list(folder)) {
      if (object.modifiedAt <= writtenBefore && !referenced.has(object.key)) await storage.remove(object.key);
    }
  }
}
