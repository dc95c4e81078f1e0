// Puts a checked PNG (png.ts) into a PDF without pdf-lib's decoder, which inflates, unpacks to
// RGBA and deflates again in plain JavaScript: about a second for a 4-megapixel scan, with the
// event loop blocked. PDF reads PNG's own compressed rows directly (FlateDecode with a PNG
// predictor), so most PNGs go in untouched; with an alpha channel, the filtered rows are split
// into colour and alpha, still filtered, and each deflated again. It runs in a conversion thread
// (isolated.ts), so it deflates synchronously: on that thread, which gives way to the web process
// (priority.ts), not on the thread pool the server's own files and hashes wait on.
import { deflateSync } from "node:zlib";
import { PDFHexString, type PDFDocument, type PDFRef } from "pdf-lib";
import type { Png } from "./png";

export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

const COLOUR_SPACES: Record<number, string> = { 0: "DeviceGray", 2: "DeviceRGB", 4: "DeviceGray", 6: "DeviceRGB" };

/** The image as a PDF image object, or null for the rare PNGs left to pdf-lib (interlaced, tRNS, 16-bit alpha). */
export function embedPng(doc: PDFDocument, png: Png): EmbeddedImage | null {
  if (png.isInterlaced || png.hasTransparencyChunk) return null;
  const hasAlpha = png.colourType === 4 || png.colourType === 6;
  if (hasAlpha && png.depth !== 8) return null;
  const { context } = doc;
  const image = { Type: "XObject", Subtype: "Image", Width: png.width, Height: png.height, BitsPerComponent: png.depth };

  if (!hasAlpha) {
    // Only colour type 3 is drawn through its palette; an RGB PNG's PLTE is a mere suggestion.
    const colourSpace =
      png.palette && png.colourType === 3
        ? ["Indexed", "DeviceRGB", png.palette.length / 3 - 1, PDFHexString.of(Buffer.from(png.palette).toString("hex"))]
        : COLOUR_SPACES[png.colourType]!;
    const predictor = { Predictor: 15, Colors: png.samples, BitsPerComponent: png.depth, Columns: png.width };
    const stream = context.stream(png.data, { ...image, ColorSpace: colourSpace, Filter: "FlateDecode", DecodeParms: predictor });
    return { ref: context.register(stream), width: png.width, height: png.height };
  }

  const { colour, alpha } = splitRows(png);
  const predictor = (colours: number) => ({ Predictor: 15, Colors: colours, BitsPerComponent: 8, Columns: png.width });
  // Screenshots often carry an alpha channel that is opaque everywhere: no mask for those.
  const colourData = deflateSync(colour, { level: 1 });
  const alphaData = isOpaque(alpha, png.width) ? undefined : deflateSync(alpha, { level: 1 });
  const mask =
    alphaData &&
    context.register(context.stream(alphaData, { ...image, ColorSpace: "DeviceGray", Filter: "FlateDecode", DecodeParms: predictor(1) }));
  const colourStream = context.stream(colourData, {
    ...image,
    ColorSpace: COLOUR_SPACES[png.colourType]!,
    Filter: "FlateDecode",
    DecodeParms: predictor(png.samples - 1),
    ...(mask && { SMask: mask }),
  });
  return { ref: context.register(colourStream), width: png.width, height: png.height };
}

/**
 * The filtered rows split into rows of colour and rows of alpha, each still filtered, with its
 * row's filter type in front. PNG's filters predict each byte from the same byte of the pixels
 * to the left, above and above-left (spec section 9.2), never from another channel, so these
 * are correctly filtered rows of colour alone and of alpha alone, which PDF's PNG predictor
 * undoes as it does a PNG without alpha: nothing here needs unfiltering.
 */
