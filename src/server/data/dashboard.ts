// The SQL of the office's dashboard (GET /staff/api/dashboard): three statements, each one pass
// over the applications, counting with FILTER. Days are the office's (institution.json
// time_zone): the database turns `now` into today there, Monday of its ISO week, and each day's
// bounds, as the list's submitted_from and submitted_to do (office-list.ts), so a figure and the
// list its link opens count the same rows.
import type { Queryable } from "../db/database";

interface PeriodCounts { today: number; week: number; cycle: number }
type DayCounts = { day: string; submitted: number; last_day: string; last_cycle: number };
interface SplitRow { value: string | null; started: number; submitted: number }
type SplitName = "plan" | "term" | "review" | "citizenship";

export interface Dashboard {
  today: string;
  week_from: string;
  cycle_from: string;
  started: PeriodCounts;
  submitted: PeriodCounts;
  per_day: DayCounts[];
  splits: Record<SplitName, SplitRow[]>;
}

/** The column each split groups by; GROUPING() numbers them in this order, highest bit first. */
const SPLITS: [SplitName, string][] = [["plan", "a.application_plan"], ["term", "a.entry_term"], ["review", "a.review_status"], ["citizenship", "a.citizenship"]];

/**
 * The dashboard at `now` for a cycle that opened on `opens` (YYYY-MM-DD). $1 is now, $2 the time
 * zone, $3 the opening day; `bounds` names today, the week's Monday and the first moment of
 * each, and of the cycle, and of tomorrow (nothing later is counted: a clock moved back in a
 * test, or a wrong one, adds no future rows), and the earliest of them (a week may begin before
 * the cycle opens).
 */
