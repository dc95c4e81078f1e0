// The decision letter as a PDF (issue 40 item 3): its Markdown drawn by pdf-lib in Noto Sans,
// read back with poppler (pdftotext, pdftohtml, pdftoppm), not with our code: the header, the
// Markdown's headings, emphasis and lists, lines wrapped to the page, pages added when one is
// full, names as typed, and what the font cannot write.
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pixelsOf, styledLinesOf, textOf, wordBoxesOf, type WordBox } from "../../../tests/support/files";
import { letterPdf, type LetterPdf } from "./letter-pdf";

const letter = (lines: string[], overrides: Partial<LetterPdf> = {}): Promise<Uint8Array> => letterPdf({
  letter: lines.join("\n"), institution: "Westbrook University", office: "Office of Undergraduate Admission", timeZone: "America/New_York",
  reference: "WU-FA26-000123", releasedAt: new Date("2026-12-15T17:00:00Z"), madeAt: new Date("2026-12-15T17:05:00Z"), ...overrides,
});

/** Where the letter's text may go, in points from the page's top left: inside the one-inch margins. */
const TEXT_AREA = { left: 72, right: 612 - 72, top: 72, bottom: 792 - 72 };

/** The words of the letter itself: after the header (which ends with the reference), above the page's number. */
const bodyOf = (boxes: WordBox[]) => boxes.slice(boxes.findIndex((box) => box.text === "WU-FA26-000123") + 1).filter((box) => box.yMax <= TEXT_AREA.bottom);

const linesOf = async (pdf: Uint8Array) => (await textOf(pdf)).split("\n").map((line) => line.trim()).filter((line) => line !== "" && line !== "\f");

describe("the decision letter's PDF", () => {
  it("heads the letter with the institution, its office, the release in the office's time zone and the reference, and describes itself", async () => {
    const pdf = await letter(["Dear Ada,", "", "Welcome."]);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(await linesOf(pdf)).toEqual([
      "Westbrook University", "Office of Undergraduate Admission", "Released on December 15, 2026 at 12:00 PM EST", "Reference number WU-FA26-000123",
      "Dear Ada,", "Welcome.", "Reference number WU-FA26-000123 · Page 1 of 1",
    ]);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([[612, 792]]);
    expect([doc.getTitle(), doc.getAuthor(), doc.getSubject(), doc.getCreationDate()?.toISOString()]).toEqual([
      "Westbrook University: your admission decision", "Office of Undergraduate Admission", "The admission decision on application WU-FA26-000123", "2026-12-15T17:05:00.000Z",
    ]);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("en");
  });

  it("draws headings larger and bold, bold and italic words, bullet and numbered lists with their nesting, a quote indented, and a link as its words", async () => {
    const pdf = await letter([
      "# Your admission", "", "Dear Ada,", "", "**Welcome** to *Fall 2027*, ***truly***.  ", "A line of its own.", "",
      "- first point", "- second point", "  1. nested one", "  2. nested two", "", "3. three", "4. four", "",
      "Read [our guide](https://example.edu/guide) soon.", "", "> A quoted line.",
    ]);
    const lines = await styledLinesOf(pdf);
    const line = (html: string) => lines.find((l) => l.html === html) ?? expect.fail(`no line ${html} in ${JSON.stringify(lines.map((l) => l.html))}`);
    expect(lines.map((l) => l.html).slice(4, -1)).toEqual([
      "<b>Your admission</b>", "Dear Ada,", "<b>Welcome</b> to <i>Fall 2027</i>, <i><b>truly</b></i>.", "A line of its own.",
      "• first point", "• second point", "1. nested one", "2. nested two", "3. three", "4. four", "Read our guide soon.", "A quoted line.",
    ]);
    expect(line("<b>Your admission</b>").height).toBeGreaterThan(line("Dear Ada,").height * 1.4);
    expect(line("1. nested one").left).toBeGreaterThan(line("• second point").left);
    expect(line("• first point").left).toBeGreaterThan(line("Dear Ada,").left);
    expect(line("A quoted line.").left).toBeGreaterThan(line("Dear Ada,").left);
    expect(await textOf(pdf)).not.toContain("example.edu");
  });

  it("wraps a paragraph to the page's width between words, and a word longer than a line inside it", async () => {
    const words = Array.from({ length: 150 }, (_, i) => `word${i + 1}`);
    const long = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(4);
    const pdf = await letter([words.join(" "), "", long]);
    const boxes = bodyOf(await wordBoxesOf(pdf));
    expect(boxes.slice(0, words.length).map((box) => box.text)).toEqual(words);
    expect(new Set(boxes.map((box) => box.yMin)).size).toBeGreaterThan(8);
    expect(boxes.slice(words.length).map((box) => box.text).join("")).toBe(long);
    for (const box of boxes) expect(box.xMax, box.text).toBeLessThanOrEqual(TEXT_AREA.right + 0.01);
  });

  it("goes on to a new page when one is full, losing nothing, each page numbered", async () => {
    const paragraphs = Array.from({ length: 90 }, (_, i) => `Paragraph ${i + 1} of the letter says something worth reading twice.`);
    const pdf = await letter(paragraphs.flatMap((paragraph) => [paragraph, ""]));
    const pages = (await textOf(pdf)).split("\f").slice(0, -1);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect((await linesOf(pdf)).filter((line) => line.startsWith("Paragraph "))).toEqual(paragraphs);
    // Below the text area, each page has its number and nothing else.
    const boxes = await wordBoxesOf(pdf);
    expect(pages.map((_, i) => boxes.filter((box) => box.page === i + 1 && box.yMax > TEXT_AREA.bottom).map((box) => box.text).join(" ")))
      .toEqual(pages.map((_, i) => `Reference number WU-FA26-000123 · Page ${i + 1} of ${pages.length}`));
    expect(boxes.filter((box) => box.yMin < TEXT_AREA.top)).toEqual([]);
  });

  it("writes names as typed in Latin, Greek and Cyrillic, and a character the font has not as ?, never U+FFFD or an error", async () => {
    const pdf = await letter(["Dear Zoë Łukasiewicz-Ångström Соколова Παπαδοπούλου,", "", "王 😀 \uFFFD a\u202Eb c\u00ADd e\tf"]);
    const lines = await linesOf(pdf);
    expect(lines.slice(4, -1)).toEqual(["Dear Zoë Łukasiewicz-Ångström Соколова Παπαδοπούλου,", "? ? ? ab cd e f"]);
    expect(lines.join("")).not.toContain("\uFFFD");
  });

  it("draws every character it writes (a subset's glyph a byte off is drawn as nothing)", async () => {
    const characters = [..."WestbrookUniversityZoëŁukasiewiczÅngströmСоколоваΠαπαδοπούλου0123456789"];
    const pdf = await letter([characters.join(" ")]);
    const boxes = bodyOf(await wordBoxesOf(pdf));
    expect(boxes.map((box) => box.text)).toEqual(characters);
    const dpi = 150;
    const { at } = await pixelsOf(pdf, dpi);
    const scale = dpi / 72;
    const inked = (box: (typeof boxes)[number]) => {
      for (let y = Math.floor(box.yMin * scale); y <= Math.ceil(box.yMax * scale); y++) {
        for (let x = Math.floor(box.xMin * scale); x <= Math.ceil(box.xMax * scale); x++) if (at(x, y)[0] < 128) return true;
      }
      return false;
    };
    expect(boxes.filter((box) => !inked(box)).map((box) => box.text)).toEqual([]);
  });
});
