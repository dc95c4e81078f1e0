// The SQL of one application as the admissions office reviews it: the application with its
// account, its review status, the notes, and the review changes the audit log holds.
import type { REQUEST_FILTERS, ReviewStatus } from "../../api-contract";
import type { Answers } from "../../engine/runtime";
import type { Queryable } from "../db/database";

type RequestFilter = (typeof REQUEST_FILTERS)[number];

export interface ReviewedApplication {
  id: number;
  reference: string | null;
  email: string;
  name: string;
  entry_term: string | null;
  submitted_at: Date | null;
  /** The label of the definition version it was submitted on (data/definition-versions.ts). */
  /** The label of the definition version it was submitted on, and that version's hash (null before the submit). */
  submitted_version: string | null;
  version: string | null;
  created_at: Date;
  last_activity: Date;
  review_status: ReviewStatus | null;
  answers: Answers;
  /** Answers to questions its current version no longer asks, kept aside when it moved to it. */
  retired_answers: Answers;
  /** For each of those, the hash of the version it was given on (none from before versions were kept). */
  retired_from: Record<string, string>;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  /** Saves by UTC day: {"2026-11-22": 41}. */
  save_days: Record<string, number>;
}

export async function applicationForReview(db: Queryable, id: number): Promise<ReviewedApplication | null> {
  const [row] = await db.query<ReviewedApplication & Record<string, unknown>>(
    `SELECT a.user_id AS id, a.reference, u.username AS email, a.applicant_name AS name, a.entry_term, a.submitted_at, u.created_at,
       a.updated_at AS last_activity, a.review_status, a.answers, a.retired_answers, a.retired_from, a.add_another, a.tabs, a.save_days, v.label AS submitted_version, a.submitted_version AS version
     FROM applications a JOIN users u ON u.id = a.user_id LEFT JOIN definition_versions v ON v.hash = a.submitted_version WHERE a.user_id = $1`,
    [id],
  );
  return row ?? null;
}

/** The application's review status (null: not reviewed yet, or no such application) and where the office's requests stand (migration 021). */
export async function reviewOf(db: Queryable, id: number): Promise<{ review_status: ReviewStatus | null; request_state: RequestFilter | null }> {
  const [row] = await db.query<{ review_status: ReviewStatus | null; request_state: RequestFilter | null }>("SELECT review_status, request_state FROM applications WHERE user_id = $1", [id]);
  return row ?? { review_status: null, request_state: null };
}

export async function applicationExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query("SELECT 1 FROM applications WHERE user_id = $1", [id])).length > 0;
}

export type ReviewRefusal = "notFound" | "notSubmitted";

/** Sets a submitted application's review status: answers the status it had, or why not. A reply to a request is dealt with, then: the list's "replied" no longer shows it. */
export async function setReviewStatus(db: Queryable, id: number, status: ReviewStatus): Promise<{ ok: true; value: ReviewStatus | null } | { ok: false; code: ReviewRefusal }> {
  // The old status is read under the row's lock, so two reviewers changing it at once each see the other's.
  const [row] = await db.query<{ from: ReviewStatus | null; isSubmitted: boolean }>(
    `WITH old AS (SELECT user_id, review_status, submitted_at FROM applications WHERE user_id = $1 FOR UPDATE),
     changed AS (UPDATE applications a SET review_status = $2, request_state = nullif(a.request_state, 'replied')
       FROM old WHERE a.user_id = old.user_id AND old.submitted_at IS NOT NULL RETURNING 1)
     SELECT review_status AS "from", submitted_at IS NOT NULL AS "isSubmitted" FROM old`,
    [id, status],
  );
  if (!row) return { ok: false, code: "notFound" };
  if (!row.isSubmitted) return { ok: false, code: "notSubmitted" };
  return { ok: true, value: row.from };
}

export interface ReviewChange { at: Date; by: string; status: string }

/** Each review status change, oldest first, from the audit log (who changed it, as they were called then). */
export async function reviewChangesOf(db: Queryable, id: number): Promise<ReviewChange[]> {
  return db.query<ReviewChange & Record<string, unknown>>(
    `SELECT at, actor AS by, detail->>'to' AS status FROM audit_log WHERE application_id = $1 AND action = 'review status' ORDER BY id`, [id]);
}

export interface Note { id: number; author: string; body: string; created_at: Date }

/** The application's notes, oldest first. */
export async function notesOf(db: Queryable, id: number): Promise<Note[]> {
  return db.query<Note & Record<string, unknown>>(
    `SELECT n.id, s.email AS author, n.body, n.created_at FROM review_notes n JOIN staff s ON s.id = n.staff_id WHERE n.application_id = $1 ORDER BY n.id`, [id]);
}

export async function addNote(db: Queryable, { applicationId, staffId, body, now }: { applicationId: number; staffId: number; body: string; now: Date }): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO review_notes (application_id, staff_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id", [applicationId, staffId, body, now]);
  return row!.id;
}
