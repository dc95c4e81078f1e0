// The office's dashboard on each database: every figure compared with a count made here by plain
// SQL (each time turned into the office's day one by one, where the server compares with each
// day's bounds), the boundaries of today and the week in the office's time zone, and every figure
// matched by the list its link opens. Applications are written directly, with the times the tests
// need; one applicant comes through the real API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionsOf } from "../support/definitions";
import { messages } from "../../src/api-contract/messages";
import { Client, completeApplication, databaseKinds, loggedInApplicant, loggedInStaff, startTestServer, type TestServer } from "./harness";

interface Counts { today: number; week: number; cycle: number }
type SplitRow = { value: string | null; started: number; submitted: number };
interface Dashboard {
  today: string; week_from: string; cycle_from: string;
  started: Counts; submitted: Counts;
  per_day: { day: string; submitted: number; last_day: string; last_cycle: number }[];
  splits: Record<"plan" | "term" | "review" | "citizenship", SplitRow[]>;
}

const complete = completeApplication();
const TERM = complete.entry_term as string;
const LATER_TERM = optionsOf("entry_term")[1]!.value;
const [PLAN, OTHER_PLAN] = optionsOf("decision_type").map((option) => option.value);
/**
 * The opening day the seeds below are laid around (days before and after it, the test's day in
 * its 17th week). The server is given it whatever day the definitions name: staff move `opens`
 * each year (the CI copy rolls the cycle over), and these tests are about the counting.
 */
const OPENS = "2026-08-01";

/** Applications written directly: started (account made) and submitted at these instants (UTC), with these answers. */
const SEEDS: { started: string; submitted: string | null; answers: Record<string, string>; review?: string }[] = [
  // 00:10 in New York on the test's day (Sunday 2026-11-22): today.
  { started: "2026-11-22T05:10:00Z", submitted: null, answers: { entry_term: TERM, decision_type: PLAN!, citizenship_us: "Y" } },
  // Submitted at 23:30 on Saturday in New York (04:30 UTC on Sunday): yesterday, this week.
  { started: "2026-11-20T15:00:00Z", submitted: "2026-11-22T04:30:00Z", answers: { entry_term: TERM, decision_type: PLAN!, citizenship_us: "N" }, review: "received" },
  // Started at 23:30 on Friday, submitted at 00:10 today.
  { started: "2026-11-21T04:30:00Z", submitted: "2026-11-22T05:10:00Z", answers: { entry_term: TERM, decision_type: OTHER_PLAN!, citizenship_us: "Y" }, review: "in review" },
  // Started at 23:30 on the Sunday before (last week), submitted at 00:30 on Monday (this week).
  { started: "2026-11-16T04:30:00Z", submitted: "2026-11-16T05:30:00Z", answers: { entry_term: LATER_TERM, citizenship_us: "Y" }, review: "complete" },
  { started: "2026-09-10T14:00:00Z", submitted: "2026-10-01T16:00:00Z", answers: { entry_term: TERM, decision_type: OTHER_PLAN!, citizenship_us: "N" }, review: "needs information" },
  // 00:30 on the cycle's first day; nothing answered yet.
  { started: "2026-08-01T04:30:00Z", submitted: null, answers: {} },
  // 23:30 the evening before the cycle opens: not this cycle's, though its submit is.
  { started: "2026-08-01T03:30:00Z", submitted: "2026-08-02T14:00:00Z", answers: { entry_term: TERM, decision_type: PLAN!, citizenship_us: "Y" }, review: "received" },
  // Last cycle: the same days a year earlier, one at 23:30 on 2025-11-21 in New York.
  { started: "2025-09-01T14:00:00Z", submitted: "2025-10-01T16:00:00Z", answers: { entry_term: "FA25", decision_type: PLAN!, citizenship_us: "Y" }, review: "complete" },
  { started: "2025-09-02T14:00:00Z", submitted: "2025-11-22T04:30:00Z", answers: { entry_term: "FA25", decision_type: PLAN!, citizenship_us: "N" }, review: "complete" },
];

