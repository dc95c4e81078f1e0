// The PDF copy put together (issue 20): a cover page that names the application, and every page US
// Letter, documents of other sizes scaled onto it and turned upright. Made from real PDFs and read
// back with poppler, not with our code.
import { degrees, PDFDocument, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfWithText, pixelsOf, textOf } from "../../../tests/support/files";
import { assembleCopy } from "./pdf-copy";
import type { Cover } from "./cover";

const A4: [number, number] = [595.28, 841.89];

const submitted: Cover = {
  institution: "Westbrook University", office: "Office of Undergraduate Admission", name: "Maya Okafor", entryTerm: "Fall 2026",
  reference: "WU-FA26-000001", submittedAt: new Date("2026-11-22T12:00:00Z"), madeAt: new Date("2026-11-22T12:05:00Z"), timeZone: "America/New_York",
};

/** What Chromium prints: Letter pages with text. */
const printed = async (pages = 2) => (await pdfWithText(["About You", "First Name: Maya"], pages)).save();

/** A one-page document of `size` with `line` on it. */
async function documentOf(size: [number, number], line: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.addPage(size).drawText(line, { x: 40, y: size[1] - 60, size: 14 });
  return doc;
}

const pagesOf = async (copy: PDFDocument) => (await textOf(await copy.save())).split("\f").slice(0, copy.getPageCount());

describe("the PDF copy", () => {
  it("starts with a cover page naming the applicant, the reference, the entry term and when it was submitted", async () => {
    const copy = await assembleCopy(await printed(), [], submitted);
    const [cover, firstPrinted] = await pagesOf(copy);
    for (const line of [
      "Westbrook University", "Application for first-year admission", "Maya Okafor", "WU-FA26-000001", "Fall 2026",
      "November 22, 2026 at 7:00 AM EST", "This copy was made on November 22, 2026 at 7:05 AM EST.",
    ]) expect(cover).toContain(line);
    expect(firstPrinted).toContain("First Name: Maya");
    expect(copy.getPageCount()).toBe(3);
  });

  it("says a started application's copy is not submitted, and gives no reference", async () => {
    const copy = await assembleCopy(await printed(), [], { ...submitted, reference: null, submittedAt: null, entryTerm: "", name: "" });
    const [cover] = await pagesOf(copy);
    expect(cover).toMatch(/Reference number\s+Not submitted/);
    expect(cover).toMatch(/Submitted\s+Not submitted/);
    expect(cover).toMatch(/Applicant\s+Not given yet/);
    expect(cover).toMatch(/Entry term\s+Not chosen yet/);
    expect(cover).toContain("A copy of the answers saved so far");
    expect(cover).not.toContain("WU-");
  });

  it("writes names Helvetica cannot (Chinese, emoji, Ł) as best it can instead of failing, and drops bidi overrides", async () => {
    for (const [name, written] of [
      ["李雷 Li", "?? Li"],
      ["Zoë 😀", "Zoë ?"],
      ["Łukasz Wałęsa", "?ukasz Wa?esa"],
      ["Őrs Nagy", "Ors Nagy"],
      ["Tamsin Oye\u202Elaran", "Tamsin Oyelaran"],
    ]) {
      const copy = await assembleCopy(await printed(1), [], { ...submitted, name: name! });
      expect((await pagesOf(copy))[0], name).toContain(written);
    }
  });

  it("makes every page Letter: an A4 and a landscape document are scaled onto Letter pages, after the application", async () => {
    const letter = await pdfWithText(["Letter resume"]);
    const copy = await assembleCopy(await printed(), [await documentOf(A4, "A4 transcript"), await documentOf([842, 595], "Landscape certificate"), letter], submitted);
    expect(copy.getPages().map((page) => page.getSize())).toEqual(Array(6).fill({ width: 612, height: 792 }));
    const texts = await pagesOf(copy);
    expect(texts[3]).toContain("A4 transcript");
    expect(texts[4]).toContain("Landscape certificate");
    expect(texts[5]).toContain("Letter resume");
  });

  it("scales a document page to fit, keeping its proportions, centred", async () => {
    const doc = await PDFDocument.create();
    // A black landscape page: where it lands on the Letter page shows in the pixels.
    doc.addPage([842, 595]).drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0, 0, 0) });
    const copy = await assembleCopy(await printed(1), [doc], submitted);
    const { at } = await pixelsOf(await pageAlone(copy, 2), 72);
    // 576 points wide (Letter less a quarter inch each side), 576 × 595 / 842 = 407 high, centred.
    expect(at(306, 396)).toEqual([0, 0, 0]);
    expect(at(25, 396)).toEqual([0, 0, 0]);
    expect(at(10, 396)).toEqual([255, 255, 255]);
    expect(at(306, 396 - 200)).toEqual([0, 0, 0]);
    expect(at(306, 396 - 210)).toEqual([255, 255, 255]);
  });

  it.each([
    [0, "top left"],
    [90, "top right"],
    [180, "bottom right"],
    [270, "bottom left"],
  ])("turns a page with /Rotate %i upright, as a viewer shows it (the mark in the %s)", async (turn, corner) => {
    const doc = await PDFDocument.create();
    // An A4 page marked in the top left quarter of its content; /Rotate turns it when shown.
    const page = doc.addPage(A4);
    page.drawRectangle({ x: 0, y: A4[1] / 2, width: A4[0] / 2, height: A4[1] / 2, color: rgb(0, 0, 0) });
    page.setRotation(degrees(turn));
    const source = await doc.save();
    expect(quarterMarked(await pixelsOf(source, 36)), "as poppler shows the document").toBe(corner);

    const copy = await assembleCopy(await printed(1), [await PDFDocument.load(source)], submitted);
    const ours = await pageAlone(copy, 2);
    expect((await PDFDocument.load(ours)).getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect((await PDFDocument.load(ours)).getPage(0).getRotation().angle).toBe(0);
    expect(quarterMarked(await pixelsOf(ours, 36))).toBe(corner);
  });
});

/** Page `index` of `copy` as a PDF of its own (poppler renders a file's first page). */
async function pageAlone(copy: PDFDocument, index: number): Promise<Uint8Array> {
  const single = await PDFDocument.create();
  const [page] = await single.copyPages(await PDFDocument.load(await copy.save()), [index]);
  single.addPage(page!);
  return single.save();
}

/** Which quarter of the rendered page is black, sampled halfway into each quarter of the middle. */
function quarterMarked({ width, height, at }: Awaited<ReturnType<typeof pixelsOf>>): string {
  const [dx, dy] = [Math.round(width / 6), Math.round(height / 8)];
  const [cx, cy] = [Math.round(width / 2), Math.round(height / 2)];
  const black = ([x, y]: [number, number]) => at(x, y).every((value) => value < 60);
  const quarters: [string, [number, number]][] = [
    ["top left", [cx - dx, cy - dy]], ["top right", [cx + dx, cy - dy]], ["bottom right", [cx + dx, cy + dy]], ["bottom left", [cx - dx, cy + dy]],
  ];
  const marked = quarters.filter(([, point]) => black(point)).map(([name]) => name);
  return marked.join(", ");
}
