// Turns an upload into the PDF we store: sniff the bytes, check them, convert. Every way an
// applicant's file can fail comes back as { ok: false, message } in words from messages.ts;
// a throw means our own setup or code is wrong (say, soffice missing). Images and PDFs are
// decoded in a worker thread (isolated.ts), Word documents by LibreOffice in a process of its own.
import { messages } from "../../api-contract/messages";
import { checkDocx } from "./docx";
import { CONVERSION_MS, convertIsolated } from "./isolated";
import { docxToPdf } from "./libreoffice";
import { isCompoundFile, sniff, type DocumentKind } from "./sniff";

export { isolation } from "./isolation";

export interface ConvertOptions {
  /** LibreOffice's launcher; defaults to $SOFFICE_PATH, else `soffice` on the PATH. */
  sofficePath?: string;
  /** A Word document's CPU time (CONVERSION_MS unless told), WALL_FACTOR times as long on the clock (libreoffice.ts). */
  timeoutMs?: number;
}

export type ConvertResult = { ok: true; pdf: Buffer; kind: DocumentKind } | { ok: false; message: string };

export async function convertToPdf(bytes: Buffer, options: ConvertOptions = {}): Promise<ConvertResult> {
  const kind = sniff(bytes);
  if (!kind) return { ok: false, message: isCompoundFile(bytes) ? messages.fileOldWord : messages.fileUnsupported };
  const converted = await convert(bytes, kind, options);
  return converted.ok ? { ok: true, pdf: converted.pdf, kind } : converted;
}

async function convert(bytes: Buffer, kind: DocumentKind, options: ConvertOptions) {
  switch (kind) {
    case "png":
    case "jpeg":
    case "pdf":
      return convertIsolated({ kind, bytes });
    case "docx":
      return wordToPdf(bytes, options);
    default:
      return kind satisfies never;
  }
}

async function wordToPdf(bytes: Buffer, options: ConvertOptions) {
  const check = checkDocx(bytes);
  if (!check.ok) return check;
  const sofficePath = options.sofficePath ?? process.env.SOFFICE_PATH ?? "soffice";
  const made = await docxToPdf(bytes, { sofficePath, timeoutMs: options.timeoutMs ?? CONVERSION_MS });
  if (!made.ok) return { ok: false as const, message: made.reason === "timeout" ? messages.fileTooSlow : messages.fileWordFailed };
  // LibreOffice wrote this PDF from an untrusted document: it is cleaned like an uploaded PDF,
  // so anything active the document carried into it goes the same way.
  const cleaned = await convertIsolated({ kind: "pdf", bytes: made.pdf });
  return cleaned.ok ? cleaned : { ok: false as const, message: messages.fileWordFailed };
}
