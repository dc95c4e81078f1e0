import type { Queryable } from "../db/database";

/**
 * Counters in the database, shared by every server copy: `hit` adds one to `key` in a window
 * that starts at the first hit; the window ends `windowMs` later and the count starts over.
 */
export async function hit(db: Queryable, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db.query<{ hits: number }>(
    `INSERT INTO throttles (key, hits, window_ends_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN throttles.window_ends_at <= $3 THEN 1 ELSE throttles.hits + 1 END,
       window_ends_at = CASE WHEN throttles.window_ends_at <= $3 THEN $2 ELSE throttles.window_ends_at END
     RETURNING hits`,
    [key, new Date(now.getTime() + windowMs), now],
  );
  return row!.hits;
}

export async function forget(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM throttles WHERE key = $1", [key]);
}

/**
 * Counts one more attempt in `key`'s window and decides in the same statement whether it may go
 * on: 0 when it is within `limit`, else the time left in the window, in ms. Attempts racing each
 * other are counted one by one, so no more than `limit` of them go on.
 */
export async function take(db: Queryable, key: string, limit: number, windowMs: number, now: Date): Promise<number> {
  const [row] = await db.query<{ hits: number; window_ends_at: Date }>(
    `INSERT INTO throttles (key, hits, window_ends_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN throttles.window_ends_at <= $3 THEN 1 ELSE throttles.hits + 1 END,
       window_ends_at = CASE WHEN throttles.window_ends_at <= $3 THEN $2 ELSE throttles.window_ends_at END
     RETURNING hits, window_ends_at`,
    [key, new Date(now.getTime() + windowMs), now],
  );
  return row!.hits > limit ? row!.window_ends_at.getTime() - now.getTime() : 0;
}

/** Uncounts an attempt `take` counted that turned out not to count (a right password). */
export async function giveBack(db: Queryable, key: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM throttles WHERE key = $1 AND hits <= 1 RETURNING 1)
     UPDATE throttles SET hits = hits - 1 WHERE key = $1 AND hits > 1`,
    [key],
  );
}
