// An export run as a job (docs/office.md, "The admissions office": exports): the job worker streams writeExport
// (exports/export.ts) into the store as it is written, never holding the file whole, and records
// its progress about once a second for the admin's page. A run that fails, or whose worker died
// (pg-boss takes the job up again when it expires), starts over from the first row.
import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { ServerContext } from "../context";
import { claimExportJob, finishExportJob, recordExportProgress } from "../data/export-jobs";
import { exportFile, writeExport } from "./export";
import { filterFacts } from "../staff/list-filter";
import { messages } from "../../api-contract/messages";

export interface ExportJob { id: string }

/** Progress is written at most this often: a batch may take a few milliseconds. */
const PROGRESS_MS = 1000;

export async function runExportJob(ctx: ServerContext, { id }: ExportJob): Promise<void> {
  const { db, storage, now } = ctx;
  // No extension: a download's type comes from the name it is downloaded under (storage/keys.ts).
  const key = `exports/${randomBytes(16).toString("hex")}`;
  const run = await claimExportJob(db, id, key);
  if (!run) return;
  if (run.previousKey) await storage.remove(run.previousKey);
  const { contentType } = exportFile[run.format];

  // At most one write a second, the latest figures: at once when a second has passed since the
  // last, else at the end of that second (so a run held up by a slow store still shows how far it got).
  let lastWritten = -Infinity;
  let latest: [done: number, total: number] | null = null;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    timer = undefined;
    if (!latest) return;
    const [done, total] = latest;
    latest = null;
    lastWritten = performance.now();
    // One write at a time, in order; a failed one is not worth failing the export for.
    writing = writing.then(() => recordExportProgress(db, id, run.attempt, done, total)).catch(() => undefined);
  };
  const onProgress = (done: number, total: number) => {
    latest = [done, total];
    if (timer) return;
    const wait = lastWritten + PROGRESS_MS - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  const settled = async () => {
    clearTimeout(timer);
    await writing;
  };

  const out = new PassThrough();
  // Its error reaches us through both promises below; this keeps a late one from being thrown as unhandled.
  out.on("error", () => undefined);
  const stored = storage.writeStream(key, out, contentType);
  // Checked when the job was started; an export is an admin's, who may know every decision.
  const filter = { ...run.filter, ...filterFacts(ctx, "admin") };
  const exported = writeExport(ctx, run.format, filter, out, onProgress);
  try {
    const [{ rows }] = await Promise.all([exported, stored]);
    await settled();
    // A later run took the job over (this one was given up for dead): its file is the one kept.
    if (!(await finishExportJob(db, id, run.attempt, { status: "done", rows }, now()))) await storage.remove(key);
  } catch (error) {
    // Either side failing stops the other: a failed export leaves the store nothing, a failed
    // store stops the reading of the database.
    out.destroy(error as Error);
    await Promise.allSettled([exported, stored, settled()]);
    await storage.remove(key);
    await finishExportJob(db, id, run.attempt, { status: "failed", error: messages.exportFailed }, now());
    // pg-boss tries it again (twice), from the start.
    throw error;
  }
}
