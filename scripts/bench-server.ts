// npm run bench — autosave throughput of the built server (dist/server/main.js, what `npm start`
// runs), on PGlite and on a throwaway PostgreSQL, and on PostgreSQL beside the floor: a bare
// Fastify + pg server (scripts/lib/floor-server.mjs) that authenticates the cookie and merges the
// sent answers into the stored JSON in one statement, as ours does, on the same PostgreSQL and a
// pool of the same size, measured in the same run. On a machine others use, the ratio to the floor
// is the figure that holds. Prints figures; asserts nothing.
//   200 applicants among 20,000 (see seed), each logged in through the API with its own session
//   cookie, saving as fast as the server answers, over 200 connections (autocannon), in two cases:
//   - autosave: the same 5 always-shown text answers (PUT /api/answer), into an empty application;
//   - complete: the whole complete answer set (tests/support/answer-sets.ts), over an application
//     seeded with it.
//   Each figure: saves/s, p50/p99, Node CPU per save (the server's processes, /proc), PostgreSQL
//   CPU per save (every PostgreSQL process, /proc), the server's RSS at the end of the window.
// Environment: BENCH_SECONDS (default 10) per case after a 2 s warm-up; BENCH_ONLY=pglite or
// postgres; BENCH_CASE=autosave or complete measures that case alone on PostgreSQL; BENCH_ROUNDS
// (default 2) splits each case's seconds on PostgreSQL into that many turns of ours then the floor,
// summed, so that a load others put on the machine falls on both alike; BENCH_CPU_PROF=dir writes the server's CPU profile(s) there (node --cpu-prof), the floor's in dir/floor;
// WEB_CONCURRENCY=N runs the PostgreSQL server as N processes (default 1, as in production);
// BENCH_SERVER=path/to/main.js measures another build (say, of an older commit) instead.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { availableParallelism, tmpdir } from "node:os";
import { endedTicks, machineTicks, parentOf, TICK_MS, treeRssMiB, treeTicks } from "./lib/proc";
import { mkdtemp, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import argon2 from "argon2";
import autocannon from "autocannon";
import { openPglite, openPostgres, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { startPostgres } from "../tests/support/postgres";
import { repoRoot } from "../src/definitions/files";
import { freePort } from "../tests/support/free-port";
import { definitions } from "../tests/support/definitions";
import { completeAnswers } from "../tests/support/answer-sets";
import { localToday } from "../src/engine/runtime";
import { quantile } from "./lib/stats";

const SERVER = resolve(process.env.BENCH_SERVER ?? join(repoRoot, "dist/server/main.js"));
const APPLICANTS = 200;
const POPULATION = 20_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const PASSWORD = "bench password, not a real one";
// Five text answers shown whatever else is answered (no showWhen/hideWhen on them or their
// sections in form-definitions/about.json), so every save keeps all five and clears nothing.
const AUTOSAVE = JSON.stringify({
  first_name: "Alexandra",
  middle_name: "Maria",
  last_name: "Montgomery-Whitfield",
  gender_explain: "Nothing to add.",
  phone_international: "442079460000",
});

interface Target { savesPerSecond: number; p99Ms?: number }
interface Result {
  database: string; server: "ours" | "floor"; saveCase: string; processes: number; savesPerSecond: number; p50: number; p99: number; errors: number; non2xx: number;
  /** Until every connection had a save answered (see measure). */
  rampMs: number;
  /** The server's CPU time per save (all its processes), and how busy the machine's cores were. */
  serverCpuMs?: number; postgresCpuMs?: number; machineBusy?: number; rssMiB: number; commitsPerSave: number; target?: Target;
}


/**
 * 200 confirmed applicants with empty applications, straight into the database (sign-up is
 * throttled and hashes), among a deadline night's population: POPULATION applicants in all, each
 * with an application and a session. At that size PostgreSQL plans a save as it would in
 * production (by index); on a table of 200 rows it scans them all, and a scan's cost grows with
 * the dead rows a run of saves leaves behind, which measured the plan rather than the server.
 */
async function seed(db: Database): Promise<string[]> {
  await migrate(db);
  // One hash for all, with cheap Argon2id parameters: login verifies with the parameters stored in
  // the hash, so 200 logins take milliseconds instead of 200 real hashes. Saves never hash.
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const users = await db.query<{ id: number; username: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || i || '@example.edu', $1, now(), now() FROM generate_series(1, ${POPULATION}) AS i
     RETURNING id, username`,
    [passwordHash],
  );
  await db.query("INSERT INTO applications (user_id, updated_at) SELECT id, now() FROM users");
  await db.query("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) SELECT 'bystander-' || id, id, now(), now() FROM users");
  await db.query("ANALYZE");
  return users.slice(0, APPLICANTS).map((u) => u.username);
}

/** The PostgreSQL server's main process: the parent of the backend answering. */
async function postmasterPid(db: Database): Promise<number> {
  const [{ pid }] = (await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")) as [{ pid: number }];
  return parentOf(pid);
}
/**
 * CPU ticks of the PostgreSQL server: its main process, every process under it, and those that
 * ended (their time is added to the parent's cutime and cstime when it reaps them), so a backend
 * closing during the window loses nothing.
 */
const postgresTicks = (postmaster: number) => treeTicks(postmaster) + endedTicks(postmaster);

function startServer(env: Record<string, string>, profileDir?: string): ChildProcess {
  // Nothing of the developer's own server settings (config.ts) but what is set here.
  const serverEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["PUBLIC_URL", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "COOKIE_PREFIX", "TRUST_PROXY", "WEB_CONCURRENCY"]) delete serverEnv[name];
  Object.assign(serverEnv, { HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" }, env);
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, "--enable-source-maps", SERVER], {
    cwd: repoRoot, env: serverEnv, stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not answer /health within 60 s");
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Logs every applicant in through the API; returns each one's session cookie. */
async function logIn(base: string, usernames: string[]): Promise<string[]> {
  const cookies: string[] = new Array(usernames.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < usernames.length; i = next++) {
      const response = await fetch(`${base}/public/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: usernames[i], password: PASSWORD }),
      });
      const session = response.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("apply_session="));
      if (!response.ok || !session) throw new Error(`login of ${usernames[i]} failed: ${response.status} ${await response.text()}`);
      cookies[i] = session;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return cookies;
}

