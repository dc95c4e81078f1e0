import { PDFDocument, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { convertToPdf } from "./index";
import { jpegOf, pixelsOf, png, withClaimedSize, withOrientation } from "../../../tests/support/files";

const RED: [number, number, number] = [220, 0, 0];
const BLUE: [number, number, number] = [0, 0, 220];
const WHITE: [number, number, number] = [255, 255, 255];

async function pdfOf(bytes: Buffer): Promise<Buffer> {
  const result = await convertToPdf(bytes);
  if (!result.ok) throw new Error(result.message);
  return result.pdf;
}

const isNear = (actual: number[], expected: number[], tolerance = 60) => actual.every((value, i) => Math.abs(value - expected[i]!) < tolerance);

/** A 300 × 150 photo, white with a red patch in its top-left corner, as a camera would store it. */
async function photo(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 150]);
  page.drawRectangle({ x: 0, y: 90, width: 60, height: 60, color: rgb(RED[0] / 255, 0, 0) });
  return jpegOf(await doc.save(), 72);
}

describe("a picture on its PDF page", () => {
  it.each([
    { orientation: 1, held: "upright", corner: "top-left", isLandscape: true },
    { orientation: 3, held: "upside down", corner: "bottom-right", isLandscape: true },
    { orientation: 6, held: "turned right", corner: "top-right", isLandscape: false },
    { orientation: 8, held: "turned left", corner: "bottom-left", isLandscape: false },
  ])("shows a phone photo taken $held the right way up (red patch $corner)", async ({ orientation, corner, isLandscape }) => {
    const page = await pixelsOf(await pdfOf(withOrientation(await photo(), orientation)), 72);
    expect(page.width > page.height).toBe(isLandscape);
    // The photo is centred at its own size (72 dpi, it fits); look 20 px inside each corner.
    const [width, height] = isLandscape ? [300, 150] : [150, 300];
    const left = Math.round((page.width - width) / 2);
    const top = Math.round((page.height - height) / 2);
    const corners = {
      "top-left": page.at(left + 20, top + 20),
      "top-right": page.at(left + width - 20, top + 20),
      "bottom-left": page.at(left + 20, top + height - 20),
      "bottom-right": page.at(left + width - 20, top + height - 20),
    };
    for (const [name, colour] of Object.entries(corners)) expect([name, isNear(colour, name === corner ? RED : WHITE)]).toEqual([name, true]);
  });

  it("shrinks a large picture to fit inside the page's margins", async () => {
    const page = await pixelsOf(await pdfOf(png(1600, 800, () => BLUE)), 36);
    expect([page.width, page.height]).toEqual([396, 306]); // Letter, landscape, at half of 72 dpi
    expect(isNear(page.at(10, 153), WHITE)).toBe(true);
    expect(isNear(page.at(198, 153), BLUE)).toBe(true);
    expect(isNear(page.at(386, 153), WHITE)).toBe(true);
  });

  // Blocks of colour 16 pixels wide, so rendering at 72 dpi can be compared pixel by pixel.
  const blocks = (x: number, y: number): [number, number, number] => [((x >> 4) * 40) % 256, ((y >> 4) * 60) % 256, 100];

  /** The PNG's pixels where the PDF shows them, sampled at the centre of every block. */
  async function expectShown(image: Buffer, width: number, height: number, expected: (x: number, y: number) => number[], tolerance?: number) {
    const page = await pixelsOf(await pdfOf(image), 72);
    const [left, top] = [Math.round((page.width - width) / 2), Math.round((page.height - height) / 2)];
    for (let y = 8; y < height; y += 16) {
      for (let x = 8; x < width; x += 16) expect([x, y, isNear(page.at(left + x, top + y), expected(x, y), tolerance)]).toEqual([x, y, true]);
    }
  }

  it.each([
    ["an unfiltered", {}],
    ["a filtered", { isFiltered: true }],
    ["an interlaced", { isInterlaced: true, isFiltered: true }],
  ])("shows %s PNG's pixels as they are", async (_, options) => {
    await expectShown(png(160, 96, blocks, options), 160, 96, blocks);
  });

  it.each([
    ["an unfiltered", {}],
    ["a filtered", { isFiltered: true }],
    ["an interlaced", { isInterlaced: true, isFiltered: true }],
  ])("shows %s PNG with an alpha channel, see-through parts as white paper", async (_, options) => {
    const pixel = (x: number, y: number): [number, number, number, number] => [...blocks(x, y), x < 80 ? 0 : 255];
    await expectShown(png(160, 96, pixel, { ...options, hasAlpha: true }), 160, 96, (x, y) => (x < 80 ? WHITE : blocks(x, y)));
  });

  /** Noise, the same every run: a hash of the pixel's position and channel (MurmurHash3's mixing). */
  function noise(x: number, y: number, channel: number): number {
    let hash = Math.imul(((x * 1024 + y) << 2) | channel, 0xcc9e2d51);
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    return (hash ^ (hash >>> 16)) >>> 24;
  }

  /** The image's area of the page, as pdftoppm shows it, row after row. */
  async function shownPixels(pdf: Uint8Array, width: number, height: number): Promise<number[]> {
    const page = await pixelsOf(pdf, 72);
    const [left, top] = [Math.round((page.width - width) / 2), Math.round((page.height - height) / 2)];
    return Array.from({ length: width * height }, (_, i) => page.at(left + (i % width), top + Math.floor(i / width))).flat();
  }

  it.each([
    ["RGBA", { isGrey: false }],
    ["grey and alpha", { isGrey: true }],
  ])("draws a filtered %s PNG of noise exactly as pdf-lib's own decoder does", async (_, { isGrey }) => {
    // Noise in every channel, alpha too, filtered with each filter in turn, row after row: a byte
    // put on the wrong side or in the wrong place is carried along by the filters to where it shows.
    const pixel = (x: number, y: number): [number, number] | [number, number, number, number] =>
      isGrey ? [noise(x, y, 0), noise(x, y, 3)] : [noise(x, y, 0), noise(x, y, 1), noise(x, y, 2), noise(x, y, 3)];
    // 163 pixels wide: RGBA rows are split four pixels at a time, and then the rest.
    const image = png(163, 96, pixel, { isGrey, hasAlpha: true, isFiltered: true });
    const theirs = await PDFDocument.create();
    const embedded = await theirs.embedPng(image);
    theirs.addPage([612, 792]).drawImage(embedded, { x: (612 - 163) / 2, y: (792 - 96) / 2 });
    const expected = await shownPixels(await theirs.save(), 163, 96);
    const differing = (await shownPixels(await pdfOf(image), 163, 96)).filter((value, i) => value !== expected[i]);
    expect(differing.length).toBe(0);
  });

  const grey = (x: number, y: number) => ((x >> 4) * 40 + (y >> 4) * 30) % 256;

  it.each([
    ["RGBA", { isGrey: false }, blocks],
    ["grey and alpha", { isGrey: true }, (x: number, y: number) => [grey(x, y), grey(x, y), grey(x, y)]],
  ])("shows a filtered %s PNG that is opaque everywhere as it is, with no mask", async (_, { isGrey }, colour) => {
    const image = png(160, 96, (x, y) => (isGrey ? [grey(x, y), 255] : [...blocks(x, y), 255]), { isGrey, hasAlpha: true, isFiltered: true });
    expect((await pdfOf(image)).includes("/SMask")).toBe(false);
    await expectShown(image, 160, 96, colour, 8);
  });

  // Opacity is read from the filtered alpha, which looks different for each filter, and in the
  // first row (nothing above) from the rest: each filter gets to filter the first row once.
  it.each([0, 1, 2, 3, 4])("sees that a PNG whose first row has filter type %i is opaque, unless one pixel isn't", async (firstFilter) => {
    const options = { hasAlpha: true, isFiltered: true, firstFilter };
    const hasMask = async (alpha: (x: number, y: number) => number) =>
      (await pdfOf(png(7, 6, (x, y) => [...blocks(x, y), alpha(x, y)], options))).includes("/SMask");
    expect(await hasMask(() => 255)).toBe(false);
    for (const [x, y] of [[0, 0], [3, 0], [0, 5], [6, 5]] as const) expect([x, y, await hasMask((i, j) => (i === x && j === y ? 254 : 255))]).toEqual([x, y, true]);
  });

  it.each([
    [1, 1],
    [2, 3],
    [7, 5],
  ])("shows a tiny interlaced PNG of %i × %i pixels", async (width, height) => {
    expect((await convertToPdf(png(width, height, () => RED, { isInterlaced: true }))).ok).toBe(true);
  });

  it("refuses a PNG claiming more pixels than we can unpack, without unpacking it", async () => {
    const result = await convertToPdf(
      withClaimedSize(
        png(10, 10, () => RED),
        6000,
        5000,
      ),
    );
    expect(result).toEqual({ ok: false, message: messages.fileImageTooBig });
  });

  it("refuses a PNG whose pixels don't match its header", async () => {
    const result = await convertToPdf(
      withClaimedSize(
        png(10, 10, () => RED),
        10,
        11,
      ),
    );
    expect(result).toEqual({ ok: false, message: messages.fileImageDamaged });
  });
});
