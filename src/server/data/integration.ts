// The SQL of the integration API: submitted applications in (submitted_at, id) order, paged by
// keyset (the index of migration 013), so the last page of 100,000 is as quick as the first, and
// an application submitted while a system pages through lands after its cursor, never before.
import type { Answers } from "../../engine/runtime";
import type { ReviewStatus } from "../../api-contract/staff";
import type { Queryable } from "../db/database";
import type { DocumentRow } from "./documents";

const INTEGRATION_PAGE_SIZE = 100;

export interface SubmittedApplication {
  id: number;
  reference: string;
  email: string;
  submitted_at: Date;
  review_status: ReviewStatus;
  /** Where the office's requests for information stand (migration 021). */
  request_state: "open" | "replied" | null;
  /** The decision once released (migration 022); null before, and when none is recorded. */
  decision: { code: string; released_at: string; response: "accepted" | "declined" | null; responded_at: string | null } | null;
  answers: Answers;
  /** The definition version it was submitted on (src/server/data/definition-versions.ts). */
  version: string;
  /** submitted_at to the microsecond, as text: a Date keeps milliseconds, and a cursor must not fall between two rows. */
  position: string;
}

/** Where a page ended: the last row's position and id. */
export interface KeysetPosition { position: string; id: number }

/** From a moment, or from the start of a day in the office's time zone. */
export type Since = { at: Date } | { day: string; timeZone: string };

/** The columns of a row; `now` is the placeholder of the moment a decision counts as released by. */
const columns = (now: string) => `a.user_id AS id, a.reference, u.username AS email, a.submitted_at, a.review_status, a.request_state, a.answers, a.submitted_version AS version,
  to_char(a.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
  (SELECT json_build_object('code', d.code, 'released_at', d.release_at, 'response', d.response, 'responded_at', d.responded_at)
   FROM decisions d WHERE d.application_id = a.user_id AND d.release_at <= ${now}) AS decision`;

/** Filters on the released decision: its code, or whether there is one. A decision not released yet is as none. */
export interface DecisionFilter { decision?: string; released?: boolean }

/** One page, and whether another follows. */
export async function submittedPage(
  db: Queryable, { since, after, decision, released, now }: { since?: Since; after?: KeysetPosition; now: Date } & DecisionFilter,
): Promise<{ rows: SubmittedApplication[]; next: KeysetPosition | null }> {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const at = add(now);
  const where = ["a.submitted_at IS NOT NULL"];
  const releasedDecision = (code: string | undefined) =>
    `EXISTS (SELECT 1 FROM decisions d WHERE d.application_id = a.user_id AND d.release_at <= ${at}${code === undefined ? "" : ` AND d.code = ${add(code)}`})`;
  if (decision !== undefined) where.push(releasedDecision(decision));
  if (released !== undefined) where.push(`${released ? "" : "NOT "}${releasedDecision(undefined)}`);
  if (since && "at" in since) where.push(`a.submitted_at >= ${add(since.at)}`);
  if (since && "day" in since) where.push(`a.submitted_at >= (${add(since.day)}::date::timestamp AT TIME ZONE ${add(since.timeZone)})`);
  if (after) where.push(`(a.submitted_at, a.user_id) > (${add(after.position)}::timestamptz, ${add(after.id)})`);
  const rows = await db.query<SubmittedApplication & Record<string, unknown>>(
    `SELECT ${columns(at)} FROM applications a JOIN users u ON u.id = a.user_id
     WHERE ${where.join(" AND ")} ORDER BY a.submitted_at, a.user_id LIMIT ${INTEGRATION_PAGE_SIZE + 1}`,
    params,
  );
  const page = rows.slice(0, INTEGRATION_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, next: rows.length > INTEGRATION_PAGE_SIZE && last ? { position: last.position, id: last.id } : null };
}

/** The submitted application with this reference; null for none, or one not submitted. */
export async function submittedByReference(db: Queryable, reference: string, now: Date): Promise<SubmittedApplication | null> {
  const [row] = await db.query<SubmittedApplication & Record<string, unknown>>(
    `SELECT ${columns("$2")} FROM applications a JOIN users u ON u.id = a.user_id WHERE a.reference = $1 AND a.submitted_at IS NOT NULL`, [reference, now]);
  return row ?? null;
}

/** The documents of these applications, by application id: one query for a page. */
export async function documentsOfMany(db: Queryable, ids: number[]): Promise<Map<number, DocumentRow[]>> {
  const byApplication = new Map<number, DocumentRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byApplication;
  const rows = await db.query<DocumentRow & { userId: number } & Record<string, unknown>>(
    `SELECT user_id AS "userId", answer_key AS "answerKey", file_name AS "fileName", file_size AS "fileSize", upload_key AS "uploadKey",
       pdf_key AS "pdfKey", status, message
     FROM document_answers WHERE user_id = ANY(string_to_array($1, ',')::integer[]) ORDER BY user_id, answer_key`,
    [ids.join(",")],
  );
  for (const { userId, ...row } of rows) byApplication.get(userId)?.push(row);
  return byApplication;
}