interface Measured {
  saves: number; savesPerSecond: number; p50: number; p99: number; errors: number; non2xx: number;
  /** How long until every connection had a save answered; CPU ticks over the measured window. */
  rampMs: number; serverTicks: number; postgresTicks: number; busyTicks: number; allTicks: number;
  /** The server's resident memory at the end of the window. */
  rssMiB: number;
  /** PostgreSQL transactions committed per save (the bench's own two queries included). */
  commitsPerSave: number;
  /** The measured window's answers' latencies, sorted, and its length. */
  latencies: number[]; windowMs: number;
}

/**
 * One autocannon run on `cookies.length` connections, each its own applicant. It starts at one save
 * a second per connection until every connection has had an answer: a saturated Node process
 * accepts one new connection per event-loop turn (libuv ≥ 1.45), so 200 connections opened at
 * once against a busy single process wait many seconds to be accepted, which measures the
 * stampede rather than saves (BENCH_RAMP=0 shows it). Then as fast as the server answers:
 * WARMUP_SECONDS, then SECONDS measured. Errors and non-2xx count over the whole run.
 */
function measure(base: string, cookies: string[], body: string, serverPid: number, postgres?: { postmaster: number; db: Database }, seconds = SECONDS): Promise<Measured> {
  const ramp = process.env.BENCH_RAMP !== "0";
  const clients: autocannon.Client[] = [];
  let finished: (error: unknown) => void = () => {};
  const instance = autocannon({
    url: `${base}/api/answer`,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body,
    connections: cookies.length,
    duration: 600, // stopped below
    ...(ramp ? { connectionRate: 1 } : {}),
    setupClient: (client) => {
      client.setHeaders({ "content-type": "application/json", cookie: cookies[clients.length % cookies.length]! });
      clients.push(client);
    },
  }, (error: unknown) => finished(error));
  const started = performance.now();
  const answered = new Set<unknown>();
  const latencies: number[] = [];
  let phase: "ramp" | "warm-up" | "measure" | "done" = "ramp";
  let rampMs = 0, errors = 0, non2xx = 0, windowStart = 0, windowEnd = 0;
  let rssMiB = 0;
  type Snapshot = [number, number, [number, number]];
  let before: Snapshot = [0, 0, [0, 0]];
  let after: Snapshot = [0, 0, [0, 0]];
  const snapshot = (): Snapshot => [treeTicks(serverPid), postgres ? postgresTicks(postgres.postmaster) : 0, machineTicks()];
  // Transactions committed: a save's statements, each its own transaction unless in one.
  const commits = async () => postgres
    ? Number((await postgres.db.query<{ n: string }>("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()"))[0]!.n)
    : 0;
  let commitsBefore = 0, commitsAfter = 0;

  const startMeasuring = async () => {
    commitsBefore = await commits();
    phase = "measure";
    before = snapshot();
    windowStart = performance.now();
    setTimeout(() => {
      after = snapshot();
      windowEnd = performance.now();
      rssMiB = treeRssMiB(serverPid);
      phase = "done";
      void commits().then((n) => {
        commitsAfter = n;
        instance.stop();
      });
    }, seconds * 1000);
  };
  const rampDone = () => {
    rampMs = performance.now() - started;
    // autocannon has no public way to change a running client's rate: raise the one it reads
    // (kept non-zero, so that stopping still clears the client's rate timer).
    for (const client of clients) (client as unknown as { rate: number }).rate = Number.MAX_SAFE_INTEGER;
    phase = "warm-up";
    setTimeout(() => void startMeasuring(), WARMUP_SECONDS * 1000);
  };
  instance.on("response", (client: unknown, status: number, _bytes: number, ms: number) => {
    if (status < 200 || status > 299) non2xx++;
    if (phase === "measure") latencies.push(ms);
    else if (phase === "ramp" && answered.add(client).size === cookies.length) rampDone();
  });
  instance.on("reqError", () => void errors++);
  if (!ramp) rampDone();
  const rampLimit = setTimeout(() => phase === "ramp" && rampDone(), 60_000);

  return new Promise((done, fail) => {
    finished = (error) => {
      clearTimeout(rampLimit);
      if (error) return fail(error);
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(quantile(latencies, q));
      done({
        saves: latencies.length,
        savesPerSecond: latencies.length / ((windowEnd - windowStart) / 1000),
        p50: at(0.5), p99: at(0.99), errors, non2xx, rampMs, rssMiB, commitsPerSave: (commitsAfter - commitsBefore) / Math.max(1, latencies.length),
        latencies, windowMs: windowEnd - windowStart,
        serverTicks: after[0] - before[0], postgresTicks: after[1] - before[1],
        busyTicks: after[2][0] - before[2][0], allTicks: after[2][1] - before[2][1],
      });
    };
  });
}

