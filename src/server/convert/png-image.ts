// Puts a checked PNG (png.ts) into a PDF without pdf-lib's decoder, which inflates, unpacks to
// RGBA and deflates again in plain JavaScript: about a second for a 4-megapixel scan, with the
// event loop blocked. PDF reads PNG's own compressed rows directly (FlateDecode with a PNG
// predictor), so most PNGs go in untouched; with an alpha channel, the rows are unfiltered here
// and the colour and alpha deflated apart, by zlib on its thread pool.
import { promisify } from "node:util";
import { deflate } from "node:zlib";
import { PDFHexString, type PDFDocument, type PDFRef } from "pdf-lib";
import type { Png } from "./png";

export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

const deflateAsync = promisify(deflate);
const COLOUR_SPACES: Record<number, string> = { 0: "DeviceGray", 2: "DeviceRGB", 4: "DeviceGray", 6: "DeviceRGB" };

/** The image as a PDF image object, or null for the rare PNGs left to pdf-lib (interlaced, tRNS, 16-bit alpha). */
export async function embedPng(doc: PDFDocument, png: Png): Promise<EmbeddedImage | null> {
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

  const { colour, alpha, isOpaque } = splitAlpha(png);
  // Screenshots often carry an alpha channel that is opaque everywhere: no mask for those.
  const mask = isOpaque
    ? undefined
    : context.register(context.stream(await deflateAsync(alpha, { level: 1 }), { ...image, ColorSpace: "DeviceGray", Filter: "FlateDecode" }));
  const colourStream = context.stream(await deflateAsync(colour, { level: 1 }), {
    ...image,
    ColorSpace: COLOUR_SPACES[png.colourType]!,
    Filter: "FlateDecode",
    ...(mask && { SMask: mask }),
  });
  return { ref: context.register(colourStream), width: png.width, height: png.height };
}

/**
 * Undoes PNG's per-row filters (spec section 9.2) for 8-bit samples, one row at a time, and
 * splits each row into colour and alpha. One loop per filter, as this runs for every byte.
 */
function splitAlpha({ rows, width, height, samples }: Png) {
  const colours = samples - 1;
  const stride = width * samples;
  const colour = Buffer.alloc(width * height * colours);
  const alpha = Buffer.alloc(width * height);
  let opacity = 255;
  let row = Buffer.alloc(stride);
  let above = Buffer.alloc(stride); // above the first row, the spec reads zeros
  for (let y = 0, to = 0, a = 0; y < height; y++) {
    const from = y * (stride + 1) + 1;
    // Writing into a Buffer wraps sums modulo 256, as the spec's arithmetic does.
    switch (rows[from - 1]) {
      case 0:
        rows.copy(row, 0, from, from + stride);
        break;
      case 1:
        for (let i = 0; i < stride; i++) row[i] = rows[from + i]! + (i >= samples ? row[i - samples]! : 0);
        break;
      case 2:
        for (let i = 0; i < stride; i++) row[i] = rows[from + i]! + above[i]!;
        break;
      case 3:
        for (let i = 0; i < stride; i++) row[i] = rows[from + i]! + (((i >= samples ? row[i - samples]! : 0) + above[i]!) >> 1);
        break;
      default: // 4, Paeth: png.ts refused any other filter type
        for (let i = 0; i < stride; i++) {
          const left = i >= samples ? row[i - samples]! : 0;
          const up = above[i]!;
          const upLeft = i >= samples ? above[i - samples]! : 0;
          const toLeft = Math.abs(up - upLeft);
          const toUp = Math.abs(left - upLeft);
          const toUpLeft = Math.abs(left + up - 2 * upLeft);
          row[i] = rows[from + i]! + (toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft);
        }
    }
    for (let i = 0; i < stride; i += samples) {
      colour[to++] = row[i]!;
      if (colours === 3) {
        colour[to++] = row[i + 1]!;
        colour[to++] = row[i + 2]!;
      }
      alpha[a] = row[i + colours]!;
      opacity &= alpha[a++]!;
    }
    [row, above] = [above, row];
  }
  return { colour, alpha, isOpaque: opacity === 255 };
}
