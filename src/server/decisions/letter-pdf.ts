// A released decision's letter as a PDF (GET /api/decision/letter.pdf, issue 40 item 3), drawn
// from the Markdown written at the release, parsed as the status page's HTML is (letters.ts:
// the same markdown-it, raw HTML as text). Made on request in the web process with pdf-lib, in
// milliseconds: thousands of applicants open their letters in the minute of a release, more
// than Chromium (the PDF copy's printer) could print.
//
// Names come out as typed: the text is Noto Sans (@expo-google-fonts/noto-sans, SIL Open Font
// License), embedded as a subset of the characters used, which writes Latin with its
// extensions, Greek and Cyrillic. A character it has no glyph for (Chinese, Hebrew, an emoji)
// is written as "?": never an empty box, U+FFFD or a failed download (docs/server.md). The
// status page's letter shows it as typed.
import { PDFDocument, type Color, type PDFFont, type PDFPage } from "pdf-lib";
import { officeDateTime } from "../../engine/runtime";
import { INK, LETTER, MARGIN, MUTED } from "../pdf-copy/cover";
import { embedFaces, writable, type Fonts } from "./letter-fonts";
import { blocksOf, type Face, type Span } from "./letter-markdown";
import { letterTokens } from "./letters";

export interface LetterPdf {
  /** The letter's Markdown as written at its release (decisions.letter). */
  letter: string;
  institution: string;
  office: string;
  /** The office's (IANA), in which the header writes the release. */
  timeZone: string;
  reference: string | null;
  releasedAt: Date;
  /** When the PDF is made: its creation date. */
  madeAt: Date;
}

interface Piece { text: string; font: PDFFont; width: number }
interface Word { pieces: Piece[]; width: number; space: Piece | null; breaks: number }
interface Line { pieces: Piece[]; width: number }

/** `spans` as words, what a line breaks between: each with the space before it, or the line breaks. */
function wordsOf(spans: Span[], fonts: Fonts, size: number): Word[] {
  const words: Word[] = [];
  /** The word being read, which a span may go on with ("**Wel**come"); null after a space or a break. */
  let word: Word | null = null;
  let space: Piece | null = null;
  let breaks = 0;
  for (const span of spans) {
    const { font, characters } = fonts[span.face];
    for (const part of writable(span.text, characters).split(/(\n| +)/)) {
      if (part === "") continue;
      if (part === "\n") {
        word = space = null;
        breaks++;
      } else if (part.startsWith(" ")) {
        word = null;
        // After a line break the line starts at its word, not at a space.
        if (breaks === 0) space ??= piece(" ", font, size);
      } else if (word) {
        const next = piece(part, font, size);
        word.pieces.push(next);
        word.width += next.width;
      } else {
        const next = piece(part, font, size);
        words.push((word = { pieces: [next], width: next.width, space, breaks }));
        space = null;
        breaks = 0;
      }
    }
  }
  return words;
}

const piece = (text: string, font: PDFFont, size: number): Piece => ({ text, font, width: font.widthOfTextAtSize(text, size) });

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** `words` in lines no wider than `width`: broken between words, and inside a word too long for a line. */
function linesOf(words: Word[], width: number, size: number): Line[] {
  const lines: Line[] = [{ pieces: [], width: 0 }];
  const add = (line: Line, next: Piece) => {
    const last = line.pieces.at(-1);
    if (last?.font === next.font) line.pieces[line.pieces.length - 1] = { text: last.text + next.text, font: last.font, width: last.width + next.width };
    else line.pieces.push(next);
    line.width += next.width;
  };
  const newLine = () => {
    const line = { pieces: [], width: 0 };
    lines.push(line);
    return line;
  };
  for (const word of words) {
    let line = lines.at(-1)!;
    if (word.breaks > 0 && (line.pieces.length > 0 || lines.length > 1)) {
      for (let i = 0; i < word.breaks; i++) line = newLine();
    } else if (line.pieces.length > 0) {
      if (line.width + (word.space?.width ?? 0) + word.width <= width) {
        if (word.space) add(line, word.space);
      } else {
        line = newLine();
      }
    }
    if (line.width + word.width <= width) {
      for (const next of word.pieces) add(line, next);
      continue;
    }
    for (const next of word.pieces) {
      for (const { segment } of graphemes.segment(next.text)) {
        const char = piece(segment, next.font, size);
        if (line.pieces.length > 0 && line.width + char.width > width) line = newLine();
        add(line, char);
      }
    }
  }
  return lines;
}

