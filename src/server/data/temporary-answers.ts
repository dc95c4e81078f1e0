// The SQL of "save for later": a visitor's answers, found by the hash of their token.
import type { Answers } from "../../engine/runtime";
import type { Queryable } from "../db/database";

export async function saveTemporaryAnswers(db: Queryable, tokenHash: string, answers: Answers, expiresAt: Date): Promise<void> {
  await db.query("INSERT INTO temporary_answers (token_hash, answers, expires_at) VALUES ($1, $2::jsonb, $3)", [tokenHash, JSON.stringify(answers), expiresAt]);
}

/** The answers saved under the token, or null when it is unknown or over. */
export async function temporaryAnswers(db: Queryable, tokenHash: string, now: Date): Promise<Answers | null> {
  const [row] = await db.query<{ answers: Answers }>("SELECT answers FROM temporary_answers WHERE token_hash = $1 AND expires_at > $2", [tokenHash, now]);
  return row?.answers ?? null;
}
