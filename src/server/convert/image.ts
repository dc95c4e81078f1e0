// A PNG or JPEG becomes a one-page PDF: the image centred on a Letter page, turned the way the
// page is, shrunk to fit inside the margins and never enlarged (72 pixels to the inch).
import { degrees, drawImage, PDFDocument, type PDFPage } from "pdf-lib";
import { messages } from "../../api-contract/messages";
import { SAVING } from "./pdf-steps";
import { asBuffer, ownsMemory } from "./bytes";
import { quarterTurns } from "./orientation";
import { readPng } from "./png";
import { embedPng, type EmbeddedImage } from "./png-image";

export type Conversion = { ok: true; pdf: Buffer } | { ok: false; message: string };

const LETTER = { short: 612, long: 792 };
const MARGIN = 36;
/** A PNG is unpacked in full to check it (up to 8 bytes a pixel); 1 MB of PNG can declare far more than fits in memory. */
const MAX_PIXELS = 24_000_000;

export async function imageToPdf(bytes: Uint8Array, kind: "png" | "jpeg"): Promise<Conversion> {
  const doc = await PDFDocument.create();
  const image = kind === "png" ? await pngImage(doc, bytes) : await jpegImage(doc, bytes);
  if ("message" in image) return { ok: false, message: image.message };
  // JPEG data goes into the PDF as it is, only its header read: its size matters to whoever opens the PDF.
  if (image.width * image.height > MAX_PIXELS) return { ok: false, message: messages.fileImageTooBig };
  draw(doc, image, kind === "jpeg" ? quarterTurns(bytes) : 0);
  return { ok: true, pdf: asBuffer(await doc.save(SAVING)) };
}

async function pngImage(doc: PDFDocument, bytes: Uint8Array): Promise<EmbeddedImage | { message: string }> {
  const reading = readPng(bytes, MAX_PIXELS);
  if (!reading.ok) return { message: reading.reason === "tooBig" ? messages.fileImageTooBig : messages.fileImageDamaged };
  const direct = embedPng(doc, reading.png);
  if (direct) return direct;
  // Interlaced, tRNS and 16-bit alpha PNGs: rare enough to leave to pdf-lib, now that png.ts has
  // checked them whole. The copy: see ownBytes.
  try {
    const image = await doc.embedPng(ownBytes(bytes));
    await image.embed();
    return image;
  } catch {
    return { message: messages.fileImageDamaged };
  }
}

async function jpegImage(doc: PDFDocument, bytes: Uint8Array): Promise<EmbeddedImage | { message: string }> {
  try {
    const image = await doc.embedJpg(ownBytes(bytes));
    await image.embed();
    return image;
  } catch {
    return { message: messages.fileImageDamaged };
  }
}

// pdf-lib's image readers look at bytes.buffer from offset 0, so a Buffer that shares Node's pool
// (most small ones do) reads as "SOI not found": it gets a copy of its own. Bytes handed to the
// conversion thread already own their memory.
const ownBytes = (bytes: Uint8Array) => (ownsMemory(bytes) ? bytes : new Uint8Array(bytes));

function draw(doc: PDFDocument, image: EmbeddedImage, turns: number) {
  const isSideways = turns % 2 === 1;
  const shown = isSideways ? { width: image.height, height: image.width } : { width: image.width, height: image.height };
  const isLandscape = shown.width > shown.height;
  const page = doc.addPage(isLandscape ? [LETTER.long, LETTER.short] : [LETTER.short, LETTER.long]);
  const scale = Math.min(1, (page.getWidth() - 2 * MARGIN) / shown.width, (page.getHeight() - 2 * MARGIN) / shown.height);
  const width = image.width * scale;
  const height = image.height * scale;
  // Bottom-left corner of the box the picture shows in once turned.
  const left = (page.getWidth() - shown.width * scale) / 2;
  const bottom = (page.getHeight() - shown.height * scale) / 2;
  // PDF turns an image anticlockwise about its own bottom-left corner, so that corner moves to
  // where the turned picture's box still starts at (left, bottom).
  const placements = [
    { x: left, y: bottom, rotate: 0 },
    { x: left, y: bottom + width, rotate: -90 },
    { x: left + width, y: bottom + height, rotate: 180 },
    { x: left + height, y: bottom, rotate: 90 },
  ];
  const { x, y, rotate } = placements[turns]!;
  place(page, image, { x, y, width, height, rotate });
}

/** page.drawImage wants a PDFImage; png-image.ts makes its image objects itself. */
function place(page: PDFPage, image: EmbeddedImage, at: { x: number; y: number; width: number; height: number; rotate: number }) {
  const name = page.node.newXObject("Image", image.ref);
  page.pushOperators(...drawImage(name, { ...at, rotate: degrees(at.rotate), xSkew: degrees(0), ySkew: degrees(0) }));
}