const BODY = 11;
const HEADING_SIZES = [18, 15, 13, 11.5, 11.5, 11.5];
const LEADING = 1.4;
const TOP = LETTER[1] - MARGIN;
const WIDTH = LETTER[0] - 2 * MARGIN;
const FOOTER_Y = 40;

/** The letter as a PDF: a header naming the institution and the release, the letter, page numbers. */
export async function letterPdf(facts: LetterPdf): Promise<Uint8Array> {
  const blocks = blocksOf(letterTokens(facts.letter));
  const doc = await PDFDocument.create({ updateMetadata: false });
  // The header and the footer are in regular and bold.
  const fonts = await embedFaces(doc, new Set<Face>(["regular", "bold", ...blocks.flatMap((block) => block.spans.map((span) => span.face))]));

  let page: PDFPage = doc.addPage(LETTER);
  let y = TOP;
  const isAtTop = () => y === TOP;
  const newPage = () => {
    page = doc.addPage(LETTER);
    y = TOP;
  };
  /** Draws `lines` from `y` down at `x`, on a new page when one is full; `marker` before the first. */
  const draw = (lines: Line[], { x, size, color, marker = null }: { x: number; size: number; color: Color; marker?: string | null }) => {
    lines.forEach((line, i) => {
      if (y - size * LEADING < MARGIN) newPage();
      y -= size * LEADING;
      if (i === 0 && marker !== null) {
        const font = fonts.regular.font;
        page.drawText(marker, { x: x - 6 - font.widthOfTextAtSize(marker, size), y, size, font, color });
      }
      let at = x;
      for (const { text, font, width } of line.pieces) {
        page.drawText(text, { x: at, y, size, font, color });
        at += width;
      }
    });
  };
  const write = (spans: Span[], size: number, color: Color, after: number) => {
    draw(linesOf(wordsOf(spans, fonts, size), WIDTH, size), { x: MARGIN, size, color });
    y -= after;
  };

  write([{ text: facts.institution, face: "bold" }], 16, INK, 0);
  write([{ text: facts.office, face: "regular" }], 10.5, MUTED, 10);
  write([{ text: `Released on ${officeDateTime(facts.releasedAt, facts.timeZone)}`, face: "regular" }], 10, MUTED, 0);
  if (facts.reference) write([{ text: `Reference number ${facts.reference}`, face: "regular" }], 10, MUTED, 0);
  y -= 12;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.75, color: MUTED });
  y -= 20;
  const letterTop = y;

  for (const block of blocks) {
    const x = MARGIN + block.indent;
    const color = block.isQuoted ? MUTED : INK;
    if (block.kind === "rule") {
      if (y - 16 < MARGIN) newPage();
      y -= 8;
      page.drawLine({ start: { x, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.5, color: MUTED });
      y -= 8;
      continue;
    }
    const size = block.kind === "heading" ? HEADING_SIZES[block.level - 1]! : BODY;
    const lines = linesOf(wordsOf(block.spans, fonts, size), MARGIN + WIDTH - x, size);
    if (block.kind === "heading") {
      if (!isAtTop() && y !== letterTop) y -= size * 0.5;
      // A heading keeps a line of what it heads on its page.
      if (y - lines.length * size * LEADING - BODY * LEADING < MARGIN) newPage();
    }
    draw(lines, { x, size, color, marker: block.marker });
    y -= block.kind === "heading" ? 6 : block.isTight ? 2 : BODY * 0.75;
  }

  const pages = doc.getPages();
  pages.forEach((each, i) => {
    const footer = writable(`${facts.reference ? `Reference number ${facts.reference} · ` : ""}Page ${i + 1} of ${pages.length}`, fonts.regular.characters);
    const width = fonts.regular.font.widthOfTextAtSize(footer, 8.5);
    each.drawText(footer, { x: (LETTER[0] - width) / 2, y: FOOTER_Y, size: 8.5, font: fonts.regular.font, color: MUTED });
  });

  doc.setTitle(`${facts.institution}: your admission decision`, { showInWindowTitleBar: true });
  doc.setAuthor(facts.office);
  doc.setSubject(facts.reference ? `The admission decision on application ${facts.reference}` : "The admission decision on your application");
  doc.setCreator(`${facts.institution} admission application`);
  doc.setProducer("pdf-lib");
  doc.setLanguage("en");
  doc.setCreationDate(facts.madeAt);
  doc.setModificationDate(facts.madeAt);
  // pdf-lib waits for a timer every 50 objects by default: a letter has fewer than 30, made at once.
  return doc.save({ objectsPerTick: Infinity });
}
