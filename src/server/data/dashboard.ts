// The SQL of the office's dashboard (GET /staff/api/dashboard): three statements, each one pass
// over the applications, counting with FILTER. Days are the office's (institution.json
// time_zone): the database turns `now` into today there, Monday of its ISO week, and each day's
// bounds, as the list's submitted_from and submitted_to do (office-list.ts), so a figure and the
// list its link opens count the same rows.
import type { Queryable } from "../db/database";

export interface PeriodCounts { today: number; week: number; cycle: number }
export type DayCounts = { day: string; submitted: number; last_day: string; last_cycle: number };
export interface SplitRow { value: string | null; started: number; submitted: number }
export type SplitName = "plan" | "term" | "review" | "citizenship";

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
 * test, or a wrong one, adds no future rows).
 */
export async function dashboardOf(db: Queryable, { now, timeZone, opens }: { now: Date; timeZone: string; opens: string }): Promise<Dashboard> {
  const parameters = [now, timeZone, opens];
  const bounds = `bounds AS (
    SELECT today, week_from, $3::date AS cycle_from,
      today::timestamp AT TIME ZONE $2 AS today_at, week_from::timestamp AT TIME ZONE $2 AS week_at,
      $3::date::timestamp AT TIME ZONE $2 AS cycle_at, (today + 1)::timestamp AT TIME ZONE $2 AS end_at
    FROM (SELECT ($1::timestamptz AT TIME ZONE $2)::date AS today) t,
      LATERAL (SELECT date_trunc('week', today)::date AS week_from) w)`;

  // Started: the accounts made in each period (an application comes with its account); submitted: the submits.
  const [figures] = await db.query<{ today: string; week_from: string; cycle_from: string } & Record<string, number>>(
    `WITH ${bounds}
     SELECT to_char(b.today, 'YYYY-MM-DD') AS today, to_char(b.week_from, 'YYYY-MM-DD') AS week_from, to_char(b.cycle_from, 'YYYY-MM-DD') AS cycle_from,
       count(*) FILTER (WHERE u.created_at >= b.today_at AND u.created_at < b.end_at)::int AS started_today,
       count(*) FILTER (WHERE u.created_at >= b.week_at AND u.created_at < b.end_at)::int AS started_week,
       count(*) FILTER (WHERE u.created_at >= b.cycle_at AND u.created_at < b.end_at)::int AS started_cycle,
       count(*) FILTER (WHERE a.submitted_at >= b.today_at AND a.submitted_at < b.end_at)::int AS submitted_today,
       count(*) FILTER (WHERE a.submitted_at >= b.week_at AND a.submitted_at < b.end_at)::int AS submitted_week,
       count(*) FILTER (WHERE a.submitted_at >= b.cycle_at AND a.submitted_at < b.end_at)::int AS submitted_cycle
     FROM bounds b LEFT JOIN (applications a JOIN users u ON u.id = a.user_id)
       ON (u.created_at >= b.cycle_at OR a.submitted_at >= b.cycle_at)
     GROUP BY b.today, b.week_from, b.cycle_from`,
    parameters,
  );

  // Each day of the cycle so far beside the same day a year earlier ('1 year' before February 29
  // is February 28). One pass over both years' submits, then each day looks its two counts up.
  const perDay = await db.query<DayCounts>(
    `WITH ${bounds},
     counts AS (
       SELECT (a.submitted_at AT TIME ZONE $2)::date AS day, count(*)::int AS n
       FROM applications a, bounds b
       WHERE (a.submitted_at >= b.cycle_at AND a.submitted_at < b.end_at)
         OR (a.submitted_at >= (b.cycle_from - interval '1 year')::date::timestamp AT TIME ZONE $2
           AND a.submitted_at < ((b.today - interval '1 year')::date + 1)::timestamp AT TIME ZONE $2)
       GROUP BY 1),
     days AS (SELECT d::date AS day, (d - interval '1 year')::date AS last_day FROM bounds b, generate_series(b.cycle_from, b.today, interval '1 day') d)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0) AS submitted, to_char(d.last_day, 'YYYY-MM-DD') AS last_day, coalesce(l.n, 0) AS last_cycle
     FROM days d LEFT JOIN counts c ON c.day = d.day LEFT JOIN counts l ON l.day = d.last_day
     ORDER BY d.day`,
    parameters,
  );

  // This cycle's applications (started since it opened) by each split, in one pass: GROUPING SETS.
  const grouped = await db.query<{ grouping_set: number; value: string | null; started: number; submitted: number }>(
    `WITH ${bounds}
     SELECT GROUPING(${SPLITS.map(([, column]) => column).join(", ")}) AS grouping_set, coalesce(${SPLITS.map(([, column]) => column).join(", ")}) AS value,
       count(*) FILTER (WHERE a.submitted_at IS NULL)::int AS started, count(*) FILTER (WHERE a.submitted_at IS NOT NULL)::int AS submitted
     FROM applications a JOIN users u ON u.id = a.user_id, bounds b
     WHERE u.created_at >= b.cycle_at AND u.created_at < b.end_at
     GROUP BY GROUPING SETS (${SPLITS.map(([, column]) => `(${column})`).join(", ")})
     ORDER BY 1, 2 NULLS LAST`,
    parameters,
  );
  const splits = Object.fromEntries(SPLITS.map(([name], i) => {
    // GROUPING() sets a bit for each column left out of the row's set: all but this split's.
    const set = (2 ** SPLITS.length - 1) ^ (2 ** (SPLITS.length - 1 - i));
    return [name, grouped.filter((row) => row.grouping_set === set).map(({ value, started, submitted }) => ({ value, started, submitted }))];
  })) as Record<SplitName, SplitRow[]>;

  const f = figures!;
  return {
    today: f.today, week_from: f.week_from, cycle_from: f.cycle_from,
    started: { today: f.started_today!, week: f.started_week!, cycle: f.started_cycle! },
    submitted: { today: f.submitted_today!, week: f.submitted_week!, cycle: f.submitted_cycle! },
    per_day: perDay,
    splits,
  };
}
