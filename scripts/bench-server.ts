// npm run bench — autosave throughput of the built server (dist/server/main.js, what `npm start`
// runs), on PGlite and on a throwaway PostgreSQL. Prints figures; asserts nothing.
//   200 applicants, each logged in through the API with its own session cookie, each saving the
//   same 5 always-shown text answers (PUT /api/answer) as fast as the server answers, over 200
//   connections (autocannon). A save is the session check + application read (one statement),
//   the engine's evaluate, and one conditional UPDATE.
// Environment: BENCH_SECONDS (default 10) per database after a 2 s warm-up; BENCH_ONLY=pglite or
// postgres; BENCH_CPU_PROF=dir writes the server's CPU profile(s) there (node --cpu-prof);
// WEB_CONCURRENCY is passed to the PostgreSQL server (default: one process per core).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { availableParallelism, tmpdir } from "node:os";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import argon2 from "argon2";
import autocannon from "autocannon";
import { openPglite, openPostgres, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { startPostgres } from "../tests/support/postgres";
import { repoRoot } from "./lib/files";

const APPLICANTS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PASSWORD = "bench password, not a real one";
// Five text answers shown whatever else is answered (no showWhen/hideWhen on them or their
// sections in form-definitions/about.json), so every save keeps all five and clears nothing.
const BODY = JSON.stringify({
  first_name: "Alexandra",
  middle_name: "Maria",
  last_name: "Montgomery-Whitfield",
  gender_explain: "Nothing to add.",
  phone_international: "442079460000",
});

interface Target { savesPerSecond: number; p99Ms?: number }
interface Result { database: string; processes: number; savesPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; target: Target }

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** 200 confirmed applicants with empty applications, straight into the database (sign-up is throttled and hashes). */
async function seed(db: Database): Promise<string[]> {
  await migrate(db);
  // One hash for all, with cheap Argon2id parameters: login verifies with the parameters stored in
  // the hash, so 200 logins take milliseconds instead of 200 × ~60 ms. Saves never hash.
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const users = await db.query<{ id: number; username: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at, created_at)
     SELECT 'applicant' || i || '@example.edu', $1, now(), now() FROM generate_series(1, ${APPLICANTS}) AS i
     RETURNING id, username`,
    [passwordHash],
  );
  await db.query("INSERT INTO applications (user_id, updated_at) SELECT id, now() FROM users");
  return users.map((u) => u.username);
}

function startServer(env: Record<string, string>, profileDir?: string): ChildProcess {
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, ...env, HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production", TRUST_PROXY: "false" };
  for (const name of ["PUBLIC_URL", "SMTP_URL", "COOKIE_PREFIX"]) delete serverEnv[name];
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, "--enable-source-maps", join(repoRoot, "dist/server/main.js")], {
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

function load(base: string, cookies: string[], seconds: number): Promise<autocannon.Result> {
  let client = 0;
  return autocannon({
    url: `${base}/api/answer`,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections: cookies.length,
    duration: seconds,
    setupClient: (c) => c.setHeaders({ "content-type": "application/json", cookie: cookies[client++ % cookies.length]! }),
  });
}

async function run(database: "pglite" | "postgres", target: Target): Promise<Result> {
  const dir = await mkdtemp(join(tmpdir(), "bench-server-"));
  const postgres = database === "postgres" ? await startPostgres() : undefined;
  let server: ChildProcess | undefined;
  try {
    const db = postgres ? openPostgres(postgres.url) : await openPglite(join(dir, "pglite"));
    const usernames = await seed(db);
    await db.close();

    const processes = postgres ? Number(process.env.WEB_CONCURRENCY ?? availableParallelism()) : 1;
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), DATA_DIR: dir, DATABASE_URL: postgres?.url ?? "" };
    if (postgres) env.WEB_CONCURRENCY = String(processes);
    const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF, database) : undefined;
    server = startServer(env, profileDir);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);
    const cookies = await logIn(base, usernames);

    await load(base, cookies, WARMUP_SECONDS);
    const result = await load(base, cookies, SECONDS);
    return {
      database: postgres ? "PostgreSQL" : "PGlite",
      processes,
      savesPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      target,
    };
  } finally {
    if (server) await stopServer(server);
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function print(results: Result[]): void {
  const header = ["database", "processes", "saves/s", "p50", "p99", "errors", "non-2xx", "target"];
  const rows = results.map((r) => {
    const met = r.savesPerSecond >= r.target.savesPerSecond && (r.target.p99Ms === undefined || r.p99 < r.target.p99Ms)
      && r.errors === 0 && r.non2xx === 0;
    const goal = `≥ ${r.target.savesPerSecond.toLocaleString("en")}/s${r.target.p99Ms === undefined ? "" : `, p99 < ${r.target.p99Ms} ms`}`;
    return [r.database, String(r.processes), Math.round(r.savesPerSecond).toLocaleString("en"), `${r.p50} ms`, `${r.p99} ms`,
      String(r.errors), String(r.non2xx), `${goal} ${met ? "✓" : "✗"}`];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows]) console.log(line.map((cell, i) => (i === 0 || i === 7 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

async function main() {
  // Measure what production runs: the bundle, rebuilt from the current sources.
  const build = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build:server failed");

  console.log(`\nserver benchmark: PUT /api/answer (5 answers), ${APPLICANTS} applicants on ${APPLICANTS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; ${availableParallelism()} cores, Node ${process.version}`);
  const only = process.env.BENCH_ONLY;
  const results: Result[] = [];
  if (!only || only === "pglite") results.push(await run("pglite", { savesPerSecond: 500 }));
  if (!only || only === "postgres") results.push(await run("postgres", { savesPerSecond: 3000, p99Ms: 50 }));
  print(results);
}

await main();
