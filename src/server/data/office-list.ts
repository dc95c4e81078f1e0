// The SQL of the admissions office's list (GET /staff/api/applications): a filter, a sort, and
// pages of 50 by keyset (the last row's sort value and id), so page 500 costs what page 1 does.
// Search is trigram word similarity (pg_trgm's `<%`, from 0.45: db/database.ts) on the name and
// reference (search_text, migration 007) and on the e-mail address, plus exact matches.
import type { FromSchema } from "json-schema-to-ts";
import { NOT_ANSWERED, type applicationFilter, type LIST_SORTS, type REVIEW_STATUSES } from "../../api-contract";
import type { Queryable } from "../db/database";
import { checklistConditions } from "./checklist";

/** The list's filter as its address writes it. */
export type ListQuery = FromSchema<typeof applicationFilter>;

/** What the SQL needs besides the query: the routes' filters have it all (staff/list-filter.ts). */
export interface FilterFacts {
  /** The office's time zone (institution.json), whose days the started_ and submitted_ bounds name. */
  timeZone: string;
  /** The moment a decision counts as released by; the database's clock when not given. */
  now?: Date;
  /** Whether the one asking may know a decision before its release (reviewers and admins); not given, as a reader, to whom it is as none until then. */
  seesUnreleased?: boolean;
}

export type ApplicationFilter = ListQuery & FilterFacts;
type ListSort = (typeof LIST_SORTS)[number];
/** Search results come best match first unless the filter names a sort. */
export type Order = ListSort | "relevance";

const PAGE_SIZE = 50;

export interface ListRow {
  id: number;
  reference: string | null;
  name: string;
  email: string;
  status: "started" | "submitted";
  entry_term: string | null;
  submitted_at: Date | null;
  last_activity: Date;
  review_status: (typeof REVIEW_STATUSES)[number] | null;
  /** The decision recorded, as the one asking may know it; null when none. */
  decision: { code: string; released: boolean; response: "accepted" | "declined" | null } | null;
}

/** Where a row stands in an order: its sort value (as JSON gives it: exact, unlike a Date) and id. */
export interface Position { value: string | number | null; id: number }

interface SortColumn { sql: string; type: "timestamptz" | "text" | "real"; isNullable: boolean }

const COLUMNS: Record<string, SortColumn> = {
  last_activity: { sql: "a.updated_at", type: "timestamptz", isNullable: false },
  submitted_at: { sql: "a.submitted_at", type: "timestamptz", isNullable: true },
  name: { sql: "a.applicant_name", type: "text", isNullable: false },
  reference: { sql: "a.reference", type: "text", isNullable: true },
  // A row the search did not find (neighbours of an application outside the results) ranks last.
  relevance: { sql: "coalesce(m.rank, 0)", type: "real", isNullable: false },
};

const ZERO = { timestamptz: "'epoch'::timestamptz", text: "''", real: "0::real" };

/** The order a page of `filter` is in: cursors name it, so a cursor is never read in another order. */
export const orderOf = (filter: ApplicationFilter): Order => filter.sort ?? (searchText(filter) ? "relevance" : "-last_activity");
const searchText = (filter: ApplicationFilter) => filter.q?.trim() ?? "";
const columnOf = (order: Order) => COLUMNS[order.replace(/^-/, "")]!;
const isDescending = (order: Order) => order.startsWith("-") || order === "relevance";

/**
 * The expressions a row is ordered by, `value` standing for its sort value. A nullable value
 * goes before a flag that puts NULLs last in either direction and a coalesce that keeps the row
 * comparison of the keyset from meeting a NULL (which would make it unknown, and skip rows).
 */
function sortKeys(value: string, order: Order): string[] {
  const column = columnOf(order);
  if (!column.isNullable) return [value, "a.user_id"];
  return [`(${value} IS ${isDescending(order) ? "NOT " : ""}NULL)`, `coalesce(${value}, ${ZERO[column.type]})`, "a.user_id"];
}

/** Collects a statement's parameters: each `add` answers its placeholder. */
export class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A search's words: each may find an application ("Jonh Smiht" finds John Smith by "smiht"). */
const MAX_WORDS = 8;
const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

/**
 * The applications matching the search, each with its rank. An e-mail address or reference
 * typed whole finds that application alone. Otherwise each word is looked for in the name and
 * reference and in the e-mail address, by trigram word similarity; a whole-text comparison
 * would miss a name misspelled twice ("Jonh Smiht" is only 0.36 like "john smith"). The rank
 * is the words' mean best similarity, so the application that has them all comes first.
 * One arm per index, joined by UNION ALL: an OR across two tables could use neither index.
 * MATERIALIZED because the planner prices `<%` as if it were free (see lookup/schools.ts): the
 * matches are found first, then filtered, sorted and cut.
 */
