// An applicant's documents in the store, and the conversion job that turns an upload into a PDF
// and draws its first page as a thumbnail (src/server/convert). Files are stored under random
// keys; their rows are data/documents.ts's. A PDF's thumbnail is stored beside it under the same
// key ending in .png instead of .pdf, so no row needs to name it.
import { countConversion } from "../platform/metrics";
import { randomBytes } from "node:crypto";
import { fileMessages, type UploadSettings, type AnswerKey } from "../../engine/runtime";
import { convertToPdf } from ".";
import { sniff, type DocumentKind } from "./sniff";
import { firstPageThumbnail, type ThumbnailOptions } from "./thumbnail";
import type { Queryable } from "../db/database";
import { claimConversion, completeConversion, deleteDocument, failConversion, type ConversionOf, type DocumentFiles } from "../data/documents";
import { messages } from "../../api-contract/messages";
import type { Storage } from "../storage/types";

/** A new storage key under `folder`: 128 random bits, never the applicant's file name. */
export const storageKey = (folder: "documents" | "pdf", extension = "") => `${folder}/${randomBytes(16).toString("hex")}${extension}`;

/** Forgets the document of `answerKey` and removes its files (none is not an error). */
export async function removeDocument(db: Queryable, storage: Storage, userId: number, answerKey: AnswerKey): Promise<void> {
  await removeFiles(storage, await deleteDocument(db, userId, answerKey));
}

/** Where the thumbnail of the PDF stored under `pdfKey` is (or would be). */
export const thumbnailKey = (pdfKey: string) => pdfKey.replace(/\.pdf$/, ".png");

/** A stored file's key and the keys of the files made from it: a PDF's thumbnail (which a PDF copy has none of; removing none is no error). */
export const withDerived = (key: string) => (key.endsWith(".pdf") ? [key, thumbnailKey(key)] : [key]);

/** Removes a document's upload, its PDF and the PDF's thumbnail (none is not an error). */
export async function removeFiles(storage: Storage, documents: DocumentFiles[]): Promise<void> {
  const keysOf = ({ uploadKey, pdfKey }: DocumentFiles) => [uploadKey, ...(pdfKey ? withDerived(pdfKey) : [])];
  for (const row of documents) await Promise.all(keysOf(row).map((key) => storage.remove(key)));
}

export type ConvertJob = ConversionOf;

/** Runs of one conversion at most; pg-boss may start a job a third time, which then only fails it. */
const MAX_ATTEMPTS = 2;

/** The name endings each kind of file the converter reads is uploaded with. */
const ENDINGS: Record<DocumentKind, string[]> = { png: [".png"], jpeg: [".jpg", ".jpeg"], pdf: [".pdf"], docx: [".docx"] };

/** Whether the institution takes this kind of file (uploads.types): a file renamed to pass the name check is judged by its bytes. */
const isAccepted = (kind: DocumentKind | null, uploads: UploadSettings) => kind === null || ENDINGS[kind].some((ending) => (uploads.types as string[]).includes(ending));

/**
 * The convert-document job. The row is matched by its upload key throughout: a document deleted
 * or replaced while this ran is left alone, and the PDF made for it removed. A job that died
 * half-way (its process gone) runs again from IN_PROGRESS, once: a third start fails it.
 */
export async function convertDocument(
  db: Queryable, storage: Storage, job: ConvertJob, now: () => Date, uploads: UploadSettings, thumbnailOptions?: ThumbnailOptions,
): Promise<void> {
  const attempts = await claimConversion(db, job, now());
  if (attempts === null) return;
  let type = "unknown";
  const fail = async (message: string) => {
    await failConversion(db, job, message, now());
    countConversion(type, "failed");
  };
  // Started twice already, and neither run ended (the process died): not a third time.
  if (attempts > MAX_ATTEMPTS) return void (await fail(messages.fileUnreadable));
  const bytes = await storage.read(job.uploadKey);
  if (!bytes) return void (await fail(messages.uploadMissing));
  const kind = sniff(bytes);
  type = kind ?? "unknown";
  if (!isAccepted(kind, uploads)) return void (await fail(fileMessages(uploads).wrongType));
  const result = await convertToPdf(bytes);
  if (!result.ok) return void (await fail(result.message));
  const pdfKey = storageKey("documents", ".pdf");
  const thumbnail = await firstPageThumbnail(result.pdf, thumbnailOptions);
  await storage.write(pdfKey, result.pdf, "application/pdf");
  // Written before the row says COMPLETED: the browser asks for it as soon as it reads that.
  if (thumbnail) await storage.write(thumbnailKey(pdfKey), thumbnail, "image/png");
  if (!(await completeConversion(db, job, pdfKey, bytes.length, now()))) await Promise.all([storage.remove(pdfKey), storage.remove(thumbnailKey(pdfKey))]);
  countConversion(type, "completed");
}
