// An applicant's application row: everything a save reads and writes, so a save is one read and
// one conditional write. Writes compare the revision they read; a write that lost a race reads
// again and re-applies the change (never overwriting what another request saved).
import type { Answers } from "../engine/runtime";
import type { Database, Queryable } from "./db/database";
import { ApiError } from "./http";
import { messages } from "./messages";

/** Stored answers leave out unanswered keys: "" and absent mean the same. */
export function answered(answers: Answers): Answers {
  const kept: Answers = {};
  for (const [key, value] of Object.entries(answers)) if (value !== "") kept[key] = value;
  return kept;
}

export type WebStatus = "started" | "validating" | "submitted";

export interface Application {
  userId: number;
  username: string;
  answers: Answers;
  revision: number;
  lastPage: string | null;
  webStatus: { web_status: WebStatus; created_at: string }[];
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
  submittedAt: Date | null;
}

const columns = `u.id AS "userId", u.username, a.answers, a.revision, a.last_page AS "lastPage", a.web_status AS "webStatus",
  a.tabs, a.add_another AS "addAnother", a.submitted_at AS "submittedAt"`;

/** The session's application, in one statement that also renews the session (or null when it has ended). */
export async function applicationOfSession(db: Queryable, idHash: string, now: Date, idleSince: Date, startedSince: Date): Promise<Application | null> {
  const [row] = await db.query<Application & Record<string, unknown>>(
    `WITH s AS (
       UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at > $3 AND created_at > $4 RETURNING user_id
     )
     SELECT ${columns} FROM s JOIN users u ON u.id = s.user_id JOIN applications a ON a.user_id = u.id`,
    [idHash, now, idleSince, startedSince],
  );
  return row ?? null;
}

export interface AnswersChange {
  answers: Answers;
  tabs?: Record<string, string>;
  addAnother?: Record<string, number>;
}

/**
 * Applies `change` to the application and writes it if nobody wrote in between (one statement,
 * the usual case). When another request wrote first, it locks the row, reads it again and
 * re-applies `change`, so concurrent saves of one applicant all land. `change` returns null when
 * there is nothing to write.
 */
export async function changeApplication(
  db: Database,
  start: Application,
  now: Date,
  change: (application: Application) => AnswersChange | null,
  /** If-Match: write only over this revision, else 412 (a lost race included, never retried). */
  ifRevision?: number,
): Promise<{ application: Application; revision: number }> {
  const write = async (q: Queryable, application: Application) => {
    if (application.submittedAt) throw new ApiError(409, messages.alreadySubmitted);
    if (ifRevision !== undefined && application.revision !== ifRevision) throw new ApiError(412, messages.stale);
    const next = change(application);
    if (!next) return { application, revision: application.revision };
    const [row] = await q.query<{ revision: number }>(
      `UPDATE applications SET answers = $3::jsonb, tabs = $4::jsonb, add_another = $5::jsonb, revision = revision + 1, updated_at = $6
       WHERE user_id = $1 AND revision = $2 AND submitted_at IS NULL RETURNING revision`,
      [application.userId, application.revision, JSON.stringify(next.answers), JSON.stringify(next.tabs ?? application.tabs),
        JSON.stringify(next.addAnother ?? application.addAnother), now],
    );
    return row ? { application, revision: row.revision } : null;
  };
  return (await write(db, start)) ?? db.transaction(async (tx) => {
    const [row] = await tx.query<Application & Record<string, unknown>>(
      `SELECT ${columns} FROM users u JOIN applications a ON a.user_id = u.id WHERE u.id = $1 FOR UPDATE OF a`, [start.userId]);
    return (await write(tx, row!))!;
  });
}

/** Writes a field that is not answers (last page, statuses, errors), unless the application was submitted. */
export async function updateUnlessSubmitted(db: Queryable, userId: number, set: string, params: unknown[], now: Date): Promise<void> {
  const rows = await db.query(
    `UPDATE applications SET ${set}, updated_at = $2 WHERE user_id = $1 AND submitted_at IS NULL RETURNING user_id`,
    [userId, now, ...params],
  );
  if (rows.length === 0) throw new ApiError(409, messages.alreadySubmitted);
}
