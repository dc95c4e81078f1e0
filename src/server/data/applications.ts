// An applicant's application row: everything a save reads and writes, so a save is one read and
// one conditional write. Writes compare the revision they read; a write that lost a race reads
// again and re-applies the change (never overwriting what another request saved).
import type { WebStatus } from "../../api-contract";
import { isAnswered, type Answers } from "../../engine/runtime";
import type { Database, Queryable } from "../db/database";
import type { ChecklistListing } from "./checklist";
import { LIFETIME_MS, RENEW_MS, RENEWED_IDLE_MS } from "../auth/sessions";

/** Stored answers leave out unanswered keys: "" and absent mean the same. */
export function answered(answers: Answers): Answers {
  const kept: Answers = {};
  for (const [key, value] of Object.entries(answers)) if (isAnswered(value)) kept[key] = value;
  return kept;
}


export interface Application {
  userId: number;
  username: string;
  answers: Answers;
  revision: number;
  lastPage: string | null;
  webStatus: { web_status: WebStatus; created_at: string }[];
  tabs: Record<string, string>;
  /** Add-another group id → number of blocks. */
  blocks: Record<string, number>;
  submittedAt: Date | null;
  /** Given at submit (WU-FA26-004821); null before. */
  reference: string | null;
  /** The definition version it is on (null: from before versions were kept). */
  version: string | null;
}

const columns = `u.id AS "userId", u.username, a.answers, a.revision, a.last_page AS "lastPage", a.web_status AS "webStatus",
  a.tabs, a.add_another AS "blocks", a.submitted_at AS "submittedAt", a.reference, a.version`;

/** An applicant's session as a statement checks it: its cookie's hash, and the time of the request. */
export interface SessionKey { idHash: string; now: Date }

/** A duration in ms as an interval of SQL, written into the statements once. */
const interval = (ms: number) => `interval '${ms} milliseconds'`;

/**
 * The session's user (s), as a statement's first CTEs over $1 (the hash) and $2 (now), looked up
 * once: live when renewed less than RENEWED_IDLE_MS ago and started less than LIFETIME_MS ago
 * (last_seen_at lags the last request by up to RENEW_MS). Its renewal (renewed) runs only when
 * that lookup found the last renewal more than RENEW_MS old, so a save of a live session reads
 * the session's row once and writes it about once a minute.
 */
const sessionCtes = `s AS (
       SELECT user_id, last_seen_at < $2::timestamptz - ${interval(RENEW_MS)} AS stale FROM sessions
       WHERE id_hash = $1 AND last_seen_at > $2::timestamptz - ${interval(RENEWED_IDLE_MS)} AND created_at > $2::timestamptz - ${interval(LIFETIME_MS)}
     ), renewed AS (
       UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1 AND (SELECT stale FROM s) AND last_seen_at < $2::timestamptz - ${interval(RENEW_MS)}
     )`;
/** A time as ISO 8601 (UTC), which pg would otherwise write out in local time, digit by digit. */
const asText = (time: Date) => time.toISOString();

const APPLICATION_OF_SESSION = `WITH ${sessionCtes}
     SELECT ${columns} FROM s JOIN users u ON u.id = s.user_id JOIN applications a ON a.user_id = u.id`;

/**
 * The session's application, or null when the session has ended (sessionCtes), in one statement
 * that also renews the session when its last renewal is more than RENEW_MS old.
 */
export async function applicationOfSession(db: Queryable, session: SessionKey): Promise<Application | null> {
  const [row] = await db.query<Application & Record<string, unknown>>(APPLICATION_OF_SESSION, [session.idHash, asText(session.now)]);
  return row ?? null;
}

/**
 * The answers a save sets, as JSON, and the unanswered ("") keys it removes: stored answers leave
 * those out. The usual save removes none, and its answers are written as they were sent.
 */
function setAndRemoved(sent: Answers): [string, string[]] {
  const removed: string[] = [];
  for (const key in sent) if (sent[key] === "") removed.push(key);
  if (removed.length === 0) return [JSON.stringify(sent), removed];
  const set: Answers = {};
  for (const key in sent) if (sent[key] !== "") set[key] = sent[key]!;
  return [JSON.stringify(set), removed];
}

/** The statement's part that merges answers ($a set, $b removed) and counts the save on its UTC day ($c). */
const mergeSet = (a: number, b: number, c: number, now: number) =>
  `answers = (answers || $${a}::jsonb) - $${b}::text[], revision = revision + 1, updated_at = $${now},
       save_days = jsonb_set(save_days, ARRAY[$${c}::text], to_jsonb(coalesce((save_days->>$${c}::text)::int, 0) + 1))`;

