// npm run bench:release — release day rehearsed (issue 40 item 4). On a throwaway PostgreSQL
// (tests/support/postgres.ts), the built server (dist/server, rebuilt first) runs as production
// runs it: 2 web processes (node:cluster, WORK_JOBS=false, TRUST_PROXY=true) and one
// `npm run worker` process, with real SMTP to a mail server in this process (smtp-server) that
// counts each mail by its Message-ID.
//   1. BENCH_DECISIONS (default 100,000) submitted applications, each with an offer recorded, are
//      seeded in SQL (their accounts share one real Argon2id hash);
//   2. an admin releases them all for a moment a little ahead (POST /staff/api/decisions/release:
//      one transaction that writes 100,000 letters), and the worker's decision-mail job starts at
//      that moment, sending at MAIL_PER_SECOND (BENCH_MAIL_PER_SECOND, default 200);
//   3. at the release moment BENCH_APPLICANTS (default 2,000) of them log in as fast as the
//      machine allows (POST /public/login, a real Argon2 verify, over BENCH_CONNECTIONS
//      keep-alive connections, each applicant from an address of its own) and land on their
//      status page (GET /api/status), which must show the decision;
//   4. then, the mails still going out, each reads the status page BENCH_READS times (default 5)
//      as fast as it is answered, from our server and from the floor (scripts/lib/floor-server.mjs:
//      one statement, no checklist, no Markdown) in turns, over the same connections and sessions.
// Prints p50/p95/p99 and errors per route, our status page's p99 beside the floor's (target: 0
// errors, p99 within 2× the floor's), the release's time, and the mails: delivered, their rate,
// any Message-ID twice, and whether the database marks exactly those delivered as mailed once the
// worker has stopped (SIGTERM: its run ends and frees what it had claimed). With
// BENCH_DRAIN=true it waits for the last mail. Exits 1 on a missed target or a mail twice; stops
// every process it started and PostgreSQL on any exit path.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { openPostgres, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { hashPassword } from "../src/server/auth/passwords";
import { loadHasher } from "../src/server/auth/secrets";
import { startStaffSession } from "../src/server/staff/sessions";
import { repoRoot } from "../src/definitions/files";
import { localToday } from "../src/engine/runtime";
import { startPostgres, type TestPostgres } from "../tests/support/postgres";
import { freePort } from "../tests/support/free-port";
import { definitions } from "../tests/support/definitions";
import { completeAnswers } from "../tests/support/answer-sets";
import { cleanUpOnExit, startNode, stopChild, waitFor } from "./lib/children";
import { routeFigures, type Sample } from "./lib/deadline";

