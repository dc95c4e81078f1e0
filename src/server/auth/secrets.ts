import { createHmac, randomBytes, randomInt } from "node:crypto";
import type { Database } from "../db/database";

/** A URL-safe random id of 256 bits, for session ids, reset ids and temporary-answer tokens. */
export function randomId(): string {
  return randomBytes(32).toString("base64url");
}

/** Six random digits, zero-padded. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export type Hasher = (secret: string) => string;

/**
 * Secrets are stored as HMACs under a key kept in the database (made on first start, shared by
 * every server copy). A six-digit code hashed without a key could be found by trying all million.
 */
export async function loadHasher(db: Database): Promise<Hasher> {
  await db.query("INSERT INTO server_keys (name, value) VALUES ('token_hmac', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(32).toString("base64")]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM server_keys WHERE name = 'token_hmac'");
  const key = Buffer.from(row!.value, "base64");
  return (secret) => createHmac("sha256", key).update(secret).digest("base64url");
}
