// The SQL of applicants' PDF copies: one row per applicant, made from one version of the answers
// (the application's updated_at when it was started).
import type { ConversionStatus } from "../../api-contract";
import type { Queryable } from "../db/database";

export interface PdfCopyRow { status: ConversionStatus; pdfKey: string | null; message: string | null; madeFrom: Date; updatedAt: Date }

/** The version of the answers a copy is made from: when the application last changed. */
export async function applicationVersion(db: Queryable, userId: number): Promise<Date> {
  const [application] = await db.query<{ updatedAt: Date }>(`SELECT updated_at AS "updatedAt" FROM applications WHERE user_id = $1`, [userId]);
  return application!.updatedAt;
}

export async function pdfCopyOf(db: Queryable, userId: number): Promise<PdfCopyRow | null> {
  const [copy] = await db.query<PdfCopyRow & Record<string, unknown>>(
    `SELECT status, pdf_key AS "pdfKey", message, made_from AS "madeFrom", updated_at AS "updatedAt" FROM pdf_copies WHERE user_id = $1`, [userId]);
  return copy ?? null;
}

/**
 * Starts a copy of `version`, unless one of it is made or on its way (a failed one starts
 * again). Of two requests racing here, one starts it: answers whether this one did.
 */
export async function startPdfCopy(db: Queryable, userId: number, version: Date, now: Date): Promise<boolean> {
  const started = await db.query(
    `INSERT INTO pdf_copies (user_id, status, made_from, updated_at) VALUES ($1, 'UNPROCESSED', $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET status = 'UNPROCESSED', pdf_key = NULL, message = NULL, made_from = $2, updated_at = $3
     WHERE pdf_copies.made_from <> $2 OR pdf_copies.status = 'FAILED'
     RETURNING 1`,
    [userId, version, now],
  );
  return started.length > 0;
}

/** Marks the copy being made; answers the version it is made from, or null when there is none to make. */
export async function claimPdfCopy(db: Queryable, userId: number, now: Date): Promise<Date | null> {
  const [claimed] = await db.query<{ madeFrom: Date }>(
    `UPDATE pdf_copies SET status = 'IN_PROGRESS', updated_at = $2 WHERE user_id = $1 AND status IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING made_from AS "madeFrom"`,
    [userId, now],
  );
  return claimed?.madeFrom ?? null;
}

/** Answers false when a copy of a newer version was started meanwhile: this one is not needed. */
export async function finishPdfCopy(
  db: Queryable, userId: number, madeFrom: Date, { status, pdfKey, message }: { status: ConversionStatus; pdfKey: string | null; message: string | null }, now: Date,
): Promise<boolean> {
  const rows = await db.query("UPDATE pdf_copies SET status = $2, pdf_key = $3, message = $4, updated_at = $5 WHERE user_id = $1 AND made_from = $6 RETURNING 1",
    [userId, status, pdfKey, message, now, madeFrom]);
  return rows.length > 0;
}