const FLOOR = join(repoRoot, "scripts/lib/floor-server.mjs");
const SESSION_COOKIE = "apply_session";

/** The floor server on `port`, over the same PostgreSQL. */
function startFloor(url: string, port: number, profileDir?: string): ChildProcess {
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, FLOOR], {
    cwd: repoRoot, env: { ...process.env, DATABASE_URL: url, PORT: String(port), COOKIE: SESSION_COOKIE, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Turns of one server summed: saves over the windows' time, latencies pooled, CPU ticks added. */
function summed(turns: Measured[]): Measured {
  const latencies = turns.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const at = (q: number) => Math.round(quantile(latencies, q));
  const sum = (f: (t: Measured) => number) => turns.reduce((total, t) => total + f(t), 0);
  const windowMs = sum((t) => t.windowMs);
  return {
    saves: latencies.length, savesPerSecond: latencies.length / (windowMs / 1000), p50: at(0.5), p99: at(0.99),
    errors: sum((t) => t.errors), non2xx: sum((t) => t.non2xx), rampMs: Math.max(...turns.map((t) => t.rampMs)),
    serverTicks: sum((t) => t.serverTicks), postgresTicks: sum((t) => t.postgresTicks), busyTicks: sum((t) => t.busyTicks), allTicks: sum((t) => t.allTicks),
    rssMiB: turns.at(-1)!.rssMiB, commitsPerSave: sum((t) => t.commitsPerSave * t.saves) / Math.max(1, latencies.length), latencies, windowMs,
  };
}

function resultOf(database: string, server: Result["server"], saveCase: string, processes: number, m: Measured, target?: Target): Result {
  return {
    database, server, saveCase, processes,
    savesPerSecond: m.savesPerSecond, p50: m.p50, p99: m.p99, errors: m.errors, non2xx: m.non2xx, rampMs: m.rampMs,
    serverCpuMs: m.allTicks > 0 ? (m.serverTicks * TICK_MS) / m.saves : undefined,
    postgresCpuMs: database === "PostgreSQL" && m.allTicks > 0 ? (m.postgresTicks * TICK_MS) / m.saves : undefined,
    machineBusy: m.allTicks > 0 ? m.busyTicks / m.allTicks : undefined,
    rssMiB: m.rssMiB, commitsPerSave: m.commitsPerSave,
    target,
  };
}

async function run(database: "pglite" | "postgres", target: Target): Promise<Result[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-server-"));
  const postgres = database === "postgres" ? await startPostgres() : undefined;
  const servers: ChildProcess[] = [];
  let db: Database | undefined;
  try {
    db = postgres ? openPostgres(postgres.url, 2) : await openPglite(join(dir, "pglite"));
    const usernames = await seed(db);
    if (!postgres) await db.close();

    const processes = postgres ? Number(process.env.WEB_CONCURRENCY || 1) : 1;
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), DATA_DIR: dir };
    if (postgres) Object.assign(env, { DATABASE_URL: postgres.url, WEB_CONCURRENCY: String(processes) });
    const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF, database) : undefined;
    const server = startServer(env, profileDir);
    servers.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);
    const cookies = await logIn(base, usernames);
    if (!postgres) return [resultOf("PGlite", "ours", "autosave", 1, await measure(base, cookies, AUTOSAVE, server.pid!), target)];

    const postmaster = await postmasterPid(db);
    const floorPort = await freePort();
    const floor = startFloor(postgres.url, floorPort, profileDir && resolve(profileDir, "../floor"));
    servers.push(floor);
    const floorBase = `http://127.0.0.1:${floorPort}`;
    await waitForHealth(floorBase, floor);
    const results: Result[] = [];
    const both = async (saveCase: string, body: string) => {
      const ours: Measured[] = [];
      const floors: Measured[] = [];
      for (let turn = 0; turn < ROUNDS; turn++) {
        ours.push(await measure(base, cookies, body, server.pid!, { postmaster, db: db! }, SECONDS / ROUNDS));
        floors.push(await measure(floorBase, cookies, body, floor.pid!, { postmaster, db: db! }, SECONDS / ROUNDS));
      }
      results.push(resultOf("PostgreSQL", "ours", saveCase, processes, summed(ours), saveCase === "autosave" ? target : undefined));
      results.push(resultOf("PostgreSQL", "floor", saveCase, 1, summed(floors)));
    };
    const only = process.env.BENCH_CASE;
    if (!only || only === "autosave") await both("autosave", AUTOSAVE);
    if (only === "autosave") return results;
    // The complete case: every application holds the complete answer set, and every save sends it whole.
    const complete = completeAnswers(definitions(), localToday());
    await db.query("UPDATE applications SET answers = $1::jsonb", [JSON.stringify(complete)]);
    await both("complete", JSON.stringify(complete));
    return results;
  } finally {
    for (const server of servers) await stopServer(server);
    if (postgres) await db?.close();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const ms = (value: number | undefined, digits = 3) => (value === undefined ? "—" : `${value.toFixed(digits)} ms`);
const ratio = (ours: number | undefined, floor: number | undefined) => (ours === undefined || !floor ? "—" : `${(ours / floor).toFixed(2)}×`);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows]) console.log(line.map((cell, i) => (i < 3 || i === header.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

function print(results: Result[]): void {
  const header = ["database", "server", "case", "processes", "saves/s", "p50", "p99", "errors", "non-2xx", "ramp", "Node CPU/save", "PG CPU/save", "RSS", "PG commits/save", "cores busy", "target"];
  table(header, results.map((r) => {
    const met = r.target && r.savesPerSecond >= r.target.savesPerSecond && (r.target.p99Ms === undefined || r.p99 < r.target.p99Ms)
      && r.errors === 0 && r.non2xx === 0;
    const goal = r.target ? `≥ ${r.target.savesPerSecond.toLocaleString("en")}/s${r.target.p99Ms === undefined ? "" : `, p99 < ${r.target.p99Ms} ms`} ${met ? "✓" : "✗"}` : "";
    return [r.database, r.server, r.saveCase, String(r.processes), Math.round(r.savesPerSecond).toLocaleString("en"), `${r.p50} ms`, `${r.p99} ms`,
      String(r.errors), String(r.non2xx), `${(r.rampMs / 1000).toFixed(1)} s`, ms(r.serverCpuMs), ms(r.postgresCpuMs),
      `${Math.round(r.rssMiB)} MiB`, r.database === "PostgreSQL" ? r.commitsPerSave.toFixed(2) : "—", r.machineBusy === undefined ? "—" : `${Math.round(r.machineBusy * 100)}%`, goal];
  }));
  console.log("ramp: until every connection had its first save answered, at one save a second each (see measure); Node CPU: all the server's processes; PG CPU: every PostgreSQL process");
  // Ours against the floor, measured one after the other in the same run on the same PostgreSQL.
  const pairs = ["autosave", "complete"].flatMap((saveCase) => {
    const ours = results.find((r) => r.server === "ours" && r.saveCase === saveCase && r.database === "PostgreSQL");
    const floor = results.find((r) => r.server === "floor" && r.saveCase === saveCase);
    return ours && floor ? [{ saveCase, ours, floor }] : [];
  });
  if (pairs.length === 0) return;
  console.log("\nours ÷ floor (PostgreSQL; targets: throughput ≥ 0.9×, p99 ≤ 1.2×)");
  table(["case", "saves/s", "p50", "p99", "Node CPU/save", "PG CPU/save", "RSS"], pairs.map(({ saveCase, ours, floor }) => [
    saveCase, ratio(ours.savesPerSecond, floor.savesPerSecond), ratio(ours.p50, floor.p50), ratio(ours.p99, floor.p99),
    ratio(ours.serverCpuMs, floor.serverCpuMs), ratio(ours.postgresCpuMs, floor.postgresCpuMs), ratio(ours.rssMiB, floor.rssMiB),
  ]));
}

async function main() {
  // Measure what production runs: the bundle, rebuilt from the current sources.
  if (!process.env.BENCH_SERVER) {
    const build = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: repoRoot, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build:server failed");
  }

  console.log(`\nserver benchmark: PUT /api/answer (5 answers; on PostgreSQL also the complete set), ${APPLICANTS} applicants of ${POPULATION.toLocaleString("en-US")} on ${APPLICANTS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up per case (on PostgreSQL in ${ROUNDS} turns of ours then the floor, each warmed up); ${availableParallelism()} cores, Node ${process.version}`);
  const only = process.env.BENCH_ONLY;
  const results: Result[] = [];
  if (!only || only === "pglite") results.push(...await run("pglite", { savesPerSecond: 500 }));
  if (!only || only === "postgres") results.push(...await run("postgres", { savesPerSecond: 3000, p99Ms: 50 }));
  print(results);
}

await main();
