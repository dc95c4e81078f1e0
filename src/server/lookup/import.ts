// Loading schools from CSV: an institution's real lists (npm run lookups:import, scripts/
// lookups-import.ts) and the made-up sample in lookup-data/, which a fresh install loads at start-up
// so the lookups find something. A row is checked whole and refused with its line number and
// every reason; the good rows are upserted by CEEB code, so importing a file twice changes nothing
// and importing a newer list updates the schools in it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { repoRoot } from "../../definitions/files";
import type { Database, Queryable } from "../db/database";
import { canadianProvinces, countryNames, usStates } from "./places";
import { MAX_LENGTHS, SCHOOL_CATEGORIES, type SchoolCategory, type SchoolRecord } from "./schools";

const COLUMNS = ["ceeb", "name", "address_line_1", "city", "state", "zip", "country"] as const;

/** College Board codes: 6 digits for a high school, 4 for a college. */
const CEEB_DIGITS: Record<SchoolCategory, number> = { hs_ceeb: 6, college_ceeb: 4 };

export const SAMPLE_DIR = join(repoRoot, "lookup-data");

interface Refusal {
  /** The file's line the row ends on (the header is line 1). */
  line: number;
  reasons: string[];
}

export type ParsedSchools =
  | { ok: true; schools: SchoolRecord[]; refused: Refusal[] }
  | { ok: false; message: string };

export type ImportReport =
  | { ok: true; loaded: number; refused: Refusal[]; sampleRemoved: number }
  | { ok: false; message: string };

/** The rows of a CSV file with the documented columns (any order, header first), checked. */
export function parseSchools(csv: string, category: SchoolCategory): ParsedSchools {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // No skipping of rows with broken quoting: csv-parse then loses the rows after them unsaid.
    rows = parse(csv, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    return { ok: false, message: `The file is not valid CSV, so nothing was loaded: ${(error as Error).message}` };
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, message: `The file is empty. Its first line must name the columns: ${COLUMNS.join(",")}` };
  const names = header.record.map((name) => name.toLowerCase());
  const missing = COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(COLUMNS as readonly string[]).includes(name));
  const twice = COLUMNS.filter((column) => names.indexOf(column) !== names.lastIndexOf(column));
  if (missing.length > 0 || unknown.length > 0 || twice.length > 0) {
    const problems = [["missing", missing], ["not known", unknown], ["named twice", twice]] as const;
    return {
      ok: false,
      message: `The first line must name the columns ${COLUMNS.join(",")} (in any order)${problems.filter(([, list]) => list.length).map(([what, list]) => `; ${what}: ${list.join(", ")}`).join("")}.`,
    };
  }

  const schools: SchoolRecord[] = [];
  const refused: Refusal[] = [];
  const lineOfCeeb = new Map<string, number>();
  for (const { record, info } of body) {
    if (record.length !== names.length) {
      refused.push({ line: info.lines, reasons: [`it has ${record.length} fields; the header names ${names.length}`] });
      continue;
    }
    const school = Object.fromEntries(COLUMNS.map((column) => [column, record[names.indexOf(column)]!])) as unknown as SchoolRecord;
    // Codes as the form's selects store them; a list of American schools may leave country out.
    school.country = school.country.toUpperCase() || "USA";
    school.state = school.state.toUpperCase();
    const reasons = problemsOf(school, category);
    const earlier = lineOfCeeb.get(school.ceeb);
    if (earlier !== undefined) reasons.push(`ceeb ${school.ceeb} is already on line ${earlier}`);
    if (reasons.length > 0) {
      refused.push({ line: info.lines, reasons });
      continue;
    }
    lineOfCeeb.set(school.ceeb, info.lines);
    schools.push(school);
  }
  return { ok: true, schools, refused };
}

/** Every reason to refuse the row, in words for whoever prepared the file. */
function problemsOf(school: SchoolRecord, category: SchoolCategory): string[] {
  const reasons: string[] = [];
  for (const column of COLUMNS) {
    const value = school[column];
    if (value.length > MAX_LENGTHS[column]) reasons.push(`${column} is longer than ${MAX_LENGTHS[column]} characters`);
    // PostgreSQL refuses NUL; control characters and U+FFFD mean a file not saved as UTF-8 text.
    if (/[\p{Cc}\ufffd]/u.test(value) || !value.isWellFormed()) reasons.push(`${column} has characters that are not text (save the file as CSV UTF-8)`);
  }
  const digits = CEEB_DIGITS[category];
  if (school.ceeb === "") reasons.push("ceeb is missing");
  else if (!/^\d+$/.test(school.ceeb)) reasons.push(`ceeb "${school.ceeb}" must be digits only`);
  else if (school.ceeb.length !== digits) {
    const hint = school.ceeb.length < digits ? " (a spreadsheet may have dropped its leading zeros)" : "";
    reasons.push(`ceeb ${school.ceeb} has ${school.ceeb.length} digits; a ${category === "hs_ceeb" ? "high school" : "college"}'s has ${digits}${hint}`);
  }
  if (school.name === "") reasons.push("name is missing");

  if (!countryNames.has(school.country)) reasons.push(`country "${school.country}" is not a three-letter ISO 3166-1 code such as USA or CAN`);
  if (school.country === "USA") {
    if (school.state === "") reasons.push("state is missing; a school in the USA needs its two-letter state code");
    else if (!usStates.has(school.state)) reasons.push(`state "${school.state}" is not a two-letter US state code such as MA`);
    if (school.zip !== "" && !/^\d{5}(-\d{4})?$/.test(school.zip)) {
      reasons.push(`zip "${school.zip}" is not a US ZIP code of 5 digits${/^\d{3,4}$/.test(school.zip) ? " (a spreadsheet may have dropped its leading zeros)" : ""}`);
    }
  }
  if (school.country === "CAN" && school.state !== "" && !canadianProvinces.has(school.state)) {
    reasons.push(`state "${school.state}" is not a two-letter Canadian province code such as ON`);
  }
  return reasons;
}

