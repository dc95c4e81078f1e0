// An uploaded PDF is never stored as uploaded: its pages are copied into a new document, which
// leaves behind the catalog (where document-level JavaScript, OpenAction and attachments live),
// and what pages carry along is cleaned before saving.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFContext, type PDFObject } from "pdf-lib";
import { messages } from "../../api-contract/messages";
import { constants, inflateSync } from "node:zlib";
import { LOADING, SAVING } from "./pdf-steps";
import { asBuffer } from "./bytes";
import type { Conversion } from "./image";

export async function rewritePdf(bytes: Uint8Array): Promise<Conversion> {
  if (!inflatesWithin(bytes, MAX_INFLATED_BYTES)) return { ok: false, message: messages.filePdfTooLarge };
  let source: PDFDocument;
  try {
    // Loaded despite encryption only to ask isEncrypted: pdf-lib's EncryptedPDFError fails
    // instanceof (compiled for ES5), so the throw can't be told from damage.
    source = await PDFDocument.load(bytes, { ...LOADING, ignoreEncryption: true, updateMetadata: false });
  } catch {
    return { ok: false, message: messages.filePdfDamaged };
  }
  // pdf-lib can't decrypt, and that includes PDFs that open without a password but forbid
  // copying (common for statements and transcripts): their pages would copy as noise.
  if (source.isEncrypted) return { ok: false, message: messages.filePdfPassword };
  try {
    if (source.getPageCount() === 0) return { ok: false, message: messages.filePdfDamaged };
    const copy = await PDFDocument.create();
    for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
    removeActiveContent(copy);
    return { ok: true, pdf: asBuffer(await copy.save(SAVING)) };
  } catch {
    // pdf-lib parses leniently and fails later, while copying, on a broken page tree or object:
    // that is the applicant's file, not our bug.
    return { ok: false, message: messages.filePdfDamaged };
  }
}

// Following a link inside the document, "next page" and opening a web or mail address run
// nothing. Everything else (JavaScript, Launch, SubmitForm, ImportData, GoToR, media, and
// javascript: or file: addresses) is dropped.
const HARMLESS_ACTIONS = new Set(["GoTo", "Named"]);
const HARMLESS_ADDRESS = /^(https?|mailto):/i;
// Annotations that carry a file, sound or video for the reader's computer to open.
const EMBEDDING_ANNOTATIONS = new Set(["FileAttachment", "Sound", "Movie", "Screen", "RichMedia", "3D"]);
const name = (text: string) => PDFName.of(text);

function removeActiveContent(doc: PDFDocument) {
  for (const page of doc.getPages()) {
    const annotations = page.node.Annots();
    if (!annotations) continue;
    const kept = annotations.asArray().filter((ref) => !EMBEDDING_ANNOTATIONS.has(nameOf(doc.context.lookup(ref), "Subtype")));
    page.node.set(name("Annots"), doc.context.obj(kept));
  }
  // Actions hide in pages (AA), annotations (A, AA) and form fields reached through them.
  for (const [, object] of doc.context.enumerateIndirectObjects()) clean(object, doc.context);
  dropUnreachable(doc.context);
}

/**
 * pdf-lib writes every object it holds, referenced or not: a dropped attachment or action
 * would still be in the file, just unlinked. Keep only what the catalog and info reach.
 */
function dropUnreachable(context: PDFContext) {
  const reached = new Set<PDFRef>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter((object) => object !== undefined);
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFDict) pending.push(...object.values());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}

function clean(object: PDFObject, context: PDFContext) {
  if (object instanceof PDFStream) return clean(object.dict, context);
  if (object instanceof PDFArray) return object.asArray().forEach((item) => clean(item, context));
  if (!(object instanceof PDFDict)) return;
  object.delete(name("AA"));
  object.delete(name("JS"));
  for (const key of ["A", "Next"]) {
    const action = object.get(name(key));
    if (action && !isHarmless(context.lookup(action))) object.delete(name(key));
  }
  for (const [, value] of object.entries()) clean(value, context);
}

function isHarmless(action: PDFObject | undefined): boolean {
  const type = nameOf(action, "S");
  if (type !== "URI") return HARMLESS_ACTIONS.has(type);
  const address = action instanceof PDFDict ? action.lookup(name("URI")) : undefined;
  return (address instanceof PDFString || address instanceof PDFHexString) && HARMLESS_ADDRESS.test(address.decodeText().trim());
}

function nameOf(object: PDFObject | undefined, key: string): string {
  const value = object instanceof PDFDict ? object.lookup(name(key)) : undefined;
  return value instanceof PDFName ? value.decodeText() : "";
}

/**
 * A PDF of 1 MB may hold streams that unpack to gigabytes (a "zip bomb"), which pdf-lib would
 * unpack whole while loading. Before it does, every Deflate stream is unpacked here with a cap
 * on what all of them may come to together; past it, the file is refused.
 */
const MAX_INFLATED_BYTES = 128 * 1024 * 1024;

function inflatesWithin(bytes: Uint8Array, budget: number): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = budget;
  for (let at = buffer.indexOf("stream"); at >= 0; at = buffer.indexOf("stream", at + 6)) {
    // "stream" then CRLF or LF, and data starting with a zlib header (78 01, 78 5E, 78 9C, 78 DA).
    let start = at + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] !== 0x0a || buffer[start + 1] !== 0x78) continue;
    start++;
    const end = buffer.indexOf("endstream", start);
    const data = buffer.subarray(start, end < 0 ? buffer.length : end);
    try {
      left -= inflateSync(data, { maxOutputLength: Math.max(left, 1), finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) return false;
      // Not Deflate after all, or damaged: pdf-lib decides.
    }
    if (left <= 0) return false;
  }
  return true;
}
