// The office's CSV files, written by hand rather than through a general stringifier: every cell
// is a string already (columns.ts), so a line is a join, and an export of 100,000 applications
// by 500 columns spends its time on the answers, not on options checked per cell (csv-stringify
// was several times slower for the same bytes; scripts/bench-exports.ts measures the export).
//
// RFC 4180 with CRLF, as spreadsheets write it: a cell holding a comma, a quote or a line break is
// quoted, its quotes doubled. A cell that begins with =, +, -, @ (or the full-width forms some
// spreadsheets read alike), also after spaces, line breaks or control characters a spreadsheet
// skips, or that begins with a control character itself (tab, carriage return), is prefixed with '
// so a spreadsheet shows it as text instead of running it as a formula (OWASP, CSV injection).
// Bidirectional controls, which make a cell read in another order than it is written
// ("cod.exe" shown for "exe.doc"), are written out as <U+202E>, where a reader sees them.

import { BIDI_CONTROL } from "../../engine/runtime";

/** Put first in a file, so a spreadsheet reads the file as UTF-8 (accented names stay as typed). */
export const BYTE_ORDER_MARK = "\uFEFF";

const FORMULA = /^[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^\p{Cc}/u;
const NEEDS_QUOTES = /[",\r\n]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, "g");
const shown = (control: string) => `<U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`;

export function csvCell(value: string): string {
  const visible = BIDI_CONTROL.test(value) ? value.replace(BIDI_CONTROLS, shown) : value;
  const cell = FORMULA.test(visible) ? `'${visible}` : visible;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;
