// Rows whose time is over: removed hourly so the tables do not grow with every visit.
import { IDLE_MS, LIFETIME_MS } from "./auth/sessions";
import type { Queryable } from "./db/database";

export async function sweepExpired(db: Queryable, now: Date): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await db.query("DELETE FROM sessions WHERE last_seen_at <= $1 OR created_at <= $2", [before(IDLE_MS), before(LIFETIME_MS)]);
  await db.query("DELETE FROM throttles WHERE window_ends_at <= $1", [now]);
  await db.query("DELETE FROM password_resets WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM confirmation_codes WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM temporary_answers WHERE expires_at <= $1", [now]);
  await db.query("DELETE FROM service_tokens WHERE expires_at <= $1", [now]);
  // An upload form never followed by its conversion; the file it may have stored stays (noted in the README).
  await db.query("DELETE FROM upload_keys WHERE expires_at <= $1", [now]);
}
