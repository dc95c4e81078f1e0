// The office's exports of the applications matching the list's filter: CSV (one row per
// application, one column per answer key), the labels file (key → question label → page), JSON
// Lines, and a zip of each submitted application's PDF copy and documents. Each is streamed from
// the database in batches into a Writable, so memory stays flat however many rows match.
import type { Writable } from "node:stream";
import type { ServerContext } from "../context";
import type { ListFilter } from "../data/office-list";

export type ExportFormat = "csv" | "labels" | "jsonl" | "zip";

/** The list's filter (data/office-list.ts), with the office's time zone. */
export type OfficeFilter = ListFilter;

export const exportFile: Record<ExportFormat, { contentType: string; extension: string }> = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  labels: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  jsonl: { contentType: "application/x-ndjson; charset=utf-8", extension: "jsonl" },
  zip: { contentType: "application/zip", extension: "zip" },
};

/**
 * Streams the export of the applications matching `filter` into `out` and ends it; calls
 * onProgress(done, total) after each batch. Resolves with the number of applications written
 * once `out` has finished.
 */
export async function writeExport(
  ctx: ServerContext, format: ExportFormat, filter: OfficeFilter, out: Writable,
  onProgress?: (done: number, total: number) => void,
): Promise<{ rows: number }> {
  void ctx; void filter; void onProgress;
  out.end();
  throw new Error(`The ${format} export is not written yet.`);
}
