// The office's exports of the applications matching the list's filter: CSV (one row per
// application, one column per answer key: columns.ts), the labels file (key → question label →
// page), JSON Lines, and a zip of each submitted application's PDF copy and documents. Each is
// streamed from the database 50 rows at a time (data/export-rows.ts) through pipeline() into a
// Writable, which paces it: a slow download slows the reads, so memory stays flat however many
// rows match. The routes (routes.ts) and the export jobs both write through writeExport.
import { once } from "node:events";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipArchive } from "archiver";
import { EXPORT_FORMATS } from "../../api-contract";
import { entryName } from "../accounts/own-data";
import type { ServerContext } from "../context";
import { exportCount, exportRows, zipFilesOf, type ExportRow } from "../data/export-rows";
import type { ApplicationFilter } from "../data/office-list";
import { currentOrNewPdfCopy } from "../pdf-copy/pdf-copy";
import { csvRecord, exportTable, jsonRecord, type ExportTable } from "./columns";
import { retiredAnswerKeys, submittedVersions } from "../data/definition-versions";
import type { CompiledForm } from "../../engine/runtime";
import { BYTE_ORDER_MARK, csvLine } from "./csv";

export type ExportFormat = "csv" | "labels" | "jsonl" | "zip";
// The formats the routes accept are these.
EXPORT_FORMATS satisfies readonly ExportFormat[];

export const exportFile: Record<ExportFormat, { contentType: string; extension: string }> = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  labels: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  jsonl: { contentType: "application/x-ndjson; charset=utf-8", extension: "jsonl" },
  zip: { contentType: "application/zip", extension: "zip" },
};

type Progress = (done: number, total: number) => void;

/**
 * Streams the export of the applications matching `filter` into `out` and ends it; calls
 * onProgress(done, total) after each batch. Resolves with the number of applications written
 * once `out` has finished (the labels file: the number of keys it describes). Rejects when `out`
 * fails or closes early (a download given up), having stopped reading the database.
 */
export async function writeExport(ctx: ServerContext, format: ExportFormat, filter: ApplicationFilter, out: Writable, onProgress?: Progress): Promise<{ rows: number }> {
  const count = { rows: 0 };
  try {
    switch (format) {
      case "csv": await writeCsv(ctx, filter, out, count, onProgress); break;
      case "labels": await writeLabels(ctx, out, count); break;
      case "jsonl": await writeJsonLines(ctx, filter, out, count, onProgress); break;
      case "zip": await writeZip(ctx, filter, out, count, onProgress); break;
      default: throw new Error(`unknown export format ${format satisfies never}`);
    }
  } catch (error) {
    throw new ExportBrokenOff(count.rows, error);
  }
  return count;
}

/** An export that did not finish; `rows` were written into the stream before it broke off. */
export class ExportBrokenOff extends Error {
  constructor(readonly rows: number, cause: unknown) {
    super(`the export broke off after ${rows} rows`, { cause });
  }
}

/**
 * The longest piece of text handed on, in UTF-16 code units (64 KB at most): a string of more than
 * 128 KB is a large object to V8, which only a full collection frees. Pieces that big, one per page
 * of rows, made the heap grow with the export until a full collection (scripts/bench-exports.ts
 * measures the RSS growth); pieces this size die young.
 */
export const PIECE_LENGTH = 32 * 1024;

/**
 * The rows of `filter` as `toText` writes each row, in pieces of up to PIECE_LENGTH (a row longer
 * than that is a piece of its own); counted and reported after each page of rows.
 */
async function* batches(
  ctx: ServerContext, filter: ApplicationFilter, count: { rows: number }, onProgress: Progress | undefined, toText: (row: ExportRow) => string,
): AsyncGenerator<string> {
  const total = await exportCount(ctx.db, filter);
  onProgress?.(0, total);
  for await (const batch of exportRows(ctx.db, filter)) {
    let text = "";
    for (const row of batch) {
      const line = toText(row);
      if (text.length + line.length > PIECE_LENGTH && text) {
        yield text;
        text = "";
      }
      text += line;
    }
    if (text) yield text;
    count.rows += batch.length;
    onProgress?.(count.rows, total);
  }
}

/**
 * The export's table, and the form each row is written with: the version it was submitted on,
 * else (not submitted yet) the current one. Every version applications were submitted on is
 * compiled before the first row, so a version that does not load stops the export before it
 * starts, never a row written with other definitions.
 */
async function versionedTable(ctx: ServerContext): Promise<{ table: ExportTable; formOf: (row: ExportRow) => CompiledForm }> {
  const forms = new Map<string, CompiledForm>();
  for (const hash of await submittedVersions(ctx.db)) forms.set(hash, (await ctx.versions.of(hash)).form);
  const current = ctx.form.form;
  const table = exportTable(current, [...forms].filter(([hash]) => hash !== ctx.version.hash).map(([, form]) => form), await retiredAnswerKeys(ctx.db));
  const formOf = (row: ExportRow) => {
    if (row.version === null || row.version === ctx.version.hash) return current;
    const form = forms.get(row.version);
    // Submitted while this export ran, on a version another process published after it began.
    if (!form) throw new Error(`${row.reference} was submitted on a version this export did not load (${row.version}); export again`);
    return form;
  };
  return { table, formOf };
}

