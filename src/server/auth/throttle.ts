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

/** The time left in the window of the first key that reached `limit`, in ms; 0 when none has. */
export async function blockedFor(db: Queryable, limits: Record<string, number>, now: Date): Promise<number> {
  const rows = await db.query<{ key: string; hits: number; window_ends_at: Date }>(
    "SELECT key, hits, window_ends_at FROM throttles WHERE key = ANY($1) AND window_ends_at > $2",
    [Object.keys(limits), now],
  );
  const blocked = rows.filter((r) => r.hits >= limits[r.key]!);
  return blocked.length === 0 ? 0 : Math.max(...blocked.map((r) => r.window_ends_at.getTime() - now.getTime()));
}

export async function forget(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM throttles WHERE key = $1", [key]);
}
