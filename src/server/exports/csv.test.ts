import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BYTE_ORDER_MARK, csvCell, csvLine } from "./csv";

describe("the exports' CSV cells", () => {
  it.each([
    ["=1+2", "'=1+2"], ["+1", "'+1"], ["-2", "'-2"], ["@SUM(A1)", "'@SUM(A1)"], ["\tx", "'\tx"], ["\rx", "\"'\rx\""],
    ["\uFF1D1+2", "'\uFF1D1+2"], ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
    // After what a spreadsheet skips before reading a formula: spaces, line breaks, other control characters.
    [" =1+2", "' =1+2"], ["\u00A0+1", "'\u00A0+1"], ["\n-2", "\"'\n-2\""], ["\u0000@SUM(A1)", "'\u0000@SUM(A1)"], ["\u0007x", "'\u0007x"],
  ])("prefixes %j, which a spreadsheet would run as a formula", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([["Smith", "Smith"], ["", ""], ["a-b", "a-b"], ["1 = 1", "1 = 1"], ["José", "José"]])("leaves %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes bidirectional controls out where a reader sees them, so a cell reads in the order it is written", () => {
    expect(csvCell("invoice\u202Efdp.exe")).toBe("invoice<U+202E>fdp.exe");
    expect(csvCell("\u2066=HYPERLINK(1)\u2069")).toBe("<U+2066>=HYPERLINK(1)<U+2069>");
    expect(csvCell("\u200F-1")).toBe("<U+200F>-1");
  });

  it("quotes commas, quotes and line breaks, and a CSV reader reads every cell back as written", () => {
    const cells = ['He said "hi"', "a,b", "two\nlines", "crlf\r\nend", "plain", ""];
    const line = csvLine(cells);
    expect(line).toBe('"He said ""hi""","a,b","two\nlines","crlf\r\nend",plain,\r\n');
    expect(parse(BYTE_ORDER_MARK + line + line, { bom: true })).toEqual([cells, cells]);
  });
});
