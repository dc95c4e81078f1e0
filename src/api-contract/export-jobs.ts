// Admins' export jobs (/staff/api/export-jobs): an export too large to download at once is
// written by the job worker and kept 24 hours; the admin's page polls its progress.
import { EXPORT_FORMATS } from "./exports";
import { applicationFilter } from "./staff";
import { anything, body, dateTime, nullable } from "./schema";

export const EXPORT_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

/**
 * Past this many applications an export runs as a job (a zip always does): a direct download of
 * more would hold a browser tab and a server request open for minutes, and a dropped connection
 * would lose it all. The client chooses by the list's count; the server refuses a direct download of
 * more (422) and runs any job it is asked for.
 */
export const EXPORT_DIRECT_LIMIT = 5000;

/** POST /staff/api/export-jobs: an export of the applications matching the list's filter (its sort is ignored). */
export const exportJobBody = body({ format: { enum: EXPORT_FORMATS }, filter: applicationFilter }, ["format", "filter"]);
export const exportJobParams = body({ id: { type: "string", format: "uuid" } }, ["id"]);

export const exportJob = {
  type: "object",
  properties: {
    id: { type: "string" },
    format: { enum: EXPORT_FORMATS },
    filter: anything,
    /** Who started it. */
    by: { type: "string" },
    status: { enum: EXPORT_JOB_STATUSES },
    rows_done: { type: "integer" },
    /** null until the job has counted the applications. */
    rows_total: { type: ["integer", "null"] },
    created_at: dateTime,
    finished_at: nullable(dateTime),
    /** When it and its file go (24 hours after it ended); null until then. */
    expires_at: nullable(dateTime),
    /** Why it failed (failed only). */
    message: nullable({ type: "string" }),
  },
  required: ["id", "format", "filter", "by", "status", "rows_done", "rows_total", "created_at", "finished_at", "expires_at", "message"],
} as const;

/** GET /staff/api/export-jobs: every admin's jobs whose files are not gone yet, newest first. */
export const exportJobList = body({ jobs: { type: "array", items: exportJob } }, ["jobs"]);