async function writeCsv(ctx: ServerContext, filter: ApplicationFilter, out: Writable, count: { rows: number }, onProgress?: Progress) {
  const { table, formOf } = await versionedTable(ctx);
  async function* lines() {
    yield BYTE_ORDER_MARK + csvLine(table.columns.map((column) => column.key));
    yield* batches(ctx, filter, count, onProgress, (row) => csvLine(csvRecord(formOf(row), table, row)));
  }
  await pipeline(Readable.from(lines()), out);
}

async function writeLabels(ctx: ServerContext, out: Writable, count: { rows: number }) {
  const { columns } = (await versionedTable(ctx)).table;
  count.rows = columns.length;
  const lines = [["key", "label", "page"], ...columns.map(({ key, label, page }) => [key, label, page])].map(csvLine);
  await pipeline(Readable.from([BYTE_ORDER_MARK + lines.join("")]), out);
}

/** JSON Lines keep every value as it is: it is data, not a sheet, so nothing is prefixed. */
async function writeJsonLines(ctx: ServerContext, filter: ApplicationFilter, out: Writable, count: { rows: number }, onProgress?: Progress) {
  const { table, formOf } = await versionedTable(ctx);
  await pipeline(Readable.from(batches(ctx, filter, count, onProgress, (row) => `${JSON.stringify(jsonRecord(formOf(row), table, row))}\n`)), out);
}

/** Said in the zip where an application's PDF copy would be, when none of its current answers is made yet. */
export const COPY_NOT_READY = "application-pdf-not-ready.txt";
const copyNotReady = (reference: string, isStarted: boolean) =>
  `The PDF copy of ${reference} was not made yet when this export was written. `
  + (isStarted
    ? "Making it has started: it is in the next export, and on the application's page in the admissions office once made.\r\n"
    : "This export started as many copies as one export may: start this one from the application's page in the admissions office, and it is in the next export once made.\r\n");

/**
 * The PDF copies one zip starts at most: each is a Chromium render on the job queue the
 * applicants' own copies wait in too, and a zip of thousands of applications without copies
 * would put every applicant behind it.
 */
export const ZIP_COPIES_STARTED = 20;

/**
 * Each submitted application of `filter` under `{reference}/`: application.pdf (its PDF copy) and
 * each document as uploaded and, once converted, as PDF, in `documents/{answer key}/`, as the
 * applicant's own-data zip names them (accounts/own-data.ts). One file is open at a time: the
 * next is opened once the archive has taken the one before, and the archive reads a file only as
 * fast as `out` takes the zip. Files are stored, not deflated: PDFs, images and Word files are
 * compressed already, and deflating them again would cost time for nothing.
 */
async function writeZip(ctx: ServerContext, filter: ApplicationFilter, out: Writable, count: { rows: number }, onProgress?: Progress) {
  const archive = new ZipArchive({ store: true });
  const stopped = new AbortController();
  const piping = pipeline(archive, out).finally(() => stopped.abort());
  const add = async (source: string | Readable, name: string) => {
    try {
      if (stopped.signal.aborted) throw stopped.signal.reason;
      const added = once(archive, "entry", { signal: stopped.signal });
      archive.append(source, { name });
      await added;
    } catch (error) {
      if (typeof source !== "string") source.destroy();
      throw error;
    }
  };
  let copiesStarted = 0;
  const fill = async () => {
    const total = await exportCount(ctx.db, filter, { submittedOnly: true });
    onProgress?.(0, total);
    for await (const batch of exportRows(ctx.db, filter, { submittedOnly: true })) {
      const files = await zipFilesOf(ctx.db, batch.map((row) => row.id));
      for (const row of batch) {
        const folder = entryName(row.reference ?? `application-${row.id}`);
        const { copyKey, documents } = files.get(row.id)!;
        const copy = copyKey ? await ctx.storage.readStream(copyKey) : null;
        if (copy) await add(copy, `${folder}/application.pdf`);
        else {
          const isStarted = copiesStarted < ZIP_COPIES_STARTED;
          if (isStarted) copiesStarted++;
          await add(copyNotReady(folder, isStarted), `${folder}/${COPY_NOT_READY}`);
          if (isStarted) await currentOrNewPdfCopy(ctx, row.id);
        }
        for (const document of documents) {
          const documentFolder = `${folder}/documents/${entryName(document.answerKey)}`;
          // A file gone from the store (removed by hand) is left out rather than failing the rest, as in the own-data zip.
          const original = await ctx.storage.readStream(document.uploadKey);
          if (original) await add(original, `${documentFolder}/original - ${entryName(document.fileName)}`);
          const converted = document.pdfKey ? await ctx.storage.readStream(document.pdfKey) : null;
          if (converted) await add(converted, `${documentFolder}/converted.pdf`);
        }
        count.rows++;
      }
      onProgress?.(count.rows, total);
    }
    await archive.finalize();
  };
  const filling = fill().catch((error: unknown) => {
    archive.destroy(error as Error);
    throw error;
  });
  await Promise.all([filling, piping]);
}
