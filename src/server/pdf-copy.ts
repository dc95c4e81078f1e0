// The applicant's PDF copy (spec: application-form §4 PDF copy download): Chromium prints the
// service view of the application (every page, answered items only, every block, the chosen
// tabs), and the converted documents follow it, in the order the pages ask for them. Made once
// per version of the answers; a change of the answers makes the next request start a new one.
import { PDFDocument } from "pdf-lib";
import type { ConversionStatus } from "../api-contract";
import { issueServiceToken } from "./auth/service-tokens";
import type { ServerContext } from "./context";
import { documentsOf } from "./data/documents";
import { applicationVersion, claimPdfCopy, finishPdfCopy, pdfCopyOf, startPdfCopy, type PdfCopyRow } from "./data/pdf-copies";
import { storageKey } from "./documents";
import { messages } from "./messages";
import { LOADING, SAVING } from "./pdf-steps";

export interface CopyJob { userId: number }

/** A copy that failed is tried again on a request this long after. */
const RETRY_FAILED_MS = 60_000;

/**
 * The copy of the application's current answers, made or on its way. When there is none (or
 * only an older version's, or one that failed a while ago), starts one and answers null: the
 * applicant's GET /api/pdf and the office's POST …/pdf-copy both ask through here.
 */
export async function currentOrNewPdfCopy(ctx: ServerContext, userId: number): Promise<PdfCopyRow | null> {
  const { db, now, storage, jobs } = ctx;
  const version = await applicationVersion(db, userId);
  const copy = await pdfCopyOf(db, userId);
  const isCurrent = copy && copy.madeFrom.getTime() === version.getTime();
  const isRetry = copy?.status === "FAILED" && now().getTime() - copy.updatedAt.getTime() >= RETRY_FAILED_MS;
  if (isCurrent && !isRetry) return copy;
  // Once per version: of two requests racing here, one starts the job.
  if (await startPdfCopy(db, userId, version, now())) {
    if (copy?.pdfKey) await storage.remove(copy.pdfKey);
    await jobs.send("pdf-copy", { userId } satisfies CopyJob);
  }
  return null;
}

/** The finished copy of the application's current answers, or null while there is none. */
export async function finishedPdfCopy(ctx: ServerContext, userId: number): Promise<PdfCopyRow | null> {
  const version = await applicationVersion(ctx.db, userId);
  const copy = await pdfCopyOf(ctx.db, userId);
  return copy?.status === "COMPLETED" && copy.pdfKey && copy.madeFrom.getTime() === version.getTime() ? copy : null;
}

/** The service view shows this once the application has drawn (src/client/form/ServiceView.tsx). */
const DRAWN = ".service-document";

export async function makePdfCopy(ctx: ServerContext, { userId }: CopyJob): Promise<void> {
  const { db, storage, now } = ctx;
  const madeFrom = await claimPdfCopy(db, userId, now());
  if (!madeFrom) return;
  const finish = (status: ConversionStatus, pdfKey: string | null, message: string | null) =>
    finishPdfCopy(db, userId, madeFrom, { status, pdfKey, message }, now());
  try {
    const token = await issueServiceToken(db, ctx.hash, userId, now());
    // The documents are read while Chromium prints.
    const [printed, attachments] = await Promise.all([
      ctx.printer.print(`${ctx.config.renderUrl}/about?service_token=${encodeURIComponent(token)}`, DRAWN),
      convertedDocuments(ctx, userId),
    ]);
    const copy = await PDFDocument.load(printed, LOADING);
    for (const source of attachments) {
      for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
    }
    const pdfKey = storageKey("pdf", ".pdf");
    await storage.write(pdfKey, Buffer.from(await copy.save(SAVING)), "application/pdf");
    // The answers changed while this ran: a newer copy is on its way, this one is not needed.
    if (!(await finish("COMPLETED", pdfKey, null))) await storage.remove(pdfKey);
  } catch (error) {
    await finish("FAILED", null, messages.pdfCopyFailed);
    throw error;
  }
}

/** The applicant's converted documents, opened, in the order the pages ask for them. */
async function convertedDocuments({ db, storage, form }: ServerContext, userId: number): Promise<PDFDocument[]> {
  const documents = await documentsOf(db, userId);
  const files = await Promise.all(form.documentKeys.map(async (key) => {
    const document = documents.find((d) => d.answerKey === key && d.status === "COMPLETED" && d.pdfKey);
    return document && (await storage.read(document.pdfKey!));
  }));
  return Promise.all(files.filter((bytes) => bytes != null).map((bytes) => PDFDocument.load(bytes, LOADING)));
}