// Made once: a statement's text is looked up by value for its prepared statement (db/database.ts),
// and a text built anew for every save was a tenth of the save's own JavaScript.
const MERGE_OF_SESSION = `WITH ${sessionCtes}, saved AS (
       UPDATE applications SET ${mergeSet(3, 4, 5, 2)}
       WHERE user_id = (SELECT user_id FROM s) AND submitted_at IS NULL AND ($6::int IS NULL OR revision = $6::int) RETURNING revision
     )
     SELECT (SELECT revision FROM saved) AS revision FROM s`;

/**
 * A save that needs neither the engine nor the stored answers (savesAloneAlways), in one statement
 * that also checks and renews the session (as applicationOfSession does): merges `sent` into the
 * answers of the session's application unless it was submitted, and, with `ifRevision`, only over
 * that revision. Answers null when the session has ended, else the new revision, or null for it
 * when nothing was written (submitted, or not at `ifRevision`: the caller reads why).
 */
export async function mergeAnswersOfSession(db: Queryable, session: SessionKey, sent: Answers, ifRevision?: number): Promise<{ revision: number | null } | null> {
  const [set, removed] = setAndRemoved(sent);
  const now = asText(session.now);
  const [row] = await db.query<{ revision: number | null }>(MERGE_OF_SESSION, [session.idHash, now, set, removed, now.slice(0, 10), ifRevision ?? null]);
  return row ?? null;
}

type ChangeRefusal = "alreadySubmitted" | "stale";
export type ChangeResult = { ok: true; value: { application: Application; revision: number } } | { ok: false; code: ChangeRefusal };

export interface AnswersChange {
  answers: Answers;
  tabs?: Record<string, string>;
  blocks?: Record<string, number>;
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
  /** If-Match: write only over this revision, else "stale" (a lost race included, never retried). */
  ifRevision?: number,
): Promise<ChangeResult> {
  const write = async (q: Queryable, application: Application): Promise<ChangeResult | null> => {
    if (application.submittedAt) return { ok: false, code: "alreadySubmitted" };
    if (ifRevision !== undefined && application.revision !== ifRevision) return { ok: false, code: "stale" };
    const next = change(application);
    if (!next) return { ok: true, value: { application, revision: application.revision } };
    // save_days counts the saves of each UTC day for the office's timeline, in the same statement.
    const [row] = await q.query<{ revision: number }>(
      `UPDATE applications SET answers = $3::jsonb, tabs = $4::jsonb, add_another = $5::jsonb, revision = revision + 1, updated_at = $6,
         save_days = jsonb_set(save_days, ARRAY[$7::text], to_jsonb(coalesce((save_days->>$7::text)::int, 0) + 1))
       WHERE user_id = $1 AND revision = $2 AND submitted_at IS NULL RETURNING revision`,
      [application.userId, application.revision, JSON.stringify(next.answers), JSON.stringify(next.tabs ?? application.tabs),
        JSON.stringify(next.blocks ?? application.blocks), now, now.toISOString().slice(0, 10)],
    );
    return row ? { ok: true, value: { application, revision: row.revision } } : null;
  };
  return (await write(db, start)) ?? db.transaction(async (tx) => {
    const [row] = await tx.query<Application & Record<string, unknown>>(
      `SELECT ${columns} FROM users u JOIN applications a ON a.user_id = u.id WHERE u.id = $1 FOR UPDATE OF a`, [start.userId]);
    return (await write(tx, row!))!;
  });
}

const MERGE = `UPDATE applications SET ${mergeSet(3, 4, 6, 5)}
     WHERE user_id = $1 AND revision = $2 AND submitted_at IS NULL RETURNING revision`;

/**
 * Merges `sent` into the stored answers in one statement, unanswered ("") keys removed, if the
 * application is still at `revision` and not submitted: answers the new revision, or null when
 * another request wrote first (or it was submitted). For saves that change the answers sent alone
 * (savesAlone): the revision it was checked over is the one it writes over.
 */
export async function mergeAnswers(db: Queryable, userId: number, revision: number, sent: Answers, now: Date): Promise<number | null> {
  const [set, removed] = setAndRemoved(sent);
  const [row] = await db.query<{ revision: number }>(MERGE, [userId, revision, set, removed, now, now.toISOString().slice(0, 10)],
  );
  return row?.revision ?? null;
}

/**
 * Moves an application in progress from version `from` (null: from before versions were kept) to
 * `version`: `answers` become its answers, and `retired` (answers to questions that version does
 * not ask) join those kept aside, each with the version it was given on, if nobody wrote since
 * `revision`. Answers the new revision, or null when another request wrote first (the next load moves it).
 */
