import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BYTE_ORDER_MARK, csvCell, csvLine } from "./csv";

describe("the exports' CSV cells", () => {
  it.each([
    ["=1+2", "'=1+2"], ["+1", "'+1"], ["-2", "'-2"], ["@SUM(A1)", "'@SUM(A1)"], ["\tx", "'\tx"], ["\rx", "\"'\rx\""],
    ["\uFF1D1+2", "'\uFF1D1+2"], ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
  ])("prefixes %j, which a spreadsheet would run as a formula", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([["Smith", "Smith"], ["", ""], ["a-b", "a-b"], ["1 = 1", "1 = 1"], ["José", "José"]])("leaves %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("quotes commas, quotes and line breaks, and a CSV reader reads every cell back as written", () => {
    const cells = ['He said "hi"', "a,b", "two\nlines", "crlf\r\nend", "plain", ""];
    const line = csvLine(cells);
    expect(line).toBe('"He said ""hi""","a,b","two\nlines","crlf\r\nend",plain,\r\n');
    expect(parse(BYTE_ORDER_MARK + line + line, { bom: true })).toEqual([cells, cells]);
  });
});
