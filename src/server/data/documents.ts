// The SQL of an applicant's documents: the rows that say whose each stored file is and how its
// conversion to PDF stands, and the upload keys handed out with upload forms.
import type { ConversionStatus } from "../../api-contract";
import type { AnswerKey } from "../../engine/runtime";
import type { Database, Queryable } from "../db/database";

export interface DocumentRow {
  answerKey: AnswerKey;
  fileName: string;
  fileSize: number | null;
  uploadKey: string;
  pdfKey: string | null;
  status: ConversionStatus;
  message: string | null;
}

/** A document's files in the store: the upload, and its PDF once converted. */
export interface DocumentFiles { uploadKey: string; pdfKey: string | null }

const columns = `answer_key AS "answerKey", file_name AS "fileName", file_size AS "fileSize", upload_key AS "uploadKey",
  pdf_key AS "pdfKey", status, message`;

export async function documentsOf(db: Queryable, userId: number): Promise<DocumentRow[]> {
  return db.query<DocumentRow & Record<string, unknown>>(`SELECT ${columns} FROM document_answers WHERE user_id = $1`, [userId]);
}

/** The spec's document_answer: the converted documents, by answer key. */
export async function storedDocuments(db: Queryable, userId: number): Promise<Record<AnswerKey, { file_name: string; file_size: number }>> {
  const stored: Record<AnswerKey, { file_name: string; file_size: number }> = {};
  for (const row of await documentsOf(db, userId)) {
    if (row.status === "COMPLETED") stored[row.answerKey] = { file_name: row.fileName, file_size: row.fileSize ?? 0 };
  }
  return stored;
}

/** Forgets the document of `answerKey`; answers the files it had (none is not an error). */
export async function deleteDocument(db: Queryable, userId: number, answerKey: AnswerKey): Promise<DocumentFiles[]> {
  return db.query<DocumentFiles & Record<string, unknown>>(
    `DELETE FROM document_answers WHERE user_id = $1 AND answer_key = $2 RETURNING upload_key AS "uploadKey", pdf_key AS "pdfKey"`,
    [userId, answerKey],
  );
}

/** Removes the answer of a document question, if it has one. */
export async function clearDocumentAnswer(db: Queryable, userId: number, answerKey: AnswerKey, now: Date): Promise<void> {
  await db.query("UPDATE applications SET answers = answers - $2::text, revision = revision + 1, updated_at = $3 WHERE user_id = $1 AND answers ? $2::text",
    [userId, answerKey, now]);
}

/** The key an upload form allows, the applicant's for this question until `expiresAt`. */
export async function addUploadKey(db: Queryable, key: string, userId: number, answerKey: AnswerKey, expiresAt: Date): Promise<void> {
  await db.query("INSERT INTO upload_keys (storage_key, user_id, answer_key, expires_at) VALUES ($1, $2, $3, $4)", [key, userId, answerKey, expiresAt]);
}

const ofThisApplicant = "storage_key = $1 AND user_id = $2 AND answer_key = $3 AND expires_at > $4";

/** Whether `key` is the applicant's for this question: issued to them, unused and unexpired. */
export async function isUploadKeyIssued(db: Queryable, key: string, userId: number, answerKey: AnswerKey, now: Date): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM upload_keys WHERE ${ofThisApplicant}`, [key, userId, answerKey, now])).length > 0;
}

export type StartRefusal = "uploadKeyUnknown" | "conversionInFlight";

/**
 * Uses up the upload key and makes its file the question's document, to be converted: answers
 * the files of the document it replaced, if any. Refused, it changes nothing.
 */
export async function startConversion(
  db: Database,
  { uploadKey, userId, answerKey, fileName, now }: { uploadKey: string; userId: number; answerKey: AnswerKey; fileName: string; now: Date },
): Promise<{ ok: true; value: DocumentFiles | undefined } | { ok: false; code: StartRefusal }> {
  const issued = [uploadKey, userId, answerKey, now];
  try {
    return await db.transaction(async (tx) => {
      if ((await tx.query(`DELETE FROM upload_keys WHERE ${ofThisApplicant} RETURNING 1`, issued)).length === 0) throw new Refused("uploadKeyUnknown");
      const [old] = await tx.query<DocumentFiles & Record<string, unknown>>(
        `SELECT upload_key AS "uploadKey", pdf_key AS "pdfKey" FROM document_answers WHERE user_id = $1 AND answer_key = $2 FOR UPDATE`, [userId, answerKey]);
      // One conversion in flight per question: the statement that starts this one refuses when
      // another is queued or running, also when two starts race (the loser waits, then sees it).
      const started = await tx.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, status, updated_at, after_submit)
         VALUES ($1, $2, $3, $4, 'UNPROCESSED', $5, EXISTS (SELECT 1 FROM applications WHERE user_id = $1 AND submitted_at IS NOT NULL))
         ON CONFLICT (user_id, answer_key) DO UPDATE
         SET file_name = $3, upload_key = $4, status = 'UNPROCESSED', file_size = NULL, pdf_key = NULL, message = NULL, updated_at = $5, after_submit = EXCLUDED.after_submit
         WHERE document_answers.status NOT IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING 1`,
        [userId, answerKey, fileName, uploadKey, now]);
      if (started.length === 0) throw new Refused("conversionInFlight");
      return { ok: true as const, value: old };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
}

/** Rolls the transaction back (a refusal must change nothing) and becomes the refusal. */
class Refused extends Error {
  constructor(readonly code: StartRefusal) {
    super(code);
  }
}

/**
 * The conversion job's row: matched by its upload key, and never once the application is
 * submitted, but for a checklist item's file sent after the submit (routes/documents.ts).
 */
const match = `user_id = $1 AND answer_key = $2 AND upload_key = $3
  AND (after_submit OR NOT EXISTS (SELECT 1 FROM applications WHERE user_id = $1 AND submitted_at IS NOT NULL))`;

export interface ConversionOf { userId: number; answerKey: AnswerKey; uploadKey: string }

/** Marks the conversion running; answers how many times it has been started, or null when it is not to run. */
export async function claimConversion(db: Queryable, { userId, answerKey, uploadKey }: ConversionOf, now: Date): Promise<number | null> {
  const [claimed] = await db.query<{ attempts: number }>(
    `UPDATE document_answers SET status = 'IN_PROGRESS', attempts = attempts + 1, updated_at = $4 WHERE ${match} AND status IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING attempts`,
    [userId, answerKey, uploadKey, now]);
  return claimed?.attempts ?? null;
}

export async function failConversion(db: Queryable, { userId, answerKey, uploadKey }: ConversionOf, message: string, now: Date): Promise<void> {
  await db.query(`UPDATE document_answers SET status = 'FAILED', message = $4, updated_at = $5 WHERE ${match}`, [userId, answerKey, uploadKey, message, now]);
}

/** Answers false when the row is gone or changed (deleted, replaced, submitted): the PDF is not needed. */
export async function completeConversion(db: Queryable, { userId, answerKey, uploadKey }: ConversionOf, pdfKey: string, fileSize: number, now: Date): Promise<boolean> {
  const done = await db.query(
    `UPDATE document_answers SET status = 'COMPLETED', pdf_key = $4, file_size = $5, message = NULL, updated_at = $6 WHERE ${match} RETURNING 1`,
    [userId, answerKey, uploadKey, pdfKey, fileSize, now],
  );
  return done.length > 0;
}
