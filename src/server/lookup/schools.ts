// Searching the imported schools (migrations/003_lookups.sql) and reading one by its CEEB code.
import type { Queryable, Row } from "../db/database";
import { countryNames } from "./places";

export const SCHOOL_CATEGORIES = ["hs_ceeb", "college_ceeb"] as const;
export type SchoolCategory = (typeof SCHOOL_CATEGORIES)[number];
export const isSchoolCategory = (category: string): category is SchoolCategory => (SCHOOL_CATEGORIES as readonly string[]).includes(category);

/** One suggestion under the text the applicant types (spec: Lookup result). */
export interface LookupResult {
  id: string;
  text: string;
  sub_text: string;
}

/** What choosing a school fills in (spec: Lookup detail record). */
export interface SchoolRecord {
  name: string;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  ceeb: string;
}

/**
 * The longest value each field may hold: the limits of the answers a chosen school or address
 * fills (hs_name, hs_address_line_1, city… in schemas/answers.schema.json), so a record from a
 * lookup is never one the form then refuses to save.
 */
export const MAX_LENGTHS: Record<keyof SchoolRecord, number> = {
  ceeb: 10, name: 100, address_line_1: 45, city: 45, state: 45, zip: 10, country: 45,
};

/**
 * Names that start with the text, exact names first ("lincoln high school" → every Lincoln High
 * School, then Lincoln High School of the Arts). The range on lower(name) is what the
 * text_pattern_ops index serves; a LIKE with a bound pattern would not use it once the statement
 * is prepared. chr(1114111), the last code point, sorts after anything that can follow the text.
 */
const STARTING_WITH = `
  SELECT ceeb, name, city, state, country
  FROM lookup_schools
  WHERE category = $1 AND lower(name) ~>=~ lower($2) AND lower(name) ~<~ (lower($2) || chr(1114111))
  ORDER BY lower(name) = lower($2) DESC, name, city, ceeb
  LIMIT $3`;

/**
 * The rest by trigram word similarity (pg_trgm's `<%`, from 0.45: db/database.ts) of the words that tell
 * schools apart (lookup_words: no "High School") and the city: "Lincon" finds Lincoln, "jeff"
 * Thomas Jefferson, "lincoln omaha" the one in Omaha. Ranked by the whole name first ("Riversid
 * High" is Riverside High School before Thoreau Senior High in Riverside), then with the city,
 * then the shorter, closer name. A text of such words only ("high school") finds nothing more.
 *
 * The similarity costs microseconds a row, so it is computed for at most CANDIDATES matches: a
 * text such as "jackson" matches hundreds of schools, and ranking them all would take longer
 * than the applicant waits, for suggestions no better than any other few. The matches are a
 * MATERIALIZED CTE because the planner prices `<%` as if it were free: given a LIMIT right on the
 * scan, it reads the table in order expecting to stop early, and for a rare typo reads all of it
 * (0.4 s for 30,000 schools). Without a LIMIT in view it takes the GIN index for rare texts and
 * the table for common ones, and a CTE is read only as far as the LIMIT outside it asks.
 */
const CANDIDATES = 100;
const SIMILAR_TO = `
  WITH words AS (SELECT lookup_words($2) AS words),
  matches AS MATERIALIZED (
    SELECT s.* FROM lookup_schools s, words WHERE words.words <> '' AND category = $1 AND words.words <% search_words)
  SELECT ceeb, name, city, state, country
  FROM (SELECT * FROM matches LIMIT ${CANDIDATES}) AS candidates, words
  WHERE NOT starts_with(lower(name), lower($2))
  ORDER BY word_similarity($2, name) DESC, word_similarity(words.words, search_words) DESC, similarity($2, name) DESC, name, city, ceeb
  LIMIT $3`;

/** The two statements of a search, for the benchmark's EXPLAIN. */
export const SEARCH_STATEMENTS = { STARTING_WITH, SIMILAR_TO };

type SchoolRow = { ceeb: string; name: string; city: string; state: string; country: string };

export async function searchSchools(db: Queryable, category: SchoolCategory, text: string, max: number): Promise<LookupResult[]> {
  const rows = await db.query<SchoolRow>(STARTING_WITH, [category, text, max]);
  if (rows.length < max) rows.push(...await db.query<SchoolRow>(SIMILAR_TO, [category, text, max - rows.length]));
  return rows.map((row) => ({ id: row.ceeb, text: row.name, sub_text: placeOf(row) }));
}

/** "Omaha, NE" in the USA; "Toronto, Canada" elsewhere (the country's name from the form's list). */
function placeOf(row: { city: string; state: string; country: string }): string {
  const region = row.country === "USA" ? row.state : countryNames.get(row.country) ?? row.country;
  return [row.city, region].filter(Boolean).join(", ");
}

export async function schoolByCeeb(db: Queryable, category: SchoolCategory, ceeb: string): Promise<SchoolRecord | undefined> {
  const [row] = await db.query<SchoolRecord & Row>(
    "SELECT name, address_line_1, city, state, zip, country, ceeb FROM lookup_schools WHERE category = $1 AND ceeb = $2", [category, ceeb]);
  return row;
}
