// Service tokens: read-only access to one application's service
// view, for the PDF printer. 256 random bits, stored hashed, valid 5 minutes; never a session.
import type { Queryable } from "../db/database";
import { randomId, type Hasher } from "./secrets";

export const SERVICE_TOKEN_MS = 5 * 60_000;

export async function issueServiceToken(db: Queryable, hash: Hasher, userId: number, now: Date): Promise<string> {
  const token = randomId();
  await db.query("INSERT INTO service_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [hash(token), userId, new Date(now.getTime() + SERVICE_TOKEN_MS)]);
  return token;
}

/** The applicant a token reads, or null when it is unknown or over. */
export async function userOfServiceToken(db: Queryable, hash: Hasher, token: string, now: Date): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>("SELECT user_id FROM service_tokens WHERE token_hash = $1 AND expires_at > $2", [hash(token), now]);
  return row?.user_id ?? null;
}
