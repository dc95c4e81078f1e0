// The SQL of export jobs (migrations/014_exports.sql): queued by an admin, claimed and run by the
// job worker (exports/jobs.ts), listed with their progress, and swept once their file has expired.
import type { FromSchema } from "json-schema-to-ts";
import type { applicationFilter, EXPORT_FORMATS, EXPORT_JOB_STATUSES } from "../../api-contract";
import type { Queryable } from "../db/database";

export type ExportJobFormat = (typeof EXPORT_FORMATS)[number];
type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];
/** The list's filter as the admin sent it; the office's time zone is added when the job runs. */
export type StoredFilter = FromSchema<typeof applicationFilter>;

export type ExportJobRow = {
  id: string;
  format: ExportJobFormat;
  filter: StoredFilter;
  by: string;
  status: ExportJobStatus;
  rows_done: number;
  rows_total: number | null;
  storage_key: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
};

/** A finished export's file is kept this long. */
const EXPORT_KEPT_MS = 24 * 60 * 60_000;

const COLUMNS = `j.id::text AS id, j.format, j.filter, s.email AS by, j.status, j.rows_done, j.rows_total, j.storage_key, j.error,
  j.created_at, j.finished_at, j.expires_at`;

export async function queueExportJob(db: Queryable, job: { id: string; staffId: number; format: ExportJobFormat; filter: StoredFilter }, now: Date): Promise<void> {
  await db.query("INSERT INTO export_jobs (id, staff_id, format, filter, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)",
    [job.id, job.staffId, job.format, JSON.stringify(job.filter), now]);
}

export async function exportJobOf(db: Queryable, id: string): Promise<ExportJobRow | null> {
  const [row] = await db.query<ExportJobRow>(`SELECT ${COLUMNS} FROM export_jobs j JOIN staff s ON s.id = j.staff_id WHERE j.id = $1`, [id]);
  return row ?? null;
}

/** Every job not expired yet (a failed one too, for its message, a day), newest first. */
export async function exportJobsOf(db: Queryable, now: Date, limit: number): Promise<ExportJobRow[]> {
  return db.query<ExportJobRow>(
    `SELECT ${COLUMNS} FROM export_jobs j JOIN staff s ON s.id = j.staff_id
     WHERE j.expires_at IS NULL OR j.expires_at > $1 ORDER BY j.created_at DESC, j.id LIMIT $2`,
    [now, limit]);
}

export type ClaimedRun = { attempt: number; format: ExportJobFormat; filter: StoredFilter; previousKey: string | null };

/**
 * Starts a run of the job: its first, or again from the start after a worker died or a run
 * failed (pg-boss retries both). Sets the new file's key and answers the previous run's, to be
 * removed. Null when the job is done (or gone): a late retry has nothing to do.
 */
export async function claimExportJob(db: Queryable, id: string, storageKey: string): Promise<ClaimedRun | null> {
  const [row] = await db.query<ClaimedRun>(
    `UPDATE export_jobs j SET status = 'running', attempt = j.attempt + 1, rows_done = 0, rows_total = NULL, error = NULL, storage_key = $2,
       finished_at = NULL, expires_at = NULL
     FROM export_jobs old WHERE j.id = $1 AND old.id = j.id AND j.status <> 'done'
     RETURNING j.attempt, j.format, j.filter, old.storage_key AS "previousKey"`,
    [id, storageKey]);
  return row ?? null;
}

/** The run's progress; false when a later run has taken the job over. */
export async function recordExportProgress(db: Queryable, id: string, attempt: number, done: number, total: number): Promise<boolean> {
  const rows = await db.query("UPDATE export_jobs SET rows_done = $3, rows_total = $4 WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING id",
    [id, attempt, done, total]);
  return rows.length > 0;
}

/** Ends the run: done (its file kept 24 hours) or failed with a message. False when a later run has taken over. */
export async function finishExportJob(
  db: Queryable, id: string, attempt: number, result: { status: "done"; rows: number } | { status: "failed"; error: string }, now: Date,
): Promise<boolean> {
  const rows = result.status === "done"
    ? await db.query(
      `UPDATE export_jobs SET status = 'done', rows_done = $3, rows_total = $3, finished_at = $4, expires_at = $5
       WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING id`,
      [id, attempt, result.rows, now, new Date(now.getTime() + EXPORT_KEPT_MS)])
    : await db.query(
      `UPDATE export_jobs SET status = 'failed', error = $3, finished_at = $4, expires_at = $5
       WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING id`,
      [id, attempt, result.error, now, new Date(now.getTime() + EXPORT_KEPT_MS)]);
  return rows.length > 0;
}

/** A job not finished this long after it was queued never will be (pg-boss gave up on it). */
const ABANDONED_MS = 7 * 24 * 60 * 60_000;

/** Removes jobs whose time is over (a day after they ended, or abandoned); answers their files' keys. */
export async function sweepExportJobs(db: Queryable, now: Date): Promise<string[]> {
  const rows = await db.query<{ key: string | null }>(
    "DELETE FROM export_jobs WHERE expires_at <= $1 OR (finished_at IS NULL AND created_at <= $2) RETURNING storage_key AS key",
    [now, new Date(now.getTime() - ABANDONED_MS)]);
  return rows.flatMap(({ key }) => (key ? [key] : []));
}

/** Every file an export job names, so the sweep of unnamed files leaves them alone. */
export async function exportJobKeys(db: Queryable): Promise<string[]> {
  return (await db.query<{ key: string }>("SELECT storage_key AS key FROM export_jobs WHERE storage_key IS NOT NULL")).map(({ key }) => key);
}
