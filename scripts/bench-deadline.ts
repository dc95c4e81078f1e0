// npm run bench:deadline — the deadline night rehearsed (issue 24 item 4). On a throwaway PostgreSQL
// (tests/support/postgres.ts), the built server (dist/, `npm run build`) runs as production runs it:
// WEB_CONCURRENCY=2 web processes under node:cluster's primary (WORK_JOBS=false) and one
// `npm run worker` process working the conversions and PDF copies, all real child processes on
// loopback, as behind a load balancer (TRUST_PROXY=true: each applicant comes from an address of
// its own in X-Forwarded-For). N applicants, seeded confirmed in SQL with one real Argon2id hash
// (auth/passwords.ts), then each as the browser would:
//   - logs in (POST /public/login: a real Argon2 verify; logins are spread over the first 30 s);
//   - loads the application: GET /api/profile, POST /api/web-status "started", GET /api/tabs and
//     GET /api/add-another, PUT /api/last-page;
//   - types: a save every 2–6 s (PUT /api/answer with the changed answers, as the saver sends
//     them: no If-Match — src/client/state/saver.ts sends none, and retries a save that got no
//     answer, 408, 429 or 5xx after 1 s, 2 s, … 30 s);
//   - moves to another page every 20–40 s: POST /api/validations, PUT /api/last-page (the tabs
//     and blocks are cached by then, so a page move GETs nothing of the API);
//   - 5 % upload a document: save "resume" = Y, POST /api/presigned-url, POST /upload (a small
//     real .docx: LibreOffice converts it), POST /api/pdf/document-answer/resume_pdf, its status
//     every 2 s until it ends, GET /api/document-answer, and save resume_pdf = ANSWERED;
//   - 1 % submit: save the complete answer set (tests/support/answer-sets.ts), POST
//     /api/web-status "validating", POST /api/validations, POST /api/submit, then GET /api/pdf
//     every second until the PDF copy is made, and download it.
// Mid-run one web process (a child of the cluster's primary, read from /proc) is killed with
// SIGKILL: the other keeps answering and the primary starts a replacement; requests whose
// connection was reset are counted apart, and a reset save is sent again as the browser does.
// Every acknowledged save (its values and the revision it was answered with) is kept in memory
// (scripts/lib/deadline.ts) and checked against the database at the end: the last acknowledged
// value of each key is the stored one (0 lost), and no application is behind an answered revision.
// The worker needs LibreOffice and Chromium (.ci/run installs them), else conversions end FAILED.
// Prints requests/s, p50/p95/p99 per route, 5xx and other errors, conversions and PDF copies
// completed (from the database), the CPU of the server's processes, PostgreSQL and this load
// generator, the most PostgreSQL connections in use, and the lost saves. Stops by itself after
// the run and a drain of at most 30 s; stops every process it started and PostgreSQL on an error
// or Ctrl-C. Exits 1 when a 5xx was answered or a save was lost.
// Environment: BENCH_APPLICANTS (default 2000), BENCH_SECONDS (default 180), BENCH_KILL_AT
// (seconds into the run, default half of it; 0: no kill), BENCH_LOGIN_SECONDS (the logins'
// spread, default 30), BENCH_CONNECTIONS (the load generator's keep-alive pool, default 256).
// Rebuilds dist/server first (npm run build:server); the PDF copies need the browser app in
// dist/client (npm run build).
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgres, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { hashPassword } from "../src/server/auth/passwords";
import { docx } from "../tests/support/files";
import { repoRoot } from "../src/definitions/files";
import { localToday, type Answers } from "../src/engine/runtime";
import { startPostgres, type TestPostgres } from "../tests/support/postgres";
import { freePort } from "../tests/support/free-port";
import { definitions } from "../tests/support/definitions";
import { completeAnswers } from "../tests/support/answer-sets";
import { cleanUpOnExit, startNode, waitFor } from "./lib/children";
import { childrenOf, machineTicks, parentOf, TICK_MS, treeTicks } from "./lib/proc";
import { seededRandom } from "./lib/stats";
import { isConnectionReset, routeFigures, SaveLedger, type Sample } from "./lib/deadline";

