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

const COLUMNS = `a.user_id AS id, a.reference, u.username AS email, a.submitted_at, a.review_status, a.request_state, a.answers, a.submitted_version AS version,
  to_char(a.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position`;

/** One page, and whether another follows. */
export async function submittedPage(
  db: Queryable, { since, after }: { since?: Since; after?: KeysetPosition },
): Promise<{ rows: SubmittedApplication[]; next: KeysetPosition | null }> {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = ["a.submitted_at IS NOT NULL"];
  if (since && "at" in since) where.push(`a.submitted_at >= ${add(since.at)}`);
  if (since && "day" in since) where.push(`a.submitted_at >= (${add(since.day)}::date::timestamp AT TIME ZONE ${add(since.timeZone)})`);
  if (after) where.push(`(a.submitted_at, a.user_id) > (${add(after.position)}::timestamptz, ${add(after.id)})`);
  const rows = await db.query<SubmittedApplication & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM applications a JOIN users u ON u.id = a.user_id
     WHERE ${where.join(" AND ")} ORDER BY a.submitted_at, a.user_id LIMIT ${INTEGRATION_PAGE_SIZE + 1}`,
    params,
  );
  const page = rows.slice(0, INTEGRATION_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, next: rows.length > INTEGRATION_PAGE_SIZE && last ? { position: last.position, id: last.id } : null };
}

/** The submitted application with this reference; null for none, or one not submitted. */
export async function submittedByReference(db: Queryable, reference: string): Promise<SubmittedApplication | null> {
  const [row] = await db.query<SubmittedApplication & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM applications a JOIN users u ON u.id = a.user_id WHERE a.reference = $1 AND a.submitted_at IS NOT NULL`, [reference]);
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