/** Checks and loads a CSV file of schools; a real list replaces the sample's schools of its category. */
export async function importSchools(db: Database, category: SchoolCategory, csv: string): Promise<ImportReport> {
  const parsed = parseSchools(csv, category);
  if (!parsed.ok) return parsed;
  return db.transaction(async (tx) => {
    await lockLookups(tx);
    const removed = await tx.query("DELETE FROM lookup_schools WHERE category = $1 AND is_sample RETURNING ceeb", [category]);
    await upsertSchools(tx, category, parsed.schools, false);
    return { ok: true, loaded: parsed.schools.length, refused: parsed.refused, sampleRemoved: removed.length };
  });
}

/**
 * Loads lookup-data/*.csv when no school of either category is there yet (a fresh install);
 * answers how many of each it loaded, or undefined when it loaded none. Server copies starting
 * together take turns, and the second finds the schools already there.
 */
export async function loadSampleSchools(db: Database, dir = SAMPLE_DIR): Promise<Record<SchoolCategory, number> | undefined> {
  if (!SCHOOL_CATEGORIES.every((category) => existsSync(join(dir, `${category}.csv`)))) return undefined;
  return db.transaction(async (tx) => {
    await lockLookups(tx);
    const [any] = await tx.query("SELECT 1 FROM lookup_schools LIMIT 1");
    if (any) return undefined;
    const loaded = { hs_ceeb: 0, college_ceeb: 0 };
    for (const category of SCHOOL_CATEGORIES) {
      const parsed = parseSchools(readFileSync(join(dir, `${category}.csv`), "utf8"), category);
      if (!parsed.ok) throw new Error(`${join(dir, `${category}.csv`)}: ${parsed.message}`);
      await upsertSchools(tx, category, parsed.schools, true);
      loaded[category] = parsed.schools.length;
    }
    return loaded;
  });
}

/** Imports and the sample's start-up check take turns (server copies, a script beside a server). */
const lockLookups = (tx: Queryable) => tx.query("SELECT pg_advisory_xact_lock(727002)");

/** Rows per statement: one statement per 5,000 schools keeps each message to the database small. */
const BATCH = 5000;
const UPSERT = `
  INSERT INTO lookup_schools (category, ceeb, name, address_line_1, city, state, zip, country, is_sample)
  SELECT $1, s.*, $9 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
    AS s (ceeb, name, address_line_1, city, state, zip, country)
  ON CONFLICT (category, ceeb) DO UPDATE SET
    name = excluded.name, address_line_1 = excluded.address_line_1, city = excluded.city, state = excluded.state,
    zip = excluded.zip, country = excluded.country, is_sample = excluded.is_sample`;

async function upsertSchools(tx: Queryable, category: SchoolCategory, schools: SchoolRecord[], isSample: boolean): Promise<void> {
  for (let at = 0; at < schools.length; at += BATCH) {
    const batch = schools.slice(at, at + BATCH);
    await tx.query(UPSERT, [category, ...COLUMNS.map((column) => batch.map((school) => school[column])), isSample]);
  }
  // New rows wait in the trigram index's pending list (inserted in bulk, many times faster than one
  // by one), and the planner prices a full list so high that it reads the whole table instead;
  // PGlite has no autovacuum to empty it or to count the new rows. So both happen now.
  await tx.query("SELECT gin_clean_pending_list('lookup_schools_search')");
  await tx.query("SELECT refresh_lookup_spellings($1)", [category]);
  await tx.query("ANALYZE lookup_schools");
  await tx.query("ANALYZE lookup_spellings");
}

/** The import's report in lines for a terminal: the counts, then each refused row. */
export function describeImport(file: string, category: SchoolCategory, report: ImportReport): string[] {
  if (!report.ok) return [`${file}: ${report.message}`];
  return [
    `${file} (${category}): ${report.loaded} ${report.loaded === 1 ? "row" : "rows"} loaded, ${report.refused.length} refused${report.sampleRemoved ? `; the ${report.sampleRemoved} sample schools of this category were removed` : ""}`,
    ...report.refused.map((r) => `  line ${r.line}: ${r.reasons.join("; ")}`),
  ];
}