const APPLICANTS = Number(process.env.BENCH_APPLICANTS || 2000);
const SECONDS = Number(process.env.BENCH_SECONDS || 180);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? SECONDS / 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 256);
const WEB_PROCESSES = 2;
/** Logins are spread over this long (each costs a core an Argon2 hash). */
const LOGIN_RAMP_MS = Number(process.env.BENCH_LOGIN_SECONDS || Math.min(30, Math.round(SECONDS / 3))) * 1000;
/** After the run, requests in flight (a conversion's status, a PDF copy) get this long to end. */
const DRAIN_MS = 30_000;
const PASSWORD = "deadline night, not a real password";
/** Always shown, controlling nothing (as in scripts/bench-server.ts): what the applicants type. */
const TYPED: Record<string, string> = {
  first_name: "Alexandra",
  middle_name: "Maria",
  last_name: "Montgomery-Whitfield",
  gender_explain: "Nothing else to add, thank you for asking.",
  phone_international: "442079460000",
};
const DOCUMENT_KEY = "resume_pdf";
const REQUEST_TIMEOUT_MS = 30_000;
const SAVE_RETRY_FIRST_MS = 1000;
const SAVE_RETRY_MAX_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Processes: PostgreSQL, the web cluster, the worker; all stopped on any exit path.

let postgres: TestPostgres | undefined;
let dataDir: string | undefined;
let db: Database | undefined;

/** The built server's `script` (dist/server). */
const startServer = (script: string, env: Record<string, string>) => startNode(["--enable-source-maps", join(repoRoot, "dist/server", script)], env);