export async function moveToVersion(db: Queryable, move: { userId: number; revision: number; from: string | null; version: string }, answers: Answers, retired: Answers): Promise<number | null> {
  // With nothing kept aside the answers stay as they are, and so does the revision.
  const isRetiring = Object.keys(retired).length > 0;
  const from = move.from === null ? {} : Object.fromEntries(Object.keys(retired).map((key) => [key, move.from]));
  const [row] = await db.query<{ revision: number }>(
    `UPDATE applications SET answers = $3::jsonb, retired_answers = retired_answers || $4::jsonb, retired_from = retired_from || $5::jsonb, version = $6, revision = revision + $7
     WHERE user_id = $1 AND revision = $2 AND submitted_at IS NULL RETURNING revision`,
    [move.userId, move.revision, JSON.stringify(answers), JSON.stringify(retired), JSON.stringify(from), move.version, isRetiring ? 1 : 0],
  );
  return row?.revision ?? null;
}

/** Writes a field that is not answers, unless the application was submitted: answers whether it wrote. */
async function updateUnlessSubmitted(db: Queryable, userId: number, set: string, params: unknown[], now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE applications SET ${set}, updated_at = $2 WHERE user_id = $1 AND submitted_at IS NULL RETURNING user_id`,
    [userId, now, ...params],
  );
  return rows.length > 0;
}

/** Remembers the page the applicant is on; false when the application was submitted. */
export const setLastPage = (db: Queryable, userId: number, lastPage: string, now: Date) =>
  updateUnlessSubmitted(db, userId, "last_page = $3", [lastPage], now);

/** Records `status` once (a second time changes nothing); false when the application was submitted. */
export const addWebStatus = (db: Queryable, userId: number, status: WebStatus, now: Date) =>
  updateUnlessSubmitted(db, userId,
    "web_status = CASE WHEN web_status @> $4::jsonb THEN web_status ELSE web_status || $3::jsonb END",
    [JSON.stringify([{ web_status: status, created_at: now.toISOString() }]), JSON.stringify([{ web_status: status }])],
    now);

/** Stores the errors last computed; false when the application was submitted. */
export const storeValidations = (db: Queryable, userId: number, errors: Record<string, string[]>, now: Date) =>
  updateUnlessSubmitted(db, userId, "validations = $3::jsonb", [JSON.stringify(errors)], now);

/** When the applicant logged in, oldest first. */
export async function loginsOf(db: Queryable, userId: number): Promise<{ logged_in_at: Date }[]> {
  return db.query<{ logged_in_at: Date }>("SELECT logged_in_at FROM successful_logins WHERE user_id = $1 ORDER BY logged_in_at", [userId]);
}

/** What a reference is made of: the institution's prefix (WU) and the entry term's code (FA26). */
export interface ReferenceParts { prefix: string; term: string }

/**
 * Submits the application if its answers are still those of `revision`, and gives it its
 * reference, the definition version it was submitted on (never changed after) and the checklist
 * items its answers list (the office list's filters: data/checklist.ts) in the same statement:
 * answers the reference, or null when it did not submit.
 */
export async function submitApplication(
  db: Queryable, userId: number, revision: number, webStatus: Application["webStatus"], reference: ReferenceParts, version: string, now: Date,
  checklist: ChecklistListing,
): Promise<string | null> {
  const [row] = await db.query<{ reference: string }>(
    `WITH submitted AS (
       UPDATE applications SET submitted_at = $3, web_status = $4::jsonb, validations = '{}', updated_at = $3, review_status = 'received',
         reference = next_application_reference($5, $6), submitted_version = $7, version = $7
       WHERE user_id = $1 AND revision = $2 AND submitted_at IS NULL RETURNING user_id, reference),
     listed AS (
       INSERT INTO application_checklists (application_id, items, hash, states)
       SELECT user_id, $8::jsonb, $9, checklist_states(user_id, $8::jsonb) FROM submitted)
     SELECT reference FROM submitted`,
    [userId, revision, now, JSON.stringify(webStatus), reference.prefix, reference.term, version, JSON.stringify(checklist.items), checklist.hash],
  );
  return row?.reference ?? null;
}

/** What the PDF copy tells of an application besides the service view: its answers (the cover's names, entry term), its submit and its definition version (null before the submit). */
export type Submission = { answers: Answers; reference: string | null; submittedAt: Date | null; version: string | null };

export async function submissionOf(db: Queryable, userId: number): Promise<Submission> {
  const [row] = await db.query<Submission>(
    `SELECT answers, reference, submitted_at AS "submittedAt", submitted_version AS version FROM applications WHERE user_id = $1`, [userId]);
  return row!;
}

/**
 * What the service view prints of an application, or null when there is none; `version`, the
 * definition version it was submitted on (null before the submit: the current one).
 */
export async function serviceViewOf(db: Queryable, userId: number): Promise<{ answers: Answers; blocks: Record<string, number>; tabs: Record<string, string>; version: string | null } | null> {
  const [row] = await db.query<{ answers: Answers; add_another: Record<string, number>; tabs: Record<string, string>; version: string | null }>(
    "SELECT answers, add_another, tabs, submitted_version AS version FROM applications WHERE user_id = $1", [userId]);
  return row ? { answers: row.answers, blocks: row.add_another, tabs: row.tabs, version: row.version } : null;
}
