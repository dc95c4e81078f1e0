// An applicant's documents: the rows that say whose each stored file is, and the conversion job
// that turns an upload into a PDF (src/server/convert). Files are stored under random keys.
import { randomBytes } from "node:crypto";
import type { AnswerKey } from "../engine";
import { convertToPdf } from "./convert";
import type { Queryable } from "./db/database";
import { messages } from "./messages";
import type { Storage } from "./storage/types";

export type ConversionStatus = "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";

export interface DocumentRow {
  answerKey: AnswerKey;
  fileName: string;
  fileSize: number | null;
  uploadKey: string;
  pdfKey: string | null;
  status: ConversionStatus;
  message: string | null;
}

/** A new storage key under `folder`: 128 random bits, never the applicant's file name. */
export const storageKey = (folder: "documents" | "pdf", extension = "") => `${folder}/${randomBytes(16).toString("hex")}${extension}`;

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

/** Forgets the document of `answerKey` and removes its files (none is not an error). */
export async function removeDocument(db: Queryable, storage: Storage, userId: number, answerKey: AnswerKey): Promise<void> {
  const rows = await db.query<{ uploadKey: string; pdfKey: string | null }>(
    `DELETE FROM document_answers WHERE user_id = $1 AND answer_key = $2 RETURNING upload_key AS "uploadKey", pdf_key AS "pdfKey"`,
    [userId, answerKey],
  );
  for (const row of rows) await Promise.all([storage.remove(row.uploadKey), row.pdfKey ? storage.remove(row.pdfKey) : null]);
}

export interface ConvertJob { userId: number; answerKey: AnswerKey; uploadKey: string }

/** Runs of one conversion at most; pg-boss may start a job a third time, which then only fails it. */
const MAX_ATTEMPTS = 2;

/**
 * The convert-document job. The row is matched by its upload key throughout: a document deleted
 * or replaced while this ran is left alone, and the PDF made for it removed. A job that died
 * half-way (its process gone) runs again from IN_PROGRESS, once: a third start fails it.
 */
export async function convertDocument(db: Queryable, storage: Storage, { userId, answerKey, uploadKey }: ConvertJob, now: () => Date): Promise<void> {
  // A conversion that ends after the application was submitted changes nothing of it.
  const match = "user_id = $1 AND answer_key = $2 AND upload_key = $3 AND NOT EXISTS (SELECT 1 FROM applications WHERE user_id = $1 AND submitted_at IS NOT NULL)";
  const [claimed] = await db.query<{ attempts: number }>(
    `UPDATE document_answers SET status = 'IN_PROGRESS', attempts = attempts + 1, updated_at = $4 WHERE ${match} AND status IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING attempts`,
    [userId, answerKey, uploadKey, now()]);
  if (!claimed) return;
  const fail = (message: string) =>
    db.query(`UPDATE document_answers SET status = 'FAILED', message = $4, updated_at = $5 WHERE ${match}`, [userId, answerKey, uploadKey, message, now()]);
  // Started twice already, and neither run ended (the process died): not a third time.
  if (claimed.attempts > MAX_ATTEMPTS) return void (await fail(messages.fileUnreadable));
  const bytes = await storage.read(uploadKey);
  if (!bytes) return void (await fail(messages.uploadMissing));
  const result = await convertToPdf(bytes);
  if (!result.ok) return void (await fail(result.message));
  const pdfKey = storageKey("documents", ".pdf");
  await storage.write(pdfKey, result.pdf, "application/pdf");
  const done = await db.query(
    `UPDATE document_answers SET status = 'COMPLETED', pdf_key = $4, file_size = $5, message = NULL, updated_at = $6 WHERE ${match} RETURNING 1`,
    [userId, answerKey, uploadKey, pdfKey, bytes.length, now()],
  );
  if (done.length === 0) await storage.remove(pdfKey);
}