function splitRows({ rows, width, height, samples }: Png): { colour: Buffer; alpha: Buffer } {
  const colour = Buffer.allocUnsafe(height * (1 + width * (samples - 1)));
  const alpha = Buffer.allocUnsafe(height * (1 + width));
  const view = (bytes: Buffer) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [input, colourOutput, alphaOutput] = [view(rows), view(colour), view(alpha)];
  for (let y = 0, from = 0, to = 0, at = 0; y < height; y++) {
    colour[to++] = alpha[at++] = rows[from++]!; // the row's filter type
    if (samples === 4) {
      splitRgba(input, from, colourOutput, to, alphaOutput, at, width);
      from += width * 4;
      to += width * 3;
      at += width;
    } else {
      // Grey and alpha: rare enough for a byte at a time.
      for (let x = 0; x < width; x++) {
        colour[to++] = rows[from++]!;
        alpha[at++] = rows[from++]!;
      }
    }
  }
  return { colour, alpha };
}

/**
 * Splits `count` RGBA pixels into RGB and A: four pixels at a time, read as four 32-bit words and
 * written as three and one, twice as fast as byte by byte. DataView reads and writes at
 * any offset (each row starts one byte on, after its filter type), in the byte order asked for.
 */
function splitRgba(rgba: DataView, from: number, rgb: DataView, to: number, alpha: DataView, at: number, count: number) {
  const fours = count - (count % 4);
  for (let x = 0; x < fours; x += 4, from += 16, to += 12, at += 4) {
    // Little-endian: a pixel's red is the low byte of its word, its alpha the high byte.
    const first = rgba.getUint32(from, true);
    const second = rgba.getUint32(from + 4, true);
    const third = rgba.getUint32(from + 8, true);
    const fourth = rgba.getUint32(from + 12, true);
    rgb.setUint32(to, (first & 0xffffff) | (second << 24), true);
    rgb.setUint32(to + 4, ((second >>> 8) & 0xffff) | (third << 16), true);
    rgb.setUint32(to + 8, ((third >>> 16) & 0xff) | (fourth << 8), true);
    alpha.setUint32(at, (first >>> 24) | ((second >>> 16) & 0xff00) | ((third >>> 8) & 0xff0000) | (fourth & 0xff000000), true);
  }
  for (let x = fours; x < count; x++, from += 4, to += 3, at++) {
    rgb.setUint16(to, rgba.getUint16(from));
    rgb.setUint8(to + 2, rgba.getUint8(from + 2));
    alpha.setUint8(at, rgba.getUint8(from + 3));
  }
}

// What filtering a row of alpha 255 gives (None, Sub, Up, Average, Paeth): its first pixel, then
// the rest. Above the first row, the spec reads zeros; above any other, an opaque row.
const OPAQUE_FIRST_ROW: [number, number][] = [[255, 255], [255, 0], [255, 255], [255, 128], [255, 0]];
const OPAQUE_LATER_ROW: [number, number][] = [[255, 255], [255, 0], [0, 0], [128, 0], [0, 0]];

/**
 * Whether every pixel is opaque, told from the filtered alpha without unfiltering it: given the
 * row above, each row of filtered bytes stands for just one row of pixels, so while the rows
 * above are opaque, a row is opaque exactly when it reads as an opaque row filtered does.
 * Compared a row at a time by memcmp, many times faster than a loop in JavaScript.
 */
function isOpaque(alpha: Buffer, width: number): boolean {
  // Indexed by filter type, which png.ts checked is one of the five.
  const opaqueRows = (pixels: [number, number][]) =>
    pixels.map(([first, rest], filter) => Buffer.concat([Buffer.from([filter, first]), Buffer.alloc(width - 1, rest)]));
  const [firstRows, laterRows] = [opaqueRows(OPAQUE_FIRST_ROW), opaqueRows(OPAQUE_LATER_ROW)];
  for (let start = 0; start < alpha.length; start += 1 + width) {
    const expected = (start === 0 ? firstRows : laterRows)[alpha[start]!]!;
    if (!expected.equals(alpha.subarray(start, start + 1 + width))) return false;
  }
  return true;
}
