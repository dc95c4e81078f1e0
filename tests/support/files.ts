// Real files for the conversion tests and scripts/bench-convert.ts, made on the spot instead of
// committed: each is built the way its format says, and checked with poppler, not with our code.
import { spawn } from "node:child_process";
import { crc32, deflateSync } from "node:zlib";
import { strToU8, zipSync, type Zippable } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";

type Rgb = [number, number, number];
type Pixel = Rgb | [number, number, number, number] | [number] | [number, number];

// Adam7: first column and row of each of the seven passes, then the step between pixels taken.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

interface PngOptions {
  isInterlaced?: boolean;
  /** RGBA instead of RGB: pixel() then returns four values. */
  hasAlpha?: boolean;
  /** Grey instead of RGB: pixel() then returns one value, or two with hasAlpha. */
  isGrey?: boolean;
  /** Filter each row with the next of PNG's five filters in turn, instead of none. */
  isFiltered?: boolean;
  /** With isFiltered, the filter type (0 to 4) of the first row rather than 0 (None). */
  firstFilter?: number;
}

/** A PNG of 8-bit RGB or grey pixels, with or without alpha. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Pixel, options: PngOptions = {}): Buffer {
  const samples = (options.isGrey ? 1 : 3) + (options.hasAlpha ? 1 : 0);
  const rows: Buffer[] = [];
  for (const [left, top, across, down] of options.isInterlaced ? ADAM7 : [[0, 0, 1, 1]]) {
    const columns = Math.ceil(Math.max(0, width - left!) / across!);
    let previous = Buffer.alloc(columns * samples);
    for (let y = top!; y < height && columns > 0; y += down!) {
      const raw = Buffer.alloc(columns * samples);
      for (let i = 0; i < columns; i++) raw.set(pixel(left! + i * across!, y).slice(0, samples), i * samples);
      const filter = options.isFiltered ? (rows.length + (options.firstFilter ?? 0)) % 5 : 0;
      rows.push(Buffer.concat([Buffer.from([filter]), filter === 0 ? raw : filterRow(filter, raw, previous, samples)]));
      previous = raw;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type grey or RGB (+ 4 with alpha), deflate, the one filter method, interlacing.
  header.set([8, (options.isGrey ? 0 : 2) + (options.hasAlpha ? 4 : 0), 0, 0, options.isInterlaced ? 1 : 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * A 16-bit RGBA PNG of `size` × `size` pixels in a soft gradient, compressed to well under 1 MB:
 * small to upload, heavy to decode (8 bytes a pixel).
 */
export function png16(size: number, { isInterlaced = false } = {}): Buffer {
  const sample = (x: number) => [Math.floor((x / size) * 65535), 0, 0, 0xffff];
  const rows: Buffer[] = [];
  for (const [left, top, across, down] of isInterlaced ? ADAM7 : [[0, 0, 1, 1]]) {
    const columns = Math.ceil(Math.max(0, size - left!) / across!);
    if (columns === 0) continue;
    const row = Buffer.alloc(1 + columns * 8);
    for (let i = 0; i < columns; i++) sample(left! + i * across!).forEach((v, c) => row.writeUInt16BE(v, 1 + i * 8 + c * 2));
    // Every row after a pass's first is filtered "Up": the same as the row above, so all zeros.
    const same = Buffer.alloc(row.length);
    same[0] = 2;
    for (let y = top!, first = true; y < size; y += down!, first = false) rows.push(first ? row : same);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([16, 6, 0, 0, isInterlaced ? 1 : 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/** A PDF whose one content stream unpacks to `megabytes` MB of zeros: a few hundred KB on disk. */
export function pdfBomb(megabytes: number): Buffer {
  const packed = deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
  const head = Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, "latin1");
  const tail = Buffer.from("\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
  return Buffer.concat([head, packed, tail]);
}

/** PNG spec section 9.2: each byte minus a prediction from its left, upper and upper-left neighbours. */
function filterRow(filter: number, raw: Buffer, previous: Buffer, samples: number): Buffer {
  return Buffer.from(
    raw.map((value, i) => {
      const [left, up, upLeft] = [i >= samples ? raw[i - samples]! : 0, previous[i]!, i >= samples ? previous[i - samples]! : 0];
      const estimate = left + up - upLeft;
      const paeth = [left, up, upLeft].sort((a, b) => Math.abs(estimate - a) - Math.abs(estimate - b))[0]!;
      return value - [0, left, up, (left + up) >> 1, paeth][filter]!;
    }),
  );
}

/** The same PNG claiming other dimensions in its header, with a correct checksum. */
export function withClaimedSize(image: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(image);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A Letter-size PDF with each line of text on its own line, `pages` times. */
export async function pdfWithText(lines: string[], pages = 1): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 14, size: 11, font }));
  }
  return doc;
}

/** Poppler renders a PDF's first page to JPEG: a real JPEG, from an encoder that isn't ours. */
export function jpegOf(pdf: Uint8Array, dpi: number, quality = 90): Promise<Buffer> {
  return tool("pdftoppm", ["-jpeg", "-jpegopt", `quality=${quality}`, "-r", String(dpi), "-singlefile", "-"], pdf);
}