function matchesOf(filter: ApplicationFilter, p: Parameters): string {
  const text = searchText(filter);
  const [q, words] = [p.add(text), p.add(wordsOf(text))];
  return `exact AS MATERIALIZED (
      SELECT user_id FROM applications WHERE reference = upper(${q})
      UNION SELECT id FROM users WHERE username = lower(${q})),
    hits AS (
      SELECT a.user_id, w, word_similarity(w, a.search_text) AS similarity
      FROM unnest(${words}::text[]) w JOIN applications a ON w <% a.search_text WHERE NOT EXISTS (SELECT 1 FROM exact)
      UNION ALL SELECT u.id, w, word_similarity(w, u.username)
      FROM unnest(${words}::text[]) w JOIN users u ON w <% u.username WHERE NOT EXISTS (SELECT 1 FROM exact)),
    matches AS MATERIALIZED (
      SELECT user_id, 1::real AS rank FROM exact
      UNION ALL SELECT user_id, (sum(similarity) / cardinality(${words}::text[]))::real
      FROM (SELECT user_id, w, max(similarity) AS similarity FROM hits GROUP BY user_id, w) best GROUP BY user_id)`;
}

/** The moment a decision counts as released by, as SQL. */
const nowOf = (filter: ApplicationFilter, p: Parameters) => (filter.now ? `${p.add(filter.now)}::timestamptz` : "now()");
/** The decisions table's condition on `d` that keeps a decision not released yet from a reader, as from its applicant. */
const knownTo = (filter: ApplicationFilter, now: () => string, d: string) => (filter.seesUnreleased ? "" : ` AND ${d}.release_at <= ${now()}`);

/** The decision filters, over the decision the one asking may know (`none`: no decision, or none they may know). */
function decisionConditions(filter: ApplicationFilter, p: Parameters): string[] {
  const { decision, released, response } = filter;
  if (decision === undefined && released === undefined && response === undefined) return [];
  // Added once, and only when a condition reads it (PostgreSQL refuses a parameter no statement uses).
  let added: string | undefined;
  const now = () => (added ??= nowOf(filter, p));
  const exists = (condition: string, known = knownTo(filter, now, "fd")) =>
    `EXISTS (SELECT 1 FROM decisions fd WHERE fd.application_id = a.user_id${condition}${known})`;
  const where: string[] = [];
  if (decision === NOT_ANSWERED) where.push(`NOT ${exists("")}`);
  else if (decision !== undefined) where.push(exists(` AND fd.code = ${p.add(decision)}`));
  if (released !== undefined) where.push(`${released ? "" : "NOT "}${exists(` AND fd.release_at <= ${now()}`, "")}`);
  if (response === NOT_ANSWERED) where.push(`NOT ${exists(" AND fd.response IS NOT NULL")}`);
  else if (response !== undefined) where.push(exists(` AND fd.response = ${p.add(response)}`));
  return where;
}

/** The FROM and WHERE of the filter, and the CTEs of the search when there is one. */
export function filtered(filter: ApplicationFilter, p: Parameters): { ctes: string[]; from: string; where: string[] } {
  const isSearch = searchText(filter) !== "";
  const where: string[] = [];
  if (filter.status) where.push(`a.submitted_at IS ${filter.status === "submitted" ? "NOT " : ""}NULL`);
  const answered = (column: string, value: string | undefined) => {
    if (value === NOT_ANSWERED) where.push(`${column} IS NULL`);
    else if (value) where.push(`${column} = ${p.add(value)}`);
  };
  answered("a.entry_term", filter.term);
  answered("a.application_plan", filter.plan);
  answered("a.review_status", filter.review);
  answered("a.citizenship", filter.citizenship);
  answered("a.request_state", filter.request);
  where.push(...decisionConditions(filter, p), ...checklistConditions(filter, (value) => p.add(value)));
  /** Whole days of the office's time zone, `from` to `to` included. */
  const days = (column: string, from: string | undefined, to: string | undefined) => [
    ...(from ? [`${column} >= (${p.add(from)}::date::timestamp AT TIME ZONE ${p.add(filter.timeZone)})`] : []),
    ...(to ? [`${column} < ((${p.add(to)}::date + 1)::timestamp AT TIME ZONE ${p.add(filter.timeZone)})`] : []),
  ];
  where.push(...days("a.submitted_at", filter.submitted_from, filter.submitted_to));
  // An application is started when its account is made (users.created_at): the row comes with it.
  const started = days("s.created_at", filter.started_from, filter.started_to);
  if (started.length) where.push(`EXISTS (SELECT 1 FROM users s WHERE s.id = a.user_id AND ${started.join(" AND ")})`);
  return {
    ctes: isSearch ? [matchesOf(filter, p)] : [],
    from: `applications a${isSearch ? " JOIN matches m ON m.user_id = a.user_id" : ""}`,
    where,
  };
}