export async function dashboardOf(db: Queryable, { now, timeZone, opens }: { now: Date; timeZone: string; opens: string }): Promise<Dashboard> {
  const parameters = [now, timeZone, opens];
  const bounds = `bounds AS MATERIALIZED (
    SELECT today, week_from, $3::date AS cycle_from, today_at, week_at, cycle_at, end_at, least(week_at, cycle_at) AS from_at
    FROM (SELECT ($1::timestamptz AT TIME ZONE $2)::date AS today) t,
      LATERAL (SELECT date_trunc('week', today)::date AS week_from) w,
      LATERAL (SELECT today::timestamp AT TIME ZONE $2 AS today_at, week_from::timestamp AT TIME ZONE $2 AS week_at,
        $3::date::timestamp AT TIME ZONE $2 AS cycle_at, (today + 1)::timestamp AT TIME ZONE $2 AS end_at) at)`;
  const periods = (column: string) => `
    count(*) FILTER (WHERE ${column} >= b.today_at)::int AS today,
    count(*) FILTER (WHERE ${column} >= b.week_at)::int AS week,
    count(*) FILTER (WHERE ${column} >= b.cycle_at)::int AS cycle`;

  // Started: the accounts made in each period, read from users alone (an application is made with
  // its account, in one transaction, and goes with it: data/accounts.ts, own-account.ts), by
  // 012's index; submitted: the submits, by 008's. Each an index range, from the earliest first day.
  const figuresRead = db.query<{ today: string; week_from: string; cycle_from: string; started: PeriodCounts; submitted: PeriodCounts }>(
    `WITH ${bounds}
     SELECT to_char(b.today, 'YYYY-MM-DD') AS today, to_char(b.week_from, 'YYYY-MM-DD') AS week_from, to_char(b.cycle_from, 'YYYY-MM-DD') AS cycle_from,
       (SELECT to_jsonb(s) FROM (SELECT ${periods("u.created_at")} FROM users u WHERE u.created_at >= b.from_at AND u.created_at < b.end_at) s) AS started,
       (SELECT to_jsonb(s) FROM (SELECT ${periods("a.submitted_at")} FROM applications a WHERE a.submitted_at >= b.from_at AND a.submitted_at < b.end_at) s) AS submitted
     FROM bounds b`,
    parameters,
  );

  // Submits by the office's day over the cycle so far and the same days a year earlier: one
  // index-only range of 008's index each (UNION ALL: an OR of the two read the table's rows too;
  // the second ends where the first begins, should a cycle run past a year), each day written out
  // once counted. The days between are filled in here; a year before February 29 is February 28,
  // as PostgreSQL's '1 year' has it in the window's bounds.
  const countedRead = db.query<{ day: string; n: number }>(
    `WITH ${bounds}
     SELECT to_char(day, 'YYYY-MM-DD') AS day, n
     FROM (
       SELECT (s.submitted_at AT TIME ZONE $2)::date AS day, count(*)::int AS n
       FROM bounds b, LATERAL (
         SELECT submitted_at FROM applications WHERE submitted_at >= b.cycle_at AND submitted_at < b.end_at
         UNION ALL
         SELECT submitted_at FROM applications
         WHERE submitted_at >= (b.cycle_from - interval '1 year')::date::timestamp AT TIME ZONE $2
           AND submitted_at < ((b.today - interval '1 year')::date + 1)::timestamp AT TIME ZONE $2
           AND submitted_at < b.cycle_at) s
       GROUP BY 1) days`,
    parameters,
  );

  // This cycle's applications (started since it opened) by each split: counted once by all four
  // answers together (a few hundred rows), then GROUPING SETS adds those up for each split, so
  // the join's rows are hashed once instead of once a split.
  const columns = SPLITS.map(([name]) => name).join(", ");
  const groupedRead = db.query<{ grouping_set: number; value: string | null; started: number; submitted: number }>(
    `WITH ${bounds},
     combinations AS (
       SELECT ${SPLITS.map(([name, column]) => `${column} AS ${name}`).join(", ")},
         count(*) FILTER (WHERE a.submitted_at IS NULL) AS started, count(*) FILTER (WHERE a.submitted_at IS NOT NULL) AS submitted
       FROM bounds b JOIN users u ON u.created_at >= b.cycle_at AND u.created_at < b.end_at JOIN applications a ON a.user_id = u.id
       GROUP BY ${columns})
     SELECT GROUPING(${columns}) AS grouping_set, coalesce(${columns}) AS value, sum(started)::int AS started, sum(submitted)::int AS submitted
     FROM combinations
     GROUP BY GROUPING SETS (${SPLITS.map(([name]) => `(${name})`).join(", ")})`,
    parameters,
  );

  // The three at once: on PostgreSQL each on a connection of its own, so the dashboard takes as
  // long as its slowest statement rather than the sum of the three.
  const [[figures], counted, grouped] = await Promise.all([figuresRead, countedRead, groupedRead]);
  const { today, week_from, cycle_from, started, submitted } = figures!;
  const byDay = new Map(counted.map(({ day, n }) => [day, n]));
  const perDay = daysFrom(cycle_from, today).map((day) => {
    const lastDay = yearBefore(day);
    return { day, submitted: byDay.get(day) ?? 0, last_day: lastDay, last_cycle: byDay.get(lastDay) ?? 0 };
  });
  const splits = Object.fromEntries(SPLITS.map(([name], i) => {
    // GROUPING() sets a bit for each column left out of the row's set: all but this split's.
    const set = (2 ** SPLITS.length - 1) ^ (2 ** (SPLITS.length - 1 - i));
    return [name, grouped.filter((row) => row.grouping_set === set).map(({ value, started, submitted }) => ({ value, started, submitted }))];
  })) as Record<SplitName, SplitRow[]>;

  return { today, week_from, cycle_from, started, submitted, per_day: perDay, splits };
}

/** The days from `first` to `last` (YYYY-MM-DD), both included; none when `first` is later. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The same day a year earlier; February 29 becomes February 28. */
const yearBefore = (day: string) => `${String(Number(day.slice(0, 4)) - 1).padStart(4, "0")}${day.slice(4) === "-02-29" ? "-02-28" : day.slice(4)}`;
