// Reads a PNG far enough to trust it. pdf-lib's PNG decoder (UPNG) trusts the file: on a
// truncated or corrupt one its inflater reads on past the end, for minutes, even for an upload
// of a few bytes. So every chunk must be present with a correct CRC, the pixel format
// must be one the spec allows, and the image data must inflate, with zlib's own checks, to
// exactly the size the header implies, before anything else looks at the pixels.
import { constants, crc32, inflateSync } from "node:zlib";

export interface Png {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  samples: number;
  isInterlaced: boolean;
  palette: Uint8Array | undefined;
  hasTransparencyChunk: boolean;
  /** The IDAT chunks joined: a zlib stream of filtered rows. */
  data: Buffer;
  /** The same, inflated. */
  rows: Buffer;
}

export type PngReading = { ok: true; png: Png } | { ok: false; reason: "damaged" | "tooBig" };

const damaged = { ok: false, reason: "damaged" } as const;
// Allowed bit depths per colour type (PNG spec, table 11.1), and samples per pixel.
const FORMATS: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};
// Animated PNGs: pdf-lib would decode every frame and then refuse them anyway.
const ANIMATION_CHUNKS = new Set(["acTL", "fcTL", "fdAT"]);

/** Runs in a conversion thread (isolated.ts), so it inflates synchronously: a 24-megapixel image unpacks to up to 192 MB. */
export function readPng(bytes: Uint8Array, maxPixels: number): PngReading {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = new Map<string, Uint8Array[]>();
  for (let at = 8, type = ""; type !== "IEND";) {
    if (at + 12 > bytes.length) return damaged;
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length || crc32(bytes.subarray(at + 4, end - 4)) !== view.getUint32(end - 4)) return damaged;
    type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (at === 8 ? type !== "IHDR" || end - at !== 25 : type === "IHDR") return damaged;
    if (ANIMATION_CHUNKS.has(type)) return damaged;
    const found = chunks.get(type) ?? [];
    found.push(bytes.subarray(at + 8, end - 4));
    chunks.set(type, found);
    at = end;
  }
  const header = new DataView(bytes.buffer, bytes.byteOffset + 16, 13);
  const [width, height] = [header.getUint32(0), header.getUint32(4)];
  const [depth, colourType, compression, filter, interlace] = [8, 9, 10, 11, 12].map((i) => header.getUint8(i)) as [number, number, number, number, number];
  const format = FORMATS[colourType];
  const palette = chunks.get("PLTE")?.[0];
  if (!format?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1 || width === 0 || height === 0) return damaged;
  if (colourType === 3 && (!palette || palette.length % 3 !== 0 || palette.length > 768)) return damaged;
  if (!chunks.has("IDAT")) return damaged;
  if (width * height > maxPixels) return { ok: false, reason: "tooBig" };

  const data = Buffer.concat(chunks.get("IDAT")!);
  const expected = rawSize(width, height, format.samples * depth, interlace === 1);
  let rows: Buffer;
  try {
    // All of it in one output buffer, in one call: zlib's default 16 kB pieces inflate more slowly,
    // and so does a trip to zlib's thread pool and back (scripts/bench-convert.ts measures a scan's
    // conversion). The spare byte lets zlib see the stream end without asking for a
    // second buffer (or find that it runs on: damaged).
    rows = inflateSync(data, { maxOutputLength: expected, chunkSize: Math.max(expected + 1, constants.Z_MIN_CHUNK) });
  } catch {
    return damaged;
  }
  if (rows.length !== expected || !hasKnownFilters(rows, height, expected / height, interlace === 1)) return damaged;
  const hasTransparencyChunk = chunks.has("tRNS");
  return {
    ok: true,
    png: { width, height, depth, colourType, samples: format.samples, isInterlaced: interlace === 1, palette, hasTransparencyChunk, data, rows },
  };
}

/** Each row starts with its filter type, 0 to 4. (Interlaced rows vary in length; UPNG reads those.) */
function hasKnownFilters(rows: Buffer, height: number, rowLength: number, isInterlaced: boolean): boolean {
  if (isInterlaced) return true;
  for (let y = 0; y < height; y++) if (rows[y * rowLength]! > 4) return false;
  return true;
}

// Adam7 passes: first column and row, then the step between pixels taken.
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Inflated size of the image data: each row is a filter byte and its pixels, rounded up to a byte. */
function rawSize(width: number, height: number, bitsPerPixel: number, isInterlaced: boolean): number {
  const size = (columns: number, rows: number) => (columns === 0 || rows === 0 ? 0 : rows * (1 + Math.ceil((columns * bitsPerPixel) / 8)));
  if (!isInterlaced) return size(width, height);
  return PASSES.reduce((sum, [x, y, dx, dy]) => sum + size(Math.ceil(Math.max(0, width - x!) / dx!), Math.ceil(Math.max(0, height - y!) / dy!)), 0);
}
