// The SQL of the office's exports (exports/export.ts): the applications matching the list's filter
// (office-list.ts, the same conditions), read in pages of 50 by id (keyset: each page starts
// after the last id of the one before, on the primary key), so an export of 100,000 holds two
// pages at a time and works alike on PGlite's one connection and on a PostgreSQL pool, where a
// cursor would hold a connection and a transaction for the whole download.
import type { ReviewStatus } from "../../api-contract";
import type { AnswerKey } from "../../engine/runtime";
import type { Queryable } from "../db/database";
import { filtered, Parameters, type ApplicationFilter } from "./office-list";

/**
 * Small pages keep memory flat: a page's answers (kilobytes of JSON text each) are written and
 * gone while V8's young generation still holds them. With pages of 500 they outlived it, were
 * promoted, and the heap grew until a full collection (scripts/bench-exports.ts measures the RSS growth).
 * A page costs an index range scan on the primary key: 2,000 of them for 100,000 rows.
 */
export const EXPORT_BATCH = 50;

export interface ExportRow {
  id: number;
  reference: string | null;
  email: string;
  submitted_at: Date | null;
  review_status: ReviewStatus | null;
  /** The definition version it was submitted on; null before the submit. */
  version: string | null;
  /**
   * The answers as JSON text: parsed by the writer, one row at a time, so a page waiting to be
   * written holds text rather than parsed objects (which would outlive V8's young generation
   * and grow the heap).
   */
  answers: string;
  /** The answers kept aside when it moved to a newer version (retired_answers), as JSON text. */
  retired: string;
  /** Where the office's requests for information stand (migration 021). */
  request_state: "open" | "replied" | null;
  /** Its documents' conversion statuses by key, and the checklist items the office marked: for the checklist's columns. */
  documents: Record<string, string>;
  marks: string[];
  /** The decision recorded, released or not (exports are the admins'), as JSON gives it. */
  decision: { code: string; release_at: string | null; response: string | null } | null;
}

/** Limits the filter to submitted applications (the zip's), whatever its status says besides. */
export interface RowOptions { submittedOnly?: boolean }

function conditions(filter: ApplicationFilter, p: Parameters, { submittedOnly = false }: RowOptions) {
  const { ctes, from, where } = filtered(filter, p);
  if (submittedOnly) where.push("a.submitted_at IS NOT NULL");
  return { with: ctes.length ? `WITH ${ctes.join(",\n")}` : "", from, where };
}

/** How many applications the export of `filter` writes. */
export async function exportCount(db: Queryable, filter: ApplicationFilter, options: RowOptions = {}): Promise<number> {
  const p = new Parameters();
  const sql = conditions(filter, p, options);
  const [row] = await db.query<{ n: number }>(
    `${sql.with} SELECT count(*)::int AS n FROM ${sql.from} ${sql.where.length ? `WHERE ${sql.where.join(" AND ")}` : ""}`, p.values);
  return row!.n;
}

/**
 * The applications of `filter` by id, a page at a time. The next page is asked for as soon as one
 * arrives, so the database reads it while the caller writes this one (on PostgreSQL, the two
 * overlap); no more than two pages are held at once.
 */
export async function* exportRows(db: Queryable, filter: ApplicationFilter, options: RowOptions = {}, batch = EXPORT_BATCH): AsyncGenerator<ExportRow[]> {
  const pageAfter = (after: number) => {
    const p = new Parameters();
    const sql = conditions(filter, p, options);
    const where = [...sql.where, `a.user_id > ${p.add(after)}::int`];
    // The page is cut from the applications alone, then joined to its accounts (as the list's pages are).
    const ctes = sql.with ? `${sql.with},` : "WITH";
    return db.query<ExportRow & Record<string, unknown>>(
      `${ctes} page AS (
         SELECT a.user_id, a.reference, a.submitted_at, a.review_status, a.request_state, a.submitted_version, a.answers::text AS answers, a.retired_answers::text AS retired
         FROM ${sql.from}
         WHERE ${where.join(" AND ")} ORDER BY a.user_id LIMIT ${p.add(batch)})
       SELECT a.user_id AS id, a.reference, u.username AS email, a.submitted_at, a.review_status, a.submitted_version AS version, a.answers, a.retired,
         a.request_state,
         (SELECT coalesce(json_object_agg(d.answer_key, d.status), '{}') FROM document_answers d WHERE d.user_id = a.user_id) AS documents,
         (SELECT coalesce(json_agg(m.item), '[]') FROM checklist_marks m WHERE m.application_id = a.user_id) AS marks,
         (SELECT json_build_object('code', d.code, 'release_at', d.release_at, 'response', d.response) FROM decisions d WHERE d.application_id = a.user_id) AS decision
       FROM page a JOIN users u ON u.id = a.user_id ORDER BY a.user_id`,
      p.values,
    );
  };
  let next = pageAfter(0);
  for (;;) {
    const rows = await next;
    const isLast = rows.length < batch;
    if (!isLast) {
      next = pageAfter(rows.at(-1)!.id);
      // Read ahead: a caller that stops here leaves it unread, not unhandled.
      next.catch(() => {});
    }
    if (rows.length > 0) yield rows;
    if (isLast) return;
  }
}

export interface ZipDocument { answerKey: AnswerKey; fileName: string; uploadKey: string; pdfKey: string | null }

/**
 * What the zip holds of each of these applications: its PDF copy when one of its current answers
 * is made (else null), and its documents (the PDF only once converted).
 */
export async function zipFilesOf(db: Queryable, ids: number[]): Promise<Map<number, { copyKey: string | null; documents: ZipDocument[] }>> {
  const [copies, documents] = await Promise.all([
    db.query<{ id: number; pdf_key: string }>(
      `SELECT p.user_id AS id, p.pdf_key FROM pdf_copies p JOIN applications a ON a.user_id = p.user_id
       WHERE p.user_id = ANY($1::int[]) AND p.status = 'COMPLETED' AND p.pdf_key IS NOT NULL AND p.made_from = a.updated_at`, [ids]),
    db.query<ZipDocument & { id: number } & Record<string, unknown>>(
      `SELECT user_id AS id, answer_key AS "answerKey", file_name AS "fileName", upload_key AS "uploadKey",
         CASE WHEN status = 'COMPLETED' THEN pdf_key END AS "pdfKey"
       FROM document_answers WHERE user_id = ANY($1::int[]) ORDER BY user_id, answer_key`, [ids]),
  ]);
  const files = new Map(ids.map((id) => [id, { copyKey: null as string | null, documents: [] as ZipDocument[] }]));
  for (const copy of copies) files.get(copy.id)!.copyKey = copy.pdf_key;
  for (const { id, ...document } of documents) files.get(id)!.documents.push(document);
  return files;
}
