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
 * The words matched are $4's: the text's own, or the text with a word's slip mended (SPELLINGS).
 * A mended text ranks the name with its city first: its words are the schools' own, so "lincon
 * portland", mended, matches every Lincoln, and the one in Portland is the one meant.
 *
 * The similarity costs microseconds a row, so it is computed for at most CANDIDATES matches: a
 * text such as "jackson" matches hundreds of schools, and ranking them all would take longer
 * than the applicant waits, for suggestions no better than any other few. The matches are a
 * MATERIALIZED CTE because the planner prices `<%` as if it were free: given a LIMIT right on the
 * scan, it reads the table in order expecting to stop early, and for a rare typo reads all of it
 * (scripts/bench-lookups.ts times typos over 30,000 schools). Without a LIMIT in view it takes the GIN index for rare texts and
 * the table for common ones, and a CTE is read only as far as the LIMIT outside it asks.
 */
const CANDIDATES = 100;
const SIMILAR_TO = `
  WITH words AS (SELECT lookup_words($4) AS words),
  matches AS MATERIALIZED (
    SELECT s.* FROM lookup_schools s, words WHERE words.words <> '' AND category = $1 AND words.words <% search_words)
  SELECT ceeb, name, city, state, country
  FROM (SELECT * FROM matches LIMIT ${CANDIDATES}) AS candidates, words
  WHERE NOT starts_with(lower(name), lower($2))
  ORDER BY CASE WHEN $4 <> $2 THEN word_similarity(words.words, search_words) END DESC,
    word_similarity($4, name) DESC, word_similarity(words.words, search_words) DESC, similarity($4, name) DESC, name, city, ceeb
  LIMIT $3`;

/**
 * The schools' words that each word of the text (of 4 letters or more: shorter ones are one slip
 * from too many words) shares a spelling with (migrations/010_lookup_spellings.sql): "dyaton" and
 * "dayton" both drop to "dyton" and to "daton". A word the schools have is itself among them.
 */
const SPELLINGS = `
  WITH typed AS (SELECT DISTINCT word FROM regexp_split_to_table(lookup_words($2), '\\s+') AS word WHERE length(word) >= 4)
  SELECT typed.word AS typed, known.word
  FROM typed, LATERAL (
    SELECT DISTINCT word FROM lookup_spellings WHERE category = $1 AND spelling = ANY (ARRAY(SELECT lookup_spellings_of(typed.word)))
  ) AS known
  ORDER BY 1, 2`;

/** The statements of a search, for the benchmark's EXPLAIN. */
export const SEARCH_STATEMENTS = { STARTING_WITH, SIMILAR_TO, SPELLINGS };

type SchoolRow = { ceeb: string; name: string; city: string; state: string; country: string };

/**
 * Names starting with the text; then, when a word of it is no school's but one slip from some
 * ("Amreican", "Bihop"), names alike the text with the word mended, else names alike the text.
 */
export async function searchSchools(db: Queryable, category: SchoolCategory, text: string, max: number): Promise<LookupResult[]> {
  const found = new Map<string, SchoolRow>();
  const add = (rows: SchoolRow[]) => {
    for (const row of rows) if (found.size < max) found.set(row.ceeb, row);
  };
  add(await db.query<SchoolRow>(STARTING_WITH, [category, text, max]));
  if (found.size === max) return suggestionsOf(found);
  // A mended text keeps the other words as typed: the text itself would find few schools more, for another query.
  const mended = await mendedTexts(db, category, text);
  for (const words of mended.length > 0 ? mended : [text]) {
    if (found.size < max) add(await db.query<SchoolRow>(SIMILAR_TO, [category, text, max, words]));
  }
  return suggestionsOf(found);
}

function suggestionsOf(found: Map<string, SchoolRow>): LookupResult[] {
  return [...found.values()].map((row) => ({ id: row.ceeb, text: row.name, sub_text: placeOf(row) }));
}

/** At most this many mended texts are searched: "sant" may be Saint, Santa or Sand. */
const MENDED_TEXTS = 3;

/** The text with each word the schools do not have replaced by one a slip away (each choice of them, in order). */
async function mendedTexts(db: Queryable, category: SchoolCategory, text: string): Promise<string[]> {
  const rows = await db.query<{ typed: string; word: string }>(SPELLINGS, [category, text]);
  const mends = new Map<string, string[]>();
  for (const { typed, word } of rows) mends.set(typed, [...mends.get(typed) ?? [], word]);
  let texts = [text.toLowerCase()];
  for (const [typed, words] of mends) {
    if (words.includes(typed)) continue;
    const slips = words.filter((word) => isOneSlipAway(typed, word));
    if (slips.length === 0) continue;
    const replace = (one: string, word: string) => one.split(/(\s+)/).map((part) => (part === typed ? word : part)).join("");
    texts = texts.flatMap((one) => slips.map((word) => replace(one, word))).slice(0, MENDED_TEXTS);
  }
  return texts.filter((one) => one !== text.toLowerCase());
}

/**
 * Whether one letter missing, added or changed, or two neighbours swapped, makes one word the
 * other. Two words sharing a spelling may be further apart ("abcd" and "bcda" both give "bcd").
 */
export function isOneSlipAway(typed: string, word: string): boolean {
  if (typed === word) return false;
  let start = 0;
  while (start < typed.length && start < word.length && typed[start] === word[start]) start++;
  let typedEnd = typed.length;
  let wordEnd = word.length;
  while (typedEnd > start && wordEnd > start && typed[typedEnd - 1] === word[wordEnd - 1]) {
    typedEnd--;
    wordEnd--;
  }
  const [left, right] = [typed.slice(start, typedEnd), word.slice(start, wordEnd)];
  return (left.length <= 1 && right.length <= 1) || (left.length === 2 && right.length === 2 && left[0] === right[1] && left[1] === right[0]);
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