const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(" AND ")}` : "");

type FoundRow = ListRow & { sort_value: Position["value"]; total: number } & Record<string, unknown>;

/**
 * Rows of the filter in its order after `after` (from the start when null); `isReversed` walks
 * backwards. With `withTotal`, each row also carries how many match the filter, counted in the
 * same statement so a search finds its matches once; a page past the end is one row of NULLs
 * but the total.
 */
async function rowsAfter(
  db: Queryable, filter: ApplicationFilter, after: Position | null, limit: number, { isReversed = false, withTotal = false } = {},
): Promise<FoundRow[]> {
  const p = new Parameters();
  const order = orderOf(filter);
  const column = columnOf(order);
  const { ctes, from, where } = filtered(filter, p);
  const isDescendingHere = isDescending(order) !== isReversed;
  const keyset = after
    ? [`(${sortKeys(column.sql, order).join(", ")}) ${isDescendingHere ? "<" : ">"} (${sortKeys(`${p.add(after.value)}::${column.type}`, order).slice(0, -1).join(", ")}, ${p.add(after.id)}::int)`]
    : [];
  const direction = isDescendingHere ? "DESC" : "ASC";
  const orderBy = (value: string) => sortKeys(value, order).map((key) => `${key} ${direction}`).join(", ");
  // The page is cut from the applications alone; only its rows are joined to their accounts.
  ctes.push(`page AS (
    SELECT a.user_id, a.reference, a.applicant_name, a.entry_term, a.submitted_at, a.updated_at, a.review_status, ${column.sql} AS sort_value
    FROM ${from} ${whereOf([...where, ...keyset])}
    ORDER BY ${orderBy(column.sql)}
    LIMIT ${p.add(limit)})`);
  if (withTotal) ctes.push(`total AS (SELECT count(*)::int AS total FROM ${from} ${whereOf(where)})`);
  const now = nowOf(filter, p);
  return db.query<FoundRow>(
    `WITH ${ctes.join(",\n")}
     SELECT ${withTotal ? "t.total, " : ""}a.user_id AS id, a.reference, a.applicant_name AS name, u.username AS email,
       CASE WHEN a.submitted_at IS NULL THEN 'started' ELSE 'submitted' END AS status,
       a.entry_term, a.submitted_at, a.updated_at AS last_activity, a.review_status, to_jsonb(a.sort_value) AS sort_value,
       (SELECT json_build_object('code', d.code, 'released', coalesce(d.release_at <= ${now}, false), 'response', d.response)
        FROM decisions d WHERE d.application_id = a.user_id${knownTo(filter, () => now, "d")}) AS decision
     FROM ${withTotal ? "total t LEFT JOIN (page a JOIN users u ON u.id = a.user_id) ON true" : "page a JOIN users u ON u.id = a.user_id"}
     ORDER BY ${orderBy("a.sort_value")}`,
    p.values,
  );
}

/** One page of the list: up to 50 rows after `after`, the position to ask the next page from (null on the last), and how many match. */
export async function applicationPage(db: Queryable, filter: ApplicationFilter, after: Position | null): Promise<{ rows: ListRow[]; next: Position | null; total: number }> {
  const found = await rowsAfter(db, filter, after, PAGE_SIZE + 1, { withTotal: true });
  const total = found[0]!.total;
  const rows = found.filter((row) => row.id !== null).slice(0, PAGE_SIZE);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ sort_value: _, total: __, ...row }) => row),
    next: found.length > PAGE_SIZE && last ? { value: last.sort_value, id: last.id } : null,
    total,
  };
}

/**
 * The applications just before and after `id` in the list of `filter`: from where it stands in
 * that order, whether or not it matches the filter now (a review status changed since the list
 * was drawn must not lose the reviewer's place). Null when there is no such application.
 */
export async function neighboursOf(db: Queryable, id: number, filter: ApplicationFilter): Promise<{ previous: number | null; next: number | null } | null> {
  const p = new Parameters();
  const isSearch = searchText(filter) !== "";
  const [row] = await db.query<{ sort_value: Position["value"] }>(
    `${isSearch ? `WITH ${matchesOf(filter, p)}` : ""}
     SELECT to_jsonb(${columnOf(orderOf(filter)).sql}) AS sort_value
     FROM applications a${isSearch ? " LEFT JOIN matches m ON m.user_id = a.user_id" : ""} WHERE a.user_id = ${p.add(id)}`,
    p.values,
  );
  if (!row) return null;
  const position = { value: row.sort_value, id };
  const [[previous], [next]] = await Promise.all([rowsAfter(db, filter, position, 1, { isReversed: true }), rowsAfter(db, filter, position, 1)]);
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}

/** Whether `value` can be a sort value of `order` (a cursor comes from the browser: a bad one must not reach the database). */
export function isSortValue(order: Order, value: unknown): value is Position["value"] {
  const column = columnOf(order);
  if (value === null) return column.isNullable;
  switch (column.type) {
    case "real": return typeof value === "number" && (value === 0 || (Math.abs(value) >= REAL_MIN && Math.abs(value) <= REAL_MAX));
    case "text": return typeof value === "string" && value.length <= 200 && value.isWellFormed() && !value.includes("\0");
    case "timestamptz": return typeof value === "string" && isTimestamp(value);
  }
}

/** What PostgreSQL's real holds: a smaller or larger number is an error there ("out of range"), not a rounding. */
const REAL_MIN = 1.175494351e-38, REAL_MAX = 3.402823466e38;

/**
 * As to_jsonb writes a timestamptz ("2026-11-22T12:00:00.123456+00:00"), of a day that exists, with
 * an offset PostgreSQL takes (up to 15:59:59; "+99:99" failed there with a 500).
 */
function isTimestamp(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:[0-5]\d){0,2})$/.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
