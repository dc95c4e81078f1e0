// Rows whose time is over: removed hourly so the tables do not grow with every visit.
import { IDLE_MS, LIFETIME_MS } from "./auth/sessions";
import type { Queryable } from "./db/database";
import type { Storage } from "./storage/storage";

export async function sweepExpired(db: Queryable, storage: Storage, now: Date): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await db.query("DELETE FROM sessions WHERE last_seen_at <= $1 OR created_at <= $2", [before(IDLE_MS), before(LIFETIME_MS)]);
  await db.query("DELETE FROM throttles WHERE window_ends_at <= $1", [now]);
  await db.query("DELETE FROM password_resets WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM signup_attempts WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM temporary_answers WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM service_tokens WHERE expires_at <= $1", [now]);
  // An upload form never followed by its conversion (the applicant left, or the upload failed
  // half-way): its key can no longer be used, so the file it may have stored goes too. A
  // conversion deletes the key when it starts, so nothing in use is listed here.
  const unused = await db.query<{ key: string }>("DELETE FROM upload_keys WHERE expires_at <= $1 RETURNING storage_key AS key", [now]);
  for (const { key } of unused) await storage.remove(key);
}