const DECISIONS = Number(process.env.BENCH_DECISIONS || 100_000);
const APPLICANTS = Math.min(DECISIONS, Number(process.env.BENCH_APPLICANTS || 2000));
const READS = Number(process.env.BENCH_READS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const MAIL_PER_SECOND = Number(process.env.BENCH_MAIL_PER_SECOND || 200);
const DRAIN = process.env.BENCH_DRAIN === "true";
/** The mails' rate is measured this long after the burst, the machine theirs. */
const QUIET_MS = 30_000;
/** Turns of ours and the floor's status reads, alternating, so that neither gets the quieter machine. */
const TURNS = 2;
const PASSWORD = "release day, not a real password";
const COOKIE_PREFIX = "apply_";
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Processes: PostgreSQL, the web cluster, the worker, the floor, the mail server; all stopped on any exit path.

let postgres: TestPostgres | undefined;
let dataDir: string | undefined;
let db: Database | undefined;
let smtp: SMTPServer | undefined;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const cleanUp = cleanUpOnExit(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await db?.close().catch(() => {});
  await postgres?.stop().catch((error: unknown) => console.error(`stopping PostgreSQL: ${String(error)}`));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A mail server that counts each message by its Message-ID. */
async function startMailServer(): Promise<{ port: number; byId: Map<string, number>; count: () => number }> {
  const byId = new Map<string, number>();
  let count = 0;
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false, size: 1_000_000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(Buffer.concat(chunks).toString("latin1"))?.[1] ?? `(none ${count})`;
        byId.set(id, (byId.get(id) ?? 0) + 1);
        count++;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp!.listen(port, "127.0.0.1", resolve));
  return { port, byId, count: () => count };
}

// ---------------------------------------------------------------------------------------------
// Seeding: submitted applications with an offer recorded, not released.

async function seed(database: Database): Promise<{ usernames: string[]; staffId: number; code: string }> {
  const form = definitions();
  const complete = completeAnswers(form, localToday());
  const code = form.decisions[0]!.code;
  await migrate(database);
  const passwordHash = await hashPassword(PASSWORD);
  const users = await database.query<{ username: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || i || '@example.edu', $1, now(), now() FROM generate_series(1, ${DECISIONS}) AS i RETURNING username`, [passwordHash]);
  await database.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference, review_status)
     SELECT id, jsonb_build_object('first_name', 'Ada', 'last_name', 'Lovelace ' || id, 'entry_term', $1::text), now(), now(), 'REL-' || lpad(id::text, 6, '0'), 'complete'
     FROM users`, [String(complete.entry_term)]);
  const [staff] = await database.query<{ id: number }>(
    "INSERT INTO staff (email, role, password_hash, totp_secret, totp_enrolled_at, created_at) VALUES ('release@example.edu', 'admin', 'x', 'x', now(), now()) RETURNING id");
  await database.query("INSERT INTO decisions (application_id, code, recorded_by, recorded_at) SELECT user_id, $1, $2, now() FROM applications", [code, staff!.id]);
  await database.query("VACUUM ANALYZE");
  return { usernames: users.map((u) => u.username), staffId: staff!.id, code };
}

// ---------------------------------------------------------------------------------------------
// The load: one keep-alive pool, each request timed under its route.

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const samples: Sample[] = [];
const errorsSeen = new Map<string, number>();
const noteError = (what: string) => errorsSeen.set(what, (errorsSeen.get(what) ?? 0) + 1);
let runStart = 0;

interface Reply { status: number; body: unknown; cookies: string[] }

function send(route: string, url: string, method: string, headers: Record<string, string>, body?: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Reply> {
  const begin = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(url, { method, agent, headers: { ...headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        samples.push({ route, at: performance.now() - runStart, ms: performance.now() - begin, status });
        if (status >= 400) noteError(`${route} → ${status}`);
        let parsed: unknown;
        try { parsed = JSON.parse(Buffer.concat(chunks).toString()); } catch { parsed = undefined; }
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({ status, body: parsed, cookies: setCookie.map((c) => c.split(";")[0]!) });
      });
    });
    req.on("error", (error) => {
      samples.push({ route, at: performance.now() - runStart, ms: performance.now() - begin, status: 0 });
      noteError(`${route} → ${error.message}`);
      resolve({ status: 0, body: undefined, cookies: [] });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.end(body);
  });
}

/** Runs `work` for each item, `CONNECTIONS` at a time, as fast as each is answered. */
async function pooled<T>(items: readonly T[], work: (item: T, index: number) => Promise<void>): Promise<number> {
  const begin = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
  return (performance.now() - begin) / 1000;
}

/** Each applicant's own address, from 198.18.0.0/15 (kept for benchmarks, RFC 2544), passed as a load balancer does. */
const addressOf = (index: number) => `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;

interface Applicant { username: string; address: string; cookie: string }

/** The status page, read as the browser does; an answer without the released decision is counted as an error. */
async function readStatus(base: string, route: string, a: Applicant): Promise<void> {
  const reply = await send(route, `${base}/api/status`, "GET", { accept: "application/json", cookie: a.cookie, "x-forwarded-for": a.address });
  const body = reply.body as { state?: string; code?: string | null } | undefined;
  if (reply.status === 200 && body?.state !== "decision_available" && body?.code == null) noteError(`${route} → 200 without the decision`);
}

/** Seconds each route's requests were being sent, for their rate: ours and the floor's take turns. */
const secondsOf = new Map<string, number>();
const timed = async (route: string, phase: Promise<number>) => secondsOf.set(route, (secondsOf.get(route) ?? 0) + (await phase));

function table(title: string, rows: ReturnType<typeof routeFigures>) {
  console.log(`\n${title}`);
  const header = ["route", "requests", "per s", "p50 ms", "p95 ms", "p99 ms", "5xx", "other errors"];
  const lines = rows.map((r) => [r.route, String(r.count), secondsOf.has(r.route) ? (r.count / secondsOf.get(r.route)!).toFixed(0) : "", r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), String(r.status5xx), String(r.other)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

async function main(): Promise<number> {
  const build = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build:server failed");
  dataDir = await mkdtemp(join(tmpdir(), "bench-release-"));
  postgres = await startPostgres();
  db = openPostgres(postgres.url, 4);
  let began = performance.now();
  const { usernames, staffId, code } = await seed(db);
  console.log(`\nrelease day: ${DECISIONS.toLocaleString("en")} offers (${code}) seeded in ${((performance.now() - began) / 1000).toFixed(1)} s; `
    + `${APPLICANTS.toLocaleString("en")} applicants log in at the release over ${CONNECTIONS} connections, then read their status ${READS} times each; `
    + `2 web processes, 1 worker, mails at ${MAIL_PER_SECOND}/s; ${availableParallelism()} cores (shared), Node ${process.version}`);

  const mailServer = await startMailServer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const common = {
    DATABASE_URL: postgres.url, DATA_DIR: dataDir, PUBLIC_URL: base, SMTP_URL: `smtp://127.0.0.1:${mailServer.port}`, MAIL_PER_SECOND: String(MAIL_PER_SECOND),
  };
  const web = startNode(["--enable-source-maps", join(repoRoot, "dist/server/main.js")], { ...common, PORT: String(port), WEB_CONCURRENCY: "2", WORK_JOBS: "false", TRUST_PROXY: "true" });
  await waitFor(`${base}/health`, web, "the web server");
  const worker = startNode(["--enable-source-maps", join(repoRoot, "dist/server/worker.js")], { ...common, PORT: String(await freePort()), RENDER_URL: base });
  const floorPort = await freePort();
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const floor = startNode([join(repoRoot, "scripts/lib/floor-server.mjs")], { DATABASE_URL: postgres.url, PORT: String(floorPort), COOKIE: `${COOKIE_PREFIX}session` });
  await waitFor(`${floorBase}/health`, floor, "the floor server");

  // The release, for a moment far enough ahead for its transaction to end before it.
  const hash = await loadHasher(db);
  const staffCookie = `${COOKIE_PREFIX}staff_session=${await startStaffSession(db, hash, staffId, new Date())}`;
  const releaseAt = new Date(Math.ceil((Date.now() + 20_000 + DECISIONS) / 1000) * 1000);
  began = performance.now();
  const released = await send("POST /staff/api/decisions/release", `${base}/staff/api/decisions/release`, "POST",
    { "content-type": "application/json", accept: "application/json", cookie: staffCookie, origin: base },
    JSON.stringify({ filter: { status: "submitted" }, at: releaseAt.toISOString() }), 600_000);
  const releaseSeconds = (performance.now() - began) / 1000;
  if (released.status !== 200) throw new Error(`the release answered ${released.status}: ${JSON.stringify(released.body)}`);
  console.log(`released ${(released.body as { released: number }).released.toLocaleString("en")} decisions (their letters written) in ${releaseSeconds.toFixed(1)} s, for ${releaseAt.toISOString()}`);
  await sleep(Math.max(0, releaseAt.getTime() - Date.now()));

  // The release moment: the applicants log in and land on the status page.
  runStart = performance.now();
  const applicants: Applicant[] = usernames.slice(0, APPLICANTS).map((username, i) => ({ username, address: addressOf(i), cookie: "" }));
  const loginSeconds = await pooled(applicants, async (a) => {
    const reply = await send("POST /public/login", `${base}/public/login`, "POST",
      { "content-type": "application/json", accept: "application/json", "x-forwarded-for": a.address }, JSON.stringify({ username: a.username, password: PASSWORD }));
    a.cookie = reply.cookies.join("; ");
    if (reply.status === 200) await readStatus(base, "GET /api/status (landing)", a);
  });
  const loggedIn = applicants.filter((a) => a.cookie !== "");
  table(`logins: ${loggedIn.length.toLocaleString("en")} of ${APPLICANTS.toLocaleString("en")} in ${loginSeconds.toFixed(1)} s (${(loggedIn.length / loginSeconds).toFixed(0)} a second)`, routeFigures(samples));

  // The status page read again and again, ours and the floor's in turns, the mails still going out.
  const reads = loggedIn.flatMap((a) => Array.from({ length: Math.ceil(READS / TURNS) }, () => a));
  for (let turn = 0; turn < TURNS; turn++) {
    await timed("GET /api/status (ours)", pooled(reads, (a) => readStatus(base, "GET /api/status (ours)", a)));
    await timed("GET /api/status (floor)", pooled(reads, (a) => readStatus(floorBase, "GET /api/status (floor)", a)));
  }
  const figures = routeFigures(samples.filter((s) => s.route.endsWith("(ours)") || s.route.endsWith("(floor)")));
  table("the status page during the release, ours beside the floor's", figures);
  const ours = figures.find((f) => f.route.endsWith("(ours)"))!;
  const floorFigures = figures.find((f) => f.route.endsWith("(floor)"))!;
  const errors = [...errorsSeen.values()].reduce((sum, n) => sum + n, 0);
  for (const [what, n] of errorsSeen) console.log(`  error: ${what} × ${n}`);
  const ratio = ours.p99 / floorFigures.p99;
  const met = errors === 0 && ratio <= 2;
  console.log(`status p99 ${ours.p99.toFixed(1)} ms = ${ratio.toFixed(2)}× the floor's ${floorFigures.p99.toFixed(1)} ms; errors ${errors} `
    + `(targets: 0 errors, p99 ≤ 2× the floor's): ${met ? "PASS" : "MISS"}`);

  // The mails: their rate with the burst over, then, the worker stopped (a graceful stop frees
  // what its run had claimed), the deliveries against the database's marks.
  const quietFrom = mailServer.count();
  await sleep(QUIET_MS);
  const quietRate = (mailServer.count() - quietFrom) / (QUIET_MS / 1000);
  while (DRAIN && mailServer.count() < DECISIONS) {
    await sleep(10_000);
    console.log(`  mails: ${mailServer.count().toLocaleString("en")} of ${DECISIONS.toLocaleString("en")}`);
  }
  const seconds = (Date.now() - releaseAt.getTime()) / 1000;
  await stopChild(worker, 40_000);
  const [marks] = await db.query<{ mailed: number; claimed: number }>(
    "SELECT count(*) FILTER (WHERE mailed_at IS NOT NULL)::int AS mailed, count(*) FILTER (WHERE mail_claim IS NOT NULL)::int AS claimed FROM decisions");
  const delivered = mailServer.count();
  const twice = [...mailServer.byId.values()].filter((n) => n > 1).length;
  console.log(`mails: ${delivered.toLocaleString("en")} delivered in ${seconds.toFixed(0)} s from the release moment (${(delivered / seconds).toFixed(0)}/s; `
    + `${quietRate.toFixed(0)}/s in ${QUIET_MS / 1000} s after the burst, MAIL_PER_SECOND ${MAIL_PER_SECOND}); ${twice} Message-IDs twice; `
    + `the worker stopped: ${marks!.mailed.toLocaleString("en")} marked mailed, ${marks!.claimed} still claimed`
    + (delivered < DECISIONS ? `; the other ${(DECISIONS - delivered).toLocaleString("en")} would take ${((DECISIONS - delivered) / quietRate / 60).toFixed(0)} more minutes` : ""));
  const consistent = twice === 0 && delivered === marks!.mailed && marks!.claimed === 0;
  if (!consistent) console.log("MAILS: a mail twice, a mail delivered and not marked (or marked and not delivered), or a claim left: MISS");
  return met && consistent ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
