// The office's CSV files, written by hand rather than through a general stringifier: every cell
// is a string already (columns.ts), so a line is a join, and an export of 100,000 applications
// by 500 columns spends its time on the answers, not on options checked per cell (csv-stringify
// was several times slower for the same bytes; scripts/bench-exports.ts measures the export).
//
// RFC 4180 with CRLF, as spreadsheets write it: a cell holding a comma, a quote or a line break is
// quoted, its quotes doubled. A cell that begins with =, +, -, @, tab or carriage return (or the
// full-width =, +, -, @ some spreadsheets read alike) is prefixed with ' so a spreadsheet shows it
// as text instead of running it as a formula (OWASP, CSV injection).

/** Put first in a file, so a spreadsheet reads the file as UTF-8 (accented names stay as typed). */
export const BYTE_ORDER_MARK = "\uFEFF";

const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const cell = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;
