import { PDFDocument, PDFStream, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { png } from "../../../tests/support/files";
import { copyByteByByte, SAVING } from "./pdf-steps";

/** The same document each time: text in two fonts over three pages, and a picture. */
async function sample(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.TimesRoman)];
  const picture = await doc.embedPng(png(300, 200, (x, y) => [x % 256, y % 256, (x * y) % 256]));
  for (let i = 0; i < 3; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${i + 1}: my personal statement`, { x: 50, y: 740, size: 14, font: fonts[i % 2]! });
    page.drawImage(picture, { x: 50, y: 400, width: 300, height: 200 });
  }
  return doc;
}

async function saved(useObjectStreams: boolean, isPdfLibsCopy: boolean): Promise<Uint8Array> {
  const ours = PDFStream.prototype.copyBytesInto;
  if (isPdfLibsCopy) PDFStream.prototype.copyBytesInto = copyByteByByte;
  try {
    return await (await sample()).save({ ...SAVING, useObjectStreams });
  } finally {
    PDFStream.prototype.copyBytesInto = ours;
  }
}

describe("the server's pdf-lib", () => {
  it("copies streams into the file at once", () => {
    expect(PDFStream.prototype.copyBytesInto).not.toBe(copyByteByByte);
  });

  it.each([true, false])("writes exactly the bytes pdf-lib's own copy writes (object streams: %s)", async (useObjectStreams) => {
    const [ours, pdfLibs] = [await saved(useObjectStreams, false), await saved(useObjectStreams, true)];
    expect(ours.length).toBeGreaterThan(10_000);
    expect(Buffer.from(ours).equals(Buffer.from(pdfLibs))).toBe(true);
    expect((await PDFDocument.load(ours)).getPageCount()).toBe(3);
  });
});
