// The PDF copy's cover page (issue 20): whose application it is, its reference, entry term and
// when it was submitted, and when the copy was made, so a printed copy identifies itself. Drawn
// with PDF's standard Helvetica, which needs no font file but writes only WinAnsi (Western
// European) characters: other characters are given their unaccented letter or "?" rather than
// failing the copy. The printed application after the cover shows every name as typed.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { officeDateTime, type Answers, displayText } from "../../engine/runtime";

export const LETTER: [number, number] = [612, 792];

export interface Cover {
  institution: string;
  office: string;
  /** The applicant's name as answered; "" when not given yet. */
  name: string;
  /** The entry term's label (Fall 2026); "" when not chosen yet. */
  entryTerm: string;
  reference: string | null;
  /** null: not submitted, and the cover says so. */
  submittedAt: Date | null;
  madeAt: Date;
  /** The office's (IANA), in which the cover writes dates and times. */
  timeZone: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The cover's name and entry term from the answers: the choice's label, stored beside its code. */
export function coverAnswers(answers: Answers): Pick<Cover, "name" | "entryTerm"> {
  return {
    name: [text(answers.first_name), text(answers.last_name)].filter((part) => part.trim() !== "").join(" "),
    entryTerm: text(answers.entry_term_desc),
  };
}

/** The page's margin, and its two colours: what the office's PDFs share (the decision letter's too, decisions/letter-pdf.ts). */
export const MARGIN = 72;
const WIDTH = LETTER[0] - 2 * MARGIN;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.36, 0.39, 0.45);

/** Puts the cover before the first page of `doc`. */
export async function addCover(doc: PDFDocument, cover: Cover): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.insertPage(0, LETTER);
  let y = LETTER[1] - MARGIN;
  /** Writes `value` wrapped to the page's width, from the top down. */
  const write = (value: string, font: PDFFont, size: number, color = INK, after = 0) => {
    for (const line of wrapped(writable(font, value), font, size)) {
      y -= size * 1.25;
      page.drawText(line, { x: MARGIN, y, size, font, color });
    }
    y -= after;
  };
  write(cover.institution, bold, 20);
  write(cover.office, regular, 12, MUTED, 36);
  write("Application for first-year admission", bold, 24, INK, 8);
  write(cover.submittedAt ? "A copy of the application as submitted" : "A copy of the answers saved so far", regular, 12, MUTED, 28);
  rule(page, y);
  y -= 20;
  const field = (label: string, value: string) => {
    write(label, regular, 10, MUTED, 2);
    write(value, bold, 15, INK, 16);
  };
  field("Applicant", cover.name.trim() === "" ? "Not given yet" : cover.name);
  field("Reference number", cover.reference ?? (cover.submittedAt ? "None (submitted before reference numbers were given)" : "Not submitted"));
  field("Entry term", cover.entryTerm === "" ? "Not chosen yet" : cover.entryTerm);
  field("Submitted", cover.submittedAt ? officeDateTime(cover.submittedAt, cover.timeZone) : "Not submitted");
  rule(page, y);
  y -= 8;
  write(`This copy was made on ${officeDateTime(cover.madeAt, cover.timeZone)}.`, regular, 10, MUTED);
  if (cover.reference) write("Please quote the reference number whenever you contact the office about your application.", regular, 10, MUTED);
}

function rule(page: PDFPage, y: number) {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.75, color: MUTED });
}

const supportedSets = new WeakMap<PDFFont, Set<number>>();

/**
 * `value` in characters `font` can write: one line, each other character as its letter without
 * accents when the font has that (ő → o), else "?". pdf-lib throws on the first it cannot encode.
 */
function writable(font: PDFFont, value: string): string {
  let supported = supportedSets.get(font);
  if (!supported) supportedSets.set(font, (supported = new Set(font.getCharacterSet())));
  const canWrite = (chars: string) => [...chars].every((char) => supported.has(char.codePointAt(0)!));
  const oneLine = displayText(value).replace(/\s+/g, " ").normalize("NFC");
  return [...oneLine].map((char) => {
    if (canWrite(char)) return char;
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    return base !== "" && canWrite(base) ? base : "?";
  }).join("");
}

/** Lines of `value` no wider than the page's text, broken between words (inside a word too long for a line). */
function wrapped(value: string, font: PDFFont, size: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= WIDTH;
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const joined = line === "" ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    for (const char of word) {
      if (line !== "" && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  lines.push(line);
  return lines;
}
