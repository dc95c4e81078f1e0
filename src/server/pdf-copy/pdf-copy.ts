// The applicant's PDF copy: a cover page (whose
// application, its reference, when submitted), then Chromium's print of the service view of the
// application (every page, answered items only, every block, the chosen tabs), then the converted
// documents, in the order the pages ask for them. Every page is US Letter, as Chromium prints:
// documents of other sizes are scaled onto Letter pages. Made once per version of the answers; a
// change of the answers (or the submit) makes the next request start a new one.
import { countPdfCopy } from "../platform/metrics";
import { degrees, PDFDocument, type PDFEmbeddedPage, type PDFPage } from "pdf-lib";
import type { ConversionStatus } from "../../api-contract";
import { issueServiceToken } from "../auth/service-tokens";
import type { ServerContext } from "../context";
import { submissionOf, type Submission } from "../data/applications";
import type { ServerForm } from "../form";
import { documentsOf } from "../data/documents";
import { applicationVersion, claimPdfCopy, finishPdfCopy, pdfCopyOf, startPdfCopy, type PdfCopyRow } from "../data/pdf-copies";
import { storageKey } from "../convert/documents";
import { messages } from "../../api-contract/messages";
import { addCover, coverAnswers, LETTER, type Cover } from "./cover";
import { LOADING, SAVING } from "../convert/pdf-steps";

export interface PdfCopyJob { userId: number }

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
    await jobs.send("pdf-copy", { userId } satisfies PdfCopyJob);
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

export async function makePdfCopy(ctx: ServerContext, { userId }: PdfCopyJob): Promise<void> {
  const { db, storage, now } = ctx;
  const madeFrom = await claimPdfCopy(db, userId, now());
  if (!madeFrom) return;
  const finish = (status: ConversionStatus, pdfKey: string | null, message: string | null) =>
    finishPdfCopy(db, userId, madeFrom, { status, pdfKey, message }, now());
  try {
    const token = await issueServiceToken(db, ctx.hash, userId, now());
    // With the definitions it was submitted on (the service view loads them too), read while Chromium prints.
    const submission = await submissionOf(db, userId);
    const form = await ctx.versions.of(submission.version);
    const [printed, attachments] = await Promise.all([
      ctx.printer.print(`${ctx.config.renderUrl}/about?service_token=${encodeURIComponent(token)}`, DRAWN),
      convertedDocuments(ctx, form, userId),
    ]);
    const cover = coverOf(form, submission, now());
    const copy = await assembleCopy(printed, attachments, cover);
    const pdfKey = storageKey("pdf", ".pdf");
    await storage.write(pdfKey, Buffer.from(await copy.save(SAVING)), "application/pdf");
    // The answers changed while this ran: a newer copy is on its way, this one is not needed.
    if (!(await finish("COMPLETED", pdfKey, null))) await storage.remove(pdfKey);
    countPdfCopy("completed");
  } catch (error) {
    await finish("FAILED", null, messages.pdfCopyFailed);
    countPdfCopy("failed");
    throw error;
  }
}

/** The applicant's converted documents, opened, in the order the pages ask for them. */
async function convertedDocuments({ db, storage }: ServerContext, form: ServerForm, userId: number): Promise<PDFDocument[]> {
  const documents = await documentsOf(db, userId);
  const files = await Promise.all(form.documentKeys.map(async (key) => {
    const document = documents.find((d) => d.answerKey === key && d.status === "COMPLETED" && d.pdfKey);
    return document && (await storage.read(document.pdfKey!));
  }));
  return Promise.all(files.filter((bytes) => bytes != null).map((bytes) => PDFDocument.load(bytes, LOADING)));
}

function coverOf(form: ServerForm, { answers, reference, submittedAt }: Submission, madeAt: Date): Cover {
  const { institution } = form.form;
  return {
    institution: institution.name, office: institution.office_name ?? institution.name, timeZone: institution.time_zone,
    ...coverAnswers(answers), reference, submittedAt, madeAt,
  };
}

/** The copy from its parts: the cover, the printed application (its outline and tags kept), the documents on Letter pages. */
export async function assembleCopy(printed: Uint8Array, attachments: PDFDocument[], cover: Cover): Promise<PDFDocument> {
  const copy = await PDFDocument.load(printed, LOADING);
  await addCover(copy, cover);
  for (const source of attachments) await addOnLetter(copy, source);
  return copy;
}

/** Where a document's page may go: Letter less a quarter inch each side, what most printers can print. */
const PRINTABLE = { margin: 18, width: LETTER[0] - 36, height: LETTER[1] - 36 };

const isLetter = (size: { width: number; height: number }) => Math.abs(size.width - LETTER[0]) < 1 && Math.abs(size.height - LETTER[1]) < 1;
/** The page's /Rotate as 0, 90, 180 or 270 (it may be negative or past 360). */
const turnOf = (page: PDFPage) => (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;

/**
 * Adds the pages of `source` as Letter pages. Upright Letter pages are copied as they are (their
 * links kept); others are drawn onto a Letter page, scaled to fit its printable area (up or down,
 * keeping their proportions), centred, and turned as their /Rotate says, which a drawn page would
 * otherwise lose: a scan saved sideways with /Rotate 90 reads upright in a viewer, and must here.
 */
async function addOnLetter(copy: PDFDocument, source: PDFDocument): Promise<void> {
  const pages = source.getPages();
  const isAsIs = pages.map((page) => turnOf(page) === 0 && isLetter(page.getSize()) && isLetter(page.getCropBox()));
  const copied = await copy.copyPages(source, source.getPageIndices().filter((i) => isAsIs[i]));
  const drawn = pages.filter((_, i) => !isAsIs[i]);
  // What a viewer shows is the crop box, not the whole media box.
  const embedded = await copy.embedPages(drawn, drawn.map((page) => {
    const box = page.getCropBox();
    return { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height };
  }));
  pages.forEach((page, i) => {
    if (isAsIs[i]) copy.addPage(copied.shift()!);
    else drawUpright(copy.addPage(LETTER), embedded.shift()!, turnOf(page));
  });
}

function drawUpright(target: PDFPage, source: PDFEmbeddedPage, turn: number): void {
  const { width: w, height: h } = source;
  const [shownWidth, shownHeight] = turn % 180 === 0 ? [w, h] : [h, w];
  const scale = Math.min(PRINTABLE.width / shownWidth, PRINTABLE.height / shownHeight);
  const x = (LETTER[0] - shownWidth * scale) / 2;
  const y = (LETTER[1] - shownHeight * scale) / 2;
  // /Rotate turns a page clockwise; pdf-lib turns a drawing counter-clockwise about its origin,
  // so the origin goes to the corner where the turned page's lower left corner ends up.
  const origins: Record<number, [number, number]> = { 0: [x, y], 90: [x, y + w * scale], 180: [x + w * scale, y + h * scale], 270: [x + h * scale, y] };
  const [originX, originY] = origins[turn]!;
  target.drawPage(source, { x: originX, y: originY, xScale: scale, yScale: scale, rotate: degrees(-turn) });
}