/** The first page as RGB pixels (PPM), to see where things ended up. */
export async function pixelsOf(pdf: Uint8Array, dpi: number): Promise<{ width: number; height: number; at: (x: number, y: number) => Rgb }> {
  const ppm = await tool("pdftoppm", ["-r", String(dpi), "-singlefile", "-"], pdf);
  const [header, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString("latin1", 0, 40))!;
  const start = header.length;
  const w = Number(width);
  return { width: w, height: Number(height), at: (x, y) => [...ppm.subarray(start + (y * w + x) * 3, start + (y * w + x) * 3 + 3)] as Rgb };
}

export async function textOf(pdf: Uint8Array): Promise<string> {
  return (await tool("pdftotext", ["-", "-"], pdf)).toString("utf8");
}

/** A word poppler reads, with its page (from 1) and its box in points from the page's top left. */
export interface WordBox { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number }

const xmlText = (text: string) => text.replace(/&(lt|gt|quot|apos|#(\d+)|amp);/g, (_, name: string, code?: string) =>
  code ? String.fromCodePoint(Number(code)) : { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" }[name]!);

export async function wordBoxesOf(pdf: Uint8Array): Promise<WordBox[]> {
  const xhtml = (await tool("pdftotext", ["-bbox", "-", "-"], pdf)).toString("utf8");
  return xhtml.split("<page ").slice(1).flatMap((page, i) => [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g)]
    .map(([, xMin, yMin, xMax, yMax, text]) => ({ page: i + 1, text: xmlText(text!), xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), yMax: Number(yMax) })));
}

/** A line of text as poppler's pdftohtml reads it: bold and italic kept as <b> and <i>, its place and height in its units (1.5 a point). */
export interface StyledLine { page: number; top: number; left: number; height: number; html: string }

export async function styledLinesOf(pdf: Uint8Array): Promise<StyledLine[]> {
  // Reading from standard input, pdftohtml wants an output name, which -stdout leaves unused.
  const xml = (await tool("pdftohtml", ["-xml", "-stdout", "-i", "-q", "-", "unused"], pdf)).toString("utf8");
  return xml.split("<page ").slice(1).flatMap((page, i) => [...page.matchAll(/<text top="(\d+)" left="(\d+)" width="\d+" height="(\d+)" font="\d+">(.*?)<\/text>/g)]
    .map(([, top, left, height, html]) => ({ page: i + 1, top: Number(top), left: Number(left), height: Number(height), html: xmlText(html!) })));
}

/** Adds an EXIF block whose Orientation tag says how a phone held the camera. */
export function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first directory right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), body]);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const WORD = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The parts every .docx has; `paragraphs` become the body. Word opens it; so does LibreOffice. */
export function docxParts(paragraphs: string[], mainType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"): Zippable {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`).join("");
  return {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    "word/document.xml": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD}"><w:body>${body}</w:body></w:document>`),
  };
}

export function docx(paragraphs: string[]): Buffer {
  return Buffer.from(zipSync(docxParts(paragraphs)));
}

export type Picture = { jpeg: Uint8Array } | { link: string };

/**
 * A .docx with pictures after its paragraphs, each stored inside (how a Word document usually
 * reaches a megabyte) or linked to a file or address elsewhere (Word's "Link to File").
 */
export function docxWithPictures(paragraphs: string[], pictures: Picture[]): Buffer {
  const parts = docxParts(paragraphs);
  const namespaces =
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ` +
    `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;
  const drawing = (picture: Picture, i: number) =>
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2743200" cy="3657600"/><wp:docPr id="${i + 1}" name="Picture ${i + 1}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic><pic:nvPicPr><pic:cNvPr id="${i + 1}" name="picture${i + 1}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${"link" in picture ? "r:link" : "r:embed"}="rIdPicture${i}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2743200" cy="3657600"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const relationship = (picture: Picture, i: number) =>
    `<Relationship Id="rIdPicture${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" ` +
    ("link" in picture ? `Target="${picture.link}" TargetMode="External"/>` : `Target="media/picture${i}.jpeg"/>`);
  const document = new TextDecoder().decode(parts["word/document.xml"] as Uint8Array);
  parts["word/document.xml"] = strToU8(
    document.replace(`xmlns:w="${WORD}"`, `xmlns:w="${WORD}" ${namespaces}`).replace("</w:body>", `${pictures.map(drawing).join("")}</w:body>`),
  );
  parts["word/_rels/document.xml.rels"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${pictures.map(relationship).join("")}</Relationships>`,
  );
  // Stored, as Word stores JPEGs: deflating them gains nothing.
  pictures.forEach((picture, i) => "jpeg" in picture && (parts[`word/media/picture${i}.jpeg`] = [picture.jpeg, { level: 0 }]));
  return Buffer.from(zipSync(parts));
}

function tool(command: string, args: string[], input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (data: Buffer) => output.push(data));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(Buffer.concat(output)) : reject(new Error(`${command} exited with ${code}`))));
    child.stdin.end(input);
  });
}