/** Stops every process started here, PostgreSQL, and removes the files; safe to call twice. */
const cleanUp = cleanUpOnExit(async () => {
  await db?.close().catch(() => {});
  await postgres?.stop().catch((error: unknown) => console.error(`stopping PostgreSQL: ${String(error)}`));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Confirmed applicants with empty applications, straight into the database, sharing one real hash. */
async function seed(database: Database): Promise<string[]> {
  await migrate(database);
  const passwordHash = await hashPassword(PASSWORD);
  const users = await database.query<{ username: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || i || '@example.edu', $1, now(), now() FROM generate_series(1, ${APPLICANTS}) AS i
     RETURNING username`,
    [passwordHash],
  );
  await database.query("INSERT INTO applications (user_id, updated_at) SELECT id, now() FROM users");
  return users.map((u) => u.username);
}

// ---------------------------------------------------------------------------------------------
// The load: one keep-alive pool for every applicant, each request timed under its route pattern.

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const samples: Sample[] = [];
let runStart = 0;
let killedAt: number | undefined;
const resets = { beforeKill: 0, afterKill: 0 };
const socketOpenedAt = new WeakMap<object, number>();
/** When (ms after the kill) each answer came over a connection opened before the kill. */
const answeredBySurvivor: number[] = [];
/** 503s with Retry-After: the server shedding load while its event loop is behind (@fastify/under-pressure). */
let shed = 0;
/** Saves sent again after no answer, 408, 429 or 5xx, as the browser's saver does. */
let savesResent = 0;
let inFlight = 0;
/** Applicants logged in with their application loaded; when all are, the steady part begins. */
let loaded = 0;
let whenAllLoaded = () => {};
let running = 0;
const clock = () => performance.now() - runStart;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Reply { status: number; body: unknown; headers: Record<string, string | string[] | undefined> }

class NoAnswer extends Error {
  constructor(override readonly cause: unknown) {
    super(`no answer: ${String((cause as Error).message ?? cause)}`);
  }
}

function send(route: string, method: string, url: string, headers: Record<string, string>, body?: Buffer | string): Promise<Reply> {
  const begin = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent, headers: { ...headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const ms = performance.now() - begin;
        samples.push({ route, at: clock(), ms, status: res.statusCode ?? 0 });
        if (res.statusCode === 503 && res.headers["retry-after"] !== undefined) shed++;
        // A connection belongs to one web process for its life: answered after the kill on one
        // opened before it, the answer came from the process that survived.
        if (killedAt !== undefined && (socketOpenedAt.get(req.socket!) ?? Infinity) < killedAt && (res.statusCode ?? 0) < 400) answeredBySurvivor.push(clock() - killedAt);
        const text = Buffer.concat(chunks);
        let parsed: unknown = text;
        if (String(res.headers["content-type"] ?? "").startsWith("application/json")) {
          try { parsed = JSON.parse(text.toString()); } catch { parsed = undefined; }
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
      res.on("error", (error) => fail(error));
    });
    const fail = (error: unknown) => {
      samples.push({ route, at: clock(), ms: performance.now() - begin, status: 0 });
      if (isConnectionReset(error)) {
        if (killedAt === undefined) resets.beforeKill++;
        else resets.afterKill++;
      }
      reject(new NoAnswer(error));
    };
    req.on("error", fail);
    req.once("socket", (socket) => void (socketOpenedAt.has(socket) || socketOpenedAt.set(socket, clock())));
    // A request no one answers is a failure too, and must not hold the run past its end.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error("no answer within 30 s"), { code: "ETIMEDOUT" })));
    inFlight++;
    req.once("close", () => inFlight--);
    req.end(body);
  });
}

interface Applicant { username: string; address: string; cookie: string; typed: Record<string, number>; submitted: boolean }

/**
 * Each applicant's own address, as the load balancer in front of the web processes passes it
 * (TRUST_PROXY=true, X-Forwarded-For), from 198.18.0.0/15, the range kept for benchmarks (RFC 2544).
 * From one address, logins beyond 50 at once are refused (429) as a guessing attack would be.
 */
const addressOf = (index: number) => `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;

const ledger = new SaveLedger();
const errorsSeen = new Map<string, number>();
const noteError = (what: string) => errorsSeen.set(what, (errorsSeen.get(what) ?? 0) + 1);

function api(base: string, a: Applicant, route: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = { accept: "application/json", cookie: a.cookie, "x-forwarded-for": a.address };
  if (body !== undefined) headers["content-type"] = "application/json";
  return send(`${method} ${route}`, method, `${base}${path}`, headers, body === undefined ? undefined : JSON.stringify(body)).then((reply) => {
    if (reply.status >= 400) noteError(`${method} ${route} → ${reply.status}`);
    return reply;
  }, (error: unknown) => {
    noteError(`${method} ${route} → ${isConnectionReset((error as NoAnswer).cause) ? "connection reset" : "no answer"}`);
    throw error;
  });
}

/** PUT /api/answer as the saver sends it, again after 1 s, 2 s … while unanswered, 408, 429 or 5xx; false when refused or out of time. */
async function save(base: string, a: Applicant, answers: Answers, until: number): Promise<boolean> {
  let pause = SAVE_RETRY_FIRST_MS;
  for (;;) {
    ledger.sending(a.username, answers);
    let status = 0;
    try {
      const reply = await api(base, a, "/api/answer", "PUT", "/api/answer", answers);
      status = reply.status;
      if (status >= 200 && status < 300) {
        const { revision, cleared } = reply.body as { revision: number; cleared: string[] };
        ledger.acknowledge(a.username, answers, revision, cleared);
        return true;
      }
    } catch {
      // No answer: retried as a reset connection is.
    }
    if (!(status === 0 || status === 408 || status === 429 || status >= 500) || clock() + pause > until) return false;
    await sleep(pause);
    savesResent++;
    pause = Math.min(pause * 2, SAVE_RETRY_MAX_MS);
  }
}

/** The next keystrokes of one of the typed answers: a value one character longer (or shorter, when whole). */
function typeSome(a: Applicant, random: () => number): Answers {
  const keys = Object.keys(TYPED);
  const key = keys[Math.floor(random() * keys.length)]!;
  const whole = TYPED[key]!;
  const length = ((a.typed[key] ?? 0) + 1 + Math.floor(random() * 3)) % (whole.length + 1);
  a.typed[key] = length;
  return { [key]: whole.slice(0, length) };
}

function multipart(fields: Record<string, string>, fileName: string, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----deadline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const DOCUMENT = docx(["Resume", "Deadline night rehearsal: a short document for LibreOffice to convert."]);
const outcomes = { uploadsStarted: 0, uploadsCompleted: 0, uploadsFailed: 0, submits: 0, pdfDownloads: 0 };

async function upload(base: string, a: Applicant, until: number): Promise<void> {
  if (!(await save(base, a, { resume: "Y" }, until))) return;
  const form = await api(base, a, "/api/presigned-url", "POST", "/api/presigned-url", { answer_key: DOCUMENT_KEY });
  if (form.status !== 200) return;
  const { url, fields } = form.body as { url: string; fields: Record<string, string> };
  const { body, type } = multipart(fields, "resume.docx", DOCUMENT);
  const sent = await send("POST /upload", "POST", url, { "content-type": type, "x-forwarded-for": a.address }, body);
  if (sent.status >= 300) return void noteError(`POST /upload → ${sent.status}`);
  outcomes.uploadsStarted++;
  const path = `/api/pdf/document-answer/${DOCUMENT_KEY}`;
  const convert = await api(base, a, "/api/pdf/document-answer/:key", "POST", path, { file_key: fields.key, file_name: "resume.docx" });
  if (convert.status !== 200) return;
  for (;;) {
    await sleep(2000);
    if (clock() > until + DRAIN_MS) return;
    const status = ((await api(base, a, "/api/pdf/document-answer/:key", "GET", path)).body as { status?: string } | undefined)?.status;
    if (status === "UNPROCESSED" || status === "IN_PROGRESS") continue;
    await api(base, a, "/api/document-answer", "GET", "/api/document-answer");
    if (status === "COMPLETED") {
      outcomes.uploadsCompleted++;
      await save(base, a, { [DOCUMENT_KEY]: "ANSWERED" }, until + DRAIN_MS);
    } else outcomes.uploadsFailed++;
    return;
  }
}

async function submit(base: string, a: Applicant, complete: Answers, until: number): Promise<void> {
  // What was typed and is not in the complete set goes back to empty, then the whole set is saved.
  const cleared = Object.fromEntries(Object.keys(TYPED).filter((key) => !(key in complete)).map((key) => [key, ""]));
  if (!(await save(base, a, { ...cleared, ...complete }, until))) return;
  await api(base, a, "/api/web-status", "POST", "/api/web-status", { web_status: "validating" });
  const errors = (await api(base, a, "/api/validations", "POST", "/api/validations")).body as Record<string, unknown> | undefined;
  if (errors && Object.keys(errors).length > 0) return void noteError(`a complete answer set has errors: ${Object.keys(errors).join(", ")}`);
  if ((await api(base, a, "/api/submit", "POST", "/api/submit")).status !== 200) return;
  a.submitted = true;
  outcomes.submits++;
  for (;;) {
    const copy = (await api(base, a, "/api/pdf", "GET", "/api/pdf")).body as { status?: string; url?: string | null } | undefined;
    if (copy?.status === "COMPLETED" && copy.url) {
      const pdf = await send("GET (PDF copy download)", "GET", copy.url, { cookie: a.cookie, "x-forwarded-for": a.address });
      if (pdf.status === 200) outcomes.pdfDownloads++;
      return;
    }
    if (copy?.status === "FAILED" || clock() > until + DRAIN_MS) return;
    await sleep(1000);
  }
}

async function applicant(base: string, username: string, index: number, pages: string[], complete: Answers, until: number): Promise<void> {
  const random = seededRandom(index + 1);
  await sleep((index / APPLICANTS) * LOGIN_RAMP_MS);
  const a: Applicant = { username, address: addressOf(index), cookie: "", typed: {}, submitted: false };
  let retryAfterMs = 5000;
  while (!a.cookie) {
    if (clock() > until) return;
    try {
      const reply = await send("POST /public/login", "POST", `${base}/public/login`, { "content-type": "application/json", accept: "application/json", "x-forwarded-for": a.address },
        JSON.stringify({ username, password: PASSWORD }));
      const setCookie = reply.headers["set-cookie"] ?? [];
      const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(";")[0]!);
      if (reply.status === 200) a.cookie = cookies.join("; ");
      else {
        noteError(`POST /public/login → ${reply.status}`);
        // The applicant tries again when told to (a 503's Retry-After), else after a moment.
        retryAfterMs = Number(reply.headers["retry-after"] ?? 5) * 1000;
      }
    } catch (error) {
      noteError(`POST /public/login → ${isConnectionReset((error as NoAnswer).cause) ? "connection reset" : "no answer"}`);
    }
    if (!a.cookie) await sleep(retryAfterMs);
  }
  const guarded = async (step: () => Promise<unknown>) => { try { await step(); } catch { /* counted where it failed */ } };
  // The application's first page.
  let page = 0;
  await guarded(async () => {
    await api(base, a, "/api/profile", "GET", "/api/profile");
    await api(base, a, "/api/web-status", "POST", "/api/web-status", { web_status: "started" });
    await Promise.all([api(base, a, "/api/tabs", "GET", "/api/tabs"), api(base, a, "/api/add-another", "GET", "/api/add-another")]);
    await api(base, a, "/api/last-page", "PUT", "/api/last-page", { last_page: pages[page] });
  });
  if (++loaded === APPLICANTS) whenAllLoaded();
  const isSubmitter = index % 100 === 0;
  const isUploader = index % 20 === 10;
  const eventAt = LOGIN_RAMP_MS + random() * Math.max(0, until - LOGIN_RAMP_MS) * 0.6;
  let eventDone = !isSubmitter && !isUploader;
  let nextMove = clock() + 20_000 + random() * 20_000;
  while (clock() < until && !a.submitted) {
    await sleep(2000 + random() * 4000);
    if (clock() >= until) break;
    await guarded(() => save(base, a, typeSome(a, random), until));
    if (!eventDone && clock() >= eventAt) {
      eventDone = true;
      await guarded(() => (isSubmitter ? submit(base, a, complete, until) : upload(base, a, until)));
    } else if (clock() >= nextMove) {
      nextMove = clock() + 20_000 + random() * 20_000;
      page = (page + 1) % pages.length;
      await guarded(async () => {
        await api(base, a, "/api/validations", "POST", "/api/validations");
        await api(base, a, "/api/last-page", "PUT", "/api/last-page", { last_page: pages[page] });
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The kill: SIGKILL to one web process, the replacement awaited.

interface Kill { at: number; pid: number; replacement?: number; forkedAfterMs?: number }

async function killOneWebProcess(primary: ChildProcess): Promise<Kill> {
  const before = childrenOf(primary.pid!);
  const pid = before[0];
  if (pid === undefined) throw new Error("the cluster's primary has no web process to kill");
  killedAt = clock();
  process.kill(pid, "SIGKILL");
  const kill: Kill = { at: killedAt, pid };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const replacement = childrenOf(primary.pid!).find((child) => !before.includes(child));
    if (replacement !== undefined) {
      kill.replacement = replacement;
      kill.forkedAfterMs = clock() - kill.at;
      break;
    }
    await sleep(20);
  }
  return kill;
}

// ---------------------------------------------------------------------------------------------

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "—");

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows]) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

async function main(): Promise<number> {
  const build = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build:server failed");
  if (!existsSync(join(repoRoot, "dist/client/index.html"))) throw new Error("no dist/client: the PDF copies print the browser app's service view; run npm run build first");

  const form = definitions();
  const pages = form.pages.map((p) => p.route);
  const complete = completeAnswers(form, localToday());
  dataDir = await mkdtemp(join(tmpdir(), "bench-deadline-"));
  postgres = await startPostgres();
  db = openPostgres(postgres.url, 2);
  const usernames = await seed(db);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const common = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, PUBLIC_URL: base };
  const web = startServer("main.js", { ...common, PORT: String(port), WEB_CONCURRENCY: String(WEB_PROCESSES), WORK_JOBS: "false", TRUST_PROXY: "true" });
  await waitFor(`${base}/health`, web, "the web server");
  const worker = startServer("worker.js", { ...common, PORT: String(await freePort()), RENDER_URL: base });

  console.log(`\ndeadline night: ${APPLICANTS} applicants for ${SECONDS} s on ${WEB_PROCESSES} web processes and 1 worker (PostgreSQL), `
    + `logins over ${LOGIN_RAMP_MS / 1000} s, a keep-alive pool of ${CONNECTIONS} connections; ${availableParallelism()} cores (shared), Node ${process.version}`);
  const pgPid = Number((await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))[0]!.pid);
  const postmaster = parentOf(pgPid);
  const cpu = () => ({ web: treeTicks(web.pid!, { withEnded: true }), worker: treeTicks(worker.pid!, { withEnded: true }), postgres: treeTicks(postmaster, { withEnded: true }), machine: machineTicks(), ours: process.cpuUsage() });

  runStart = performance.now();
  const until = SECONDS * 1000;
  // The steady part: from the moment every applicant has logged in and loaded the application
  // (Argon2 is done) to the end.
  let steadyBefore: ReturnType<typeof cpu> | undefined;
  let steadyAfter: ReturnType<typeof cpu> | undefined;
  let steadyFrom = Infinity;
  whenAllLoaded = () => {
    steadyFrom = clock();
    if (steadyFrom < until) steadyBefore = cpu();
  };
  const steadyEnd = setTimeout(() => (steadyAfter = cpu()), until);
  const killing = KILL_AT > 0 ? sleep(KILL_AT * 1000).then(() => killOneWebProcess(web)) : Promise.resolve(undefined);
  const runBefore = cpu();
  // The connection budget: PostgreSQL's client connections, at their most (this script's 2 included).
  let peakConnections = 0;
  const connections = setInterval(() => void db!.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'")
    .then(([row]) => void (peakConnections = Math.max(peakConnections, Number(row!.n))), () => {}), 1000);
  const progress = setInterval(() => console.log(`  ${(clock() / 1000).toFixed(0)} s: ${samples.length} requests, ${inFlight} in flight, ${running} applicants active`), 10_000);
  await Promise.all(usernames.map(async (username, i) => {
    running++;
    try {
      await applicant(base, username, i, pages, complete, until);
    } finally {
      running--;
    }
  }));
  clearInterval(progress);
  clearInterval(connections);
  const runAfter = cpu();
  const runMs = clock();
  clearTimeout(steadyEnd);
  const kill = await killing;
  if (worker.exitCode !== null) noteError(`the worker exited (${worker.exitCode})`);

  // Counted by the database: what the worker finished.
  const conversions = await db.query<{ status: string; n: string }>("SELECT status, count(*) AS n FROM document_answers GROUP BY status");
  const copies = await db.query<{ status: string; n: string }>("SELECT status, count(*) AS n FROM pdf_copies GROUP BY status");
  const stored = new Map((await db.query<{ username: string; answers: Record<string, unknown>; revision: number }>(
    "SELECT u.username, a.answers, a.revision FROM applications a JOIN users u ON u.id = a.user_id")).map((r) => [r.username, { answers: r.answers, revision: r.revision }]));
  const check = ledger.check(stored);

  // ------------------------------------------------------------------ the report
  const all = routeFigures(samples, 0, runMs);
  const answered = samples.filter((s) => s.status > 0).length;
  console.log(`\n${samples.length.toLocaleString("en")} requests in ${(runMs / 1000).toFixed(0)} s (drain included): ${fixed(samples.length / (runMs / 1000))} requests/s, ${answered.toLocaleString("en")} answered`);
  table(["route", "requests", "per s", "p50 ms", "p95 ms", "p99 ms", "5xx", "other errors"], all.map((r) => [
    r.route, String(r.count), fixed(r.perSecond, 1), fixed(r.p50), fixed(r.p95), fixed(r.p99), String(r.status5xx), String(r.other),
  ]));
  // While the logins last: the saves of those already in, beside the logins' own Argon2.
  const loginsEnd = Math.min(steadyFrom, until);
  const loginPart = routeFigures(samples, 0, loginsEnd);
  const [loginSaves, logins] = ["PUT /api/answer", "POST /public/login"].map((route) => loginPart.find((r) => r.route === route));
  if (loginSaves && logins) {
    console.log(`
while the logins last (0–${fixed(loginsEnd / 1000)} s): logins p50 ${fixed(logins.p50)} ms, p95 ${fixed(logins.p95)} ms, p99 ${fixed(logins.p99)} ms; `
      + `saves ${fixed(loginSaves.perSecond)}/s, p50 ${fixed(loginSaves.p50)} ms, p95 ${fixed(loginSaves.p95)} ms, p99 ${fixed(loginSaves.p99)} ms`);
  }
  const steadyRoutes = routeFigures(samples, steadyFrom, until);
  const steady = steadyRoutes.find((r) => r.route === "PUT /api/answer");
  const total5xx = all.reduce((sum, r) => sum + r.status5xx, 0);
  const totalOther = all.reduce((sum, r) => sum + r.other, 0);
  console.log(`\n5xx: ${total5xx} (target 0), of which ${shed} were 503 with Retry-After (load shed while an event loop was over MAX_EVENT_LOOP_DELAY_MS); `
    + `other errors (4xx, no answer): ${totalOther}, of which connection resets ${resets.beforeKill + resets.afterKill} (${resets.afterKill} after the kill); saves sent again ${savesResent}`);
  for (const [what, n] of [...errorsSeen].sort((x, y) => y[1] - x[1])) console.log(`  ${n} × ${what}`);
  const count = (rows: { status: string; n: string }[]) => rows.map((r) => `${r.n} ${r.status}`).join(", ") || "none";
  console.log(`conversions (database): ${count(conversions)}; started by the applicants ${outcomes.uploadsStarted}, seen completed ${outcomes.uploadsCompleted}, failed ${outcomes.uploadsFailed}`);
  console.log(`PDF copies (database): ${count(copies)}; submits ${outcomes.submits}, PDF copies downloaded ${outcomes.pdfDownloads}`);
  if (kill) {
    const survivor = (ms: number) => answeredBySurvivor.filter((after) => after < ms).length;
    console.log(`kill: web process ${kill.pid} killed with SIGKILL at ${(kill.at / 1000).toFixed(1)} s; the primary forked replacement ${kill.replacement ?? "NONE"} `
      + `after ${fixed(kill.forkedAfterMs ?? NaN)} ms; answered by the surviving process (connections opened before the kill): `
      + `${survivor(1000)} in the first second, ${survivor(5000)} in 5 s, ${answeredBySurvivor.length} in all`);
    const around = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to && s.status >= 200 && s.status < 400).length / ((to - from) / 1000);
    console.log(`  answered per second: 10 s before ${fixed(around(kill.at - 10_000, kill.at))}, 10 s after ${fixed(around(kill.at, kill.at + 10_000))}; resets during the kill ${resets.afterKill} (saves among them sent again)`);
  }
  console.log(`PostgreSQL client connections at most: ${peakConnections} (of max_connections 300; this script holds 2; each process's pool is at most 20)`);
  const ticks = (a: ReturnType<typeof cpu>, b: ReturnType<typeof cpu>, name: "web" | "worker" | "postgres") => b[name] - a[name];
  const cores = (a: ReturnType<typeof cpu>, b: ReturnType<typeof cpu>, ms: number) => {
    const ourMs = (b.ours.user + b.ours.system - a.ours.user - a.ours.system) / 1000;
    return {
      web: (ticks(a, b, "web") * TICK_MS) / ms, worker: (ticks(a, b, "worker") * TICK_MS) / ms, postgres: (ticks(a, b, "postgres") * TICK_MS) / ms,
      generator: ourMs / ms, busy: (b.machine[0] - a.machine[0]) / Math.max(1, b.machine[1] - a.machine[1]),
    };
  };
  const whole = cores(runBefore, runAfter, runMs);
  console.log(`CPU, in cores over the run: web ${whole.web.toFixed(2)}, worker ${whole.worker.toFixed(2)}, PostgreSQL ${whole.postgres.toFixed(2)}, `
    + `this load generator ${whole.generator.toFixed(2)} (${fixed((whole.generator * runMs) / samples.length, 3)} ms per request); the machine ${Math.round(whole.busy * 100)}% busy`);
  if (steadyBefore && steadyAfter && steady && until - steadyFrom >= 10_000) {
    const s = cores(steadyBefore, steadyAfter, until - steadyFrom);
    const requestsPerSecond = steadyRoutes.reduce((sum, r) => sum + r.perSecond, 0);
    // CPU per request holds on a machine others use (the latency does not): sized at the pace the
    // applicants are given, a save every 4 s and a page move (two requests) every 30 s.
    const webPgMsPerRequest = ((s.web + s.postgres) * 1000) / requestsPerSecond;
    const pace = 1 / 4 + 2 / 30;
    console.log(`steady, every applicant logged in (${(steadyFrom / 1000).toFixed(0)}–${SECONDS} s): ${fixed(requestsPerSecond)} requests/s, saves ${fixed(steady.perSecond)}/s, `
      + `save p50 ${fixed(steady.p50)} ms, p95 ${fixed(steady.p95)} ms, p99 ${fixed(steady.p99)} ms; CPU in cores: web ${s.web.toFixed(2)}, worker ${s.worker.toFixed(2)}, `
      + `PostgreSQL ${s.postgres.toFixed(2)}, generator ${s.generator.toFixed(2)}; the machine ${Math.round(s.busy * 100)}% busy`);
    console.log(`  web + PostgreSQL CPU per request ${webPgMsPerRequest.toFixed(2)} ms; at the nominal pace (${pace.toFixed(2)} requests/s per applicant): `
      + `${fixed(1000 / (webPgMsPerRequest * pace))} applicants per core of web + PostgreSQL; as served: ${fixed(APPLICANTS / (s.web + s.postgres))}`);
  } else console.log(`steady: the logins ended at ${fixed(steadyFrom / 1000)} s, too late for a steady window before ${SECONDS} s`);
  console.log(`acknowledged saves: ${check.keys} answers of ${check.applicants} applicants checked against the database; lost ${check.lost.length} (target 0); `
    + `${check.unacknowledged} stored from a save whose answer never came; applications behind the revision a save was answered with: ${check.behindRevision.length} (target 0)`);
  for (const lost of check.lost.slice(0, 10)) console.log(`  LOST ${lost.applicant} ${lost.key}: acknowledged ${JSON.stringify(lost.acknowledged)}, stored ${JSON.stringify(lost.stored)}`);
  return total5xx === 0 && check.lost.length === 0 && check.behindRevision.length === 0 ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
} finally {
  agent.destroy();
  await cleanUp();
}
process.exit(exitCode);