describe.each(databaseKinds())("the office's dashboard (%s)", (kind) => {
  let server: TestServer;
  let reader: Client;
  let zone: string;
  let dashboard: Dashboard;

  /** Plain SQL: how many rows `where` keeps, where `started` and `submitted` are each application's days in the office's time zone. */
  const counted = async (where: string, parameters: unknown[] = []) => {
    const [row] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT a.*, (u.created_at AT TIME ZONE $1)::date AS started, (a.submitted_at AT TIME ZONE $1)::date AS submitted
         FROM applications a JOIN users u ON u.id = a.user_id) x
       WHERE ${where}`,
      [zone, ...parameters],
    );
    return row!.n;
  };
  const listTotal = async (query: Record<string, string>) => {
    const response = await reader.get(`/staff/api/applications?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { total: number }).total;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { form } = server.ctx.form;
    server.ctx.form = { ...server.ctx.form, form: { ...form, institution: { ...form.institution, cycle: { ...form.institution.cycle!, opens: OPENS } } } };
    zone = server.ctx.sender.timeZone;
    for (const [i, seed] of SEEDS.entries()) {
      const [user] = await server.db.query<{ id: number }>(
        "INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', $2) RETURNING id", [`dashboard${i}@example.org`, seed.started]);
      await server.db.query(
        "INSERT INTO applications (user_id, answers, updated_at, submitted_at, review_status) VALUES ($1, $2::jsonb, $3, $4, $5)",
        [user!.id, JSON.stringify(seed.answers), seed.submitted ?? seed.started, seed.submitted, seed.review ?? null],
      );
    }
    // One applicant through the API: started and submitted at the clock's noon UTC, 07:00 in New York.
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", complete)).statusCode).toBe(200);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    reader = await loggedInStaff(server, "reader");
    const response = await reader.get("/staff/api/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    dashboard = response.json() as Dashboard;
  });
  afterAll(async () => {
    await server.app.close();
  });

  it("names today, this week's Monday and the cycle's first day in the office's time zone", () => {
    expect(dashboard).toMatchObject({ today: "2026-11-22", week_from: "2026-11-16", cycle_from: OPENS });
  });

  it("counts a start or submit at 23:30 in the office's time zone on that day, whatever day it is in UTC", () => {
    expect(dashboard.started).toMatchObject({ today: 2, week: 4 });
    expect(dashboard.submitted).toMatchObject({ today: 2, week: 4 });
    expect(dashboard.per_day.find((d) => d.day === "2026-11-21")).toEqual({ day: "2026-11-21", submitted: 1, last_day: "2025-11-21", last_cycle: 1 });
  });

  it("counts a week that began before the cycle opened from its Monday, the cycle from its first day, and nothing after today", async () => {
    const noon = server.clock.now;
    server.clock.now = new Date("2026-08-02T16:00:00Z");
    try {
      // A session of its own: a call moves the session's last activity, and the others' would end back at noon.
      const early = (await (await loggedInStaff(server, "reader")).get("/staff/api/dashboard")).json() as Dashboard;
      expect(early).toMatchObject({ today: "2026-08-02", week_from: "2026-07-27", cycle_from: OPENS });
      expect(early.started).toEqual({ today: 0, week: 2, cycle: 1 });
      expect(early.submitted).toEqual({ today: 1, week: 1, cycle: 1 });
      expect(early.per_day.map((d) => d.day)).toEqual(["2026-08-01", "2026-08-02"]);
      expect(early.splits.plan).toEqual([{ value: null, started: 1, submitted: 0 }]);
    } finally {
      server.clock.now = noon;
    }
  });

  it("counts started and submitted applications today, this week and this cycle as the database does", async () => {
    const { today, week_from: week, cycle_from: cycle } = dashboard;
    for (const [name, from] of [["today", today], ["week", week], ["cycle", cycle]] as const) {
      expect(dashboard.started[name], `started ${name}`).toBe(await counted("started BETWEEN $2 AND $3", [from, today]));
      expect(dashboard.submitted[name], `submitted ${name}`).toBe(await counted("submitted BETWEEN $2 AND $3", [from, today]));
    }
    expect(dashboard.started.cycle).toBe(SEEDS.filter((s) => s.started >= "2026-08-01T04:00:00Z").length + 1);
  });

  it("gives each day of the cycle its submits, beside the same day a year earlier", async () => {
    const days = dashboard.per_day;
    expect(days[0]!.day).toBe(OPENS);
    expect(days.at(-1)!.day).toBe(dashboard.today);
    const expected = [];
    for (let at = Date.parse(`${OPENS}T00:00:00Z`); at <= Date.parse(`${dashboard.today}T00:00:00Z`); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      const lastDay = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
      expected.push({ day, submitted: await counted("submitted = $2", [day]), last_day: lastDay, last_cycle: await counted("submitted = $2", [lastDay]) });
    }
    expect(days).toEqual(expected);
    expect(days.find((d) => d.day === "2026-10-01")).toMatchObject({ submitted: 1, last_cycle: 1 });
  });

  it("splits this cycle's applications by plan, entry term, review status and citizenship, started and submitted", async () => {
    const columns = { plan: "answers->>'decision_type'", term: "answers->>'entry_term'", review: "review_status", citizenship: "answers->>'citizenship_us'" } as const;
    for (const [split, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
      const rows = await server.db.query<SplitRow>(
        `SELECT ${column} AS value, count(*) FILTER (WHERE submitted IS NULL)::int AS started, count(*) FILTER (WHERE submitted IS NOT NULL)::int AS submitted
         FROM (SELECT a.*, (u.created_at AT TIME ZONE $1)::date AS started_on, (a.submitted_at AT TIME ZONE $1)::date AS submitted
               FROM applications a JOIN users u ON u.id = a.user_id) x
         WHERE started_on BETWEEN $2 AND $3 GROUP BY 1`,
        [zone, dashboard.cycle_from, dashboard.today],
      );
      const byValue = (a: SplitRow, b: SplitRow) => String(a.value).localeCompare(String(b.value));
      expect([...dashboard.splits[split]].sort(byValue), split).toEqual(rows.sort(byValue));
    }
    expect(dashboard.splits.plan).toContainEqual({ value: null, started: 1, submitted: 1 });
    expect(dashboard.splits.review).toContainEqual({ value: null, started: 2, submitted: 0 });
  });

  it("opens, from each figure's filter, a list of as many applications", async () => {
    const { today, week_from: week, cycle_from: cycle } = dashboard;
    for (const [name, from] of [["today", today], ["week", week], ["cycle", cycle]] as const) {
      expect(await listTotal({ started_from: from, started_to: today })).toBe(dashboard.started[name]);
      expect(await listTotal({ submitted_from: from, submitted_to: today })).toBe(dashboard.submitted[name]);
    }
    for (const day of dashboard.per_day.filter((d) => d.submitted > 0 || d.last_cycle > 0)) {
      expect(await listTotal({ submitted_from: day.day, submitted_to: day.day })).toBe(day.submitted);
      expect(await listTotal({ submitted_from: day.last_day, submitted_to: day.last_day })).toBe(day.last_cycle);
    }
    for (const [split, rows] of Object.entries(dashboard.splits)) {
      for (const row of rows) {
        for (const status of ["started", "submitted"] as const) {
          const query = { started_from: cycle, started_to: today, status, [split]: row.value ?? "none" };
          expect(await listTotal(query), JSON.stringify(query)).toBe(row[status]);
        }
      }
    }
  });

  it("is open to every staff role, and to nobody without a session", async () => {
    const response = await new Client(server).get("/staff/api/dashboard");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.loginNeeded, code: "loginNeeded" });
    for (const role of ["reviewer", "admin"] as const) expect((await (await loggedInStaff(server, role)).get("/staff/api/dashboard")).statusCode).toBe(200);
  });

  it("filters the list by plan: a plan no one chose finds none, a code too long is refused", async () => {
    expect(await listTotal({ plan: "XX" })).toBe(0);
    expect(await listTotal({ plan: PLAN! })).toBe(await counted("answers->>'decision_type' = $2", [PLAN]));
    const refused = await reader.get(`/staff/api/applications?plan=${"X".repeat(21)}`);
    expect(refused.statusCode).toBe(400);
  });
});
