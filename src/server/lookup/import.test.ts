import { readFileSync } from "node:fs";
import countries from "i18n-iso-countries";
import { describe, expect, it } from "vitest";
import alpha2 from "./alpha2.json" with { type: "json" };
import { parseSchools } from "./import";
import { MAX_LENGTHS } from "./schools";

const HEADER = "ceeb,name,address_line_1,city,state,zip,country";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n");

describe("checking a CSV file of schools", () => {
  it("reads every column, in any order, and tidies the codes", () => {
    const parsed = parseSchools("name,ceeb,country,state,city,zip,address_line_1\nLincoln High School,012345,usa,ne,Omaha,68102,1 Main Street\n", "hs_ceeb");
    expect(parsed).toEqual({
      ok: true,
      refused: [],
      schools: [{ ceeb: "012345", name: "Lincoln High School", address_line_1: "1 Main Street", city: "Omaha", state: "NE", zip: "68102", country: "USA" }],
    });
  });

  it("takes a school without a country to be in the USA", () => {
    const parsed = parseSchools(csv("012345,Lincoln High School,,Omaha,NE,68102,"), "hs_ceeb");
    expect(parsed.ok && parsed.schools[0]!.country).toBe("USA");
  });

  it("refuses each broken row with its line number and every reason", () => {
    const parsed = parseSchools(csv(
      "012345,Good High School,1 Main Street,Omaha,NE,68102,USA",
      ",,,,NE,,USA",
      "01A345,Letters High School,,Omaha,NE,68102,USA",
      "12345,Short Code High School,,Omaha,NE,68102,USA",
      "0123456,Long Code High School,,Omaha,NE,68102,USA",
      `012346,${"N".repeat(101)},,Omaha,NE,68102,USA`,
      "012347,No State High School,,Omaha,,68102,USA",
      "012348,Bad State High School,,Omaha,Nebraska,68102,USA",
      "012349,Bad Zip High School,,Boston,MA,2108,USA",
      "012350,Two Letters School,,London,,SW1A 1AA,GB",
      "012351,Bad Province School,,Toronto,XX,M4N 1T7,CAN",
      "012345,Again High School,,Omaha,NE,68102,USA",
      "012352,Too Few Fields",
      "012353,Control\u0001Character School,,Omaha,NE,68102,USA",
      "012354,Good School Abroad,1 Waverley Place,London,,NW8 0NP,GBR",
    ), "hs_ceeb");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schools.map((s) => s.ceeb)).toEqual(["012345", "012354"]);
    expect(parsed.refused).toEqual([
      { line: 3, reasons: ["ceeb is missing", "name is missing"] },
      { line: 4, reasons: ['ceeb "01A345" must be digits only'] },
      { line: 5, reasons: ["ceeb 12345 has 5 digits; a high school's has 6 (a spreadsheet may have dropped its leading zeros)"] },
      { line: 6, reasons: ["ceeb 0123456 has 7 digits; a high school's has 6"] },
      { line: 7, reasons: ["name is longer than 100 characters"] },
      { line: 8, reasons: ["state is missing; a school in the USA needs its two-letter state code"] },
      { line: 9, reasons: ['state "NEBRASKA" is not a two-letter US state code such as MA'] },
      { line: 10, reasons: ['zip "2108" is not a US ZIP code of 5 digits (a spreadsheet may have dropped its leading zeros)'] },
      { line: 11, reasons: ['country "GB" is not a three-letter ISO 3166-1 code such as USA or CAN'] },
      { line: 12, reasons: ['state "XX" is not a two-letter Canadian province code such as ON'] },
      { line: 13, reasons: ["ceeb 012345 is already on line 2"] },
      { line: 14, reasons: ["it has 2 fields; the header names 7"] },
      { line: 15, reasons: ["name has characters that are not text (save the file as CSV UTF-8)"] },
    ]);
  });

  it("knows a college's code has 4 digits", () => {
    const parsed = parseSchools(csv("1234,Good College,,Boston,MA,02108,USA", "123456,High School Code,,Boston,MA,02108,USA"), "college_ceeb");
    expect(parsed.ok && parsed.refused).toEqual([{ line: 3, reasons: ["ceeb 123456 has 6 digits; a college's has 4"] }]);
  });

  it("refuses a file with broken quoting whole, naming the line", () => {
    const parsed = parseSchools(csv("012345,First School,,Omaha,NE,68102,USA", '012346,"Broken" quote,,Omaha,NE,68102,USA', "012347,Third School,,Omaha,NE,68102,USA"), "hs_ceeb");
    expect(parsed).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not valid CSV, so nothing was loaded: .*line 3/) });
  });

  it("refuses a file without the columns, naming what is missing or unknown", () => {
    expect(parseSchools("", "hs_ceeb")).toEqual({ ok: false, message: `The file is empty. Its first line must name the columns: ${HEADER}` });
    expect(parseSchools("ceeb,name,adress_line_1,city,state,zip,country\n", "hs_ceeb")).toEqual({
      ok: false,
      message: `The first line must name the columns ${HEADER} (in any order); missing: address_line_1; not known: adress_line_1.`,
    });
    expect(parseSchools(`${HEADER},city\n`, "hs_ceeb")).toEqual({ ok: false, message: `The first line must name the columns ${HEADER} (in any order); named twice: city.` });
    expect(parseSchools("012345,Lincoln High School,,Omaha,NE,68102,USA\n", "hs_ceeb")).toMatchObject({ ok: false, message: expect.stringContaining("missing: ceeb, name") });
  });

  it("allows no longer value than the answers a chosen school fills", () => {
    const model = (JSON.parse(readFileSync(new URL("../../../schemas/answers.schema.json", import.meta.url), "utf8")) as { properties: Record<string, { maxLength?: number }> }).properties;
    for (const [field, max] of Object.entries(MAX_LENGTHS)) {
      const key = field === "name" ? "hs_name" : `hs_${field}`;
      expect(model[key]?.maxLength, key).toBe(max);
      if (field !== "name" && field !== "ceeb") expect(model[field]?.maxLength, field).toBe(max);
    }
  });

  it("maps every country's alpha-2 code to its alpha-3 code (src/server/lookup/alpha2.json)", () => {
    const expected = Object.fromEntries(Object.keys(countries.getAlpha2Codes()).map((code) => [code, countries.alpha2ToAlpha3(code)]));
    expect(alpha2).toEqual(expected);
  });
});
