// Crash test: the real server (node src/server/main.ts) is killed with SIGKILL in the middle of
// a stream of saves, then started again on the same data. Every save that was answered 2xx must
// be there after the restart. On embedded PGlite the database dies with the process, so this is
// the test of its durability and of its recovery (twice on one data dir: recovery after a crash
// is crashed too); on PostgreSQL only the web process dies.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, type TestContext } from "vitest";
import { newDataFolder } from "../support/data-folder";
import { tsxArguments } from "../support/spawning";
import { freshPostgresUrl } from "./harness";

const repoRoot = resolve(import.meta.dirname, "../..");
const APPLICANTS = 6;
// tsx compiles the server from source as it starts: beside CI's other phases, over a minute.
const START_MS = 180_000;
const REQUEST_MS = 15_000;
const PASSWORD = "Quiet-Lantern-82";

// ---------------------------------------------------------------------------------------------
// The server as a child process

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  /** From spawn to the first healthy answer. */
  startMs: number;
}

// Every server started and not yet seen to exit; none outlives its test, nor the test file.
const children = new Set<ChildProcess>();
const dirs: string[] = [];

function killAll(which: Iterable<ChildProcess> = children) {
  for (const child of [...which]) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    children.delete(child);
  }
}
process.once("exit", () => killAll());
afterAll(() => {
  killAll();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The tests run concurrently, so each kills its own servers when it ends, failed or not. */
function ownServers(test: TestContext): Set<ChildProcess> {
  const mine = new Set<ChildProcess>();
  test.onTestFinished(() => killAll(mine));
  return mine;
}


async function startServer(owner: Set<ChildProcess>, dataDir: string, databaseUrl?: string): Promise<Running> {
  // Nothing of the developer's own server settings (config.ts): mail must go to the outbox.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["PUBLIC_URL", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "COOKIE_PREFIX", "NODE_ENV", "TRUST_PROXY"]) delete env[name];
  // Port 0: the child takes a port of its own and says which (Fastify's "Server listening at", at
  // info). A port picked here stayed free while a PGlite server spent seconds starting, the other
  // test's restart took it, and this test's /health and sign-up reached that other server.
  // On PostgreSQL, load shedding a minute late (on PGlite it is off unless set): on a machine busy
  // with other tests, tsx compiling the server held its event loop past the default second and the
  // sign-up was answered 503; what this test kills is not the load.
  Object.assign(env, { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" }, databaseUrl ? { DATABASE_URL: databaseUrl, MAX_EVENT_LOOP_DELAY_MS: "60000" } : {});
  const child = spawn(process.execPath, tsxArguments("src/server/main.ts"), { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  owner.add(child);
  let log = "";
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const started = Date.now();
  const running: Running = { child, base: "", exited, startMs: 0 };

  const deadline = Date.now() + START_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    running.base ||= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1] ?? "";
    try {
      // Not listening yet while it has not said where.
      if (running.base && (await fetch(`${running.base}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return { ...running, startMs: Date.now() - started };
    } catch {
      // Listening, not answering yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /health within ${START_MS / 1000} s:\n${log}`);
    }
    await sleep(100);
  }
}

async function kill(server: Running): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
  children.delete(server.child);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------
// Applicants over HTTP

interface Applicant {
  username: string;
  cookie: string;
}

async function call(base: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_MS),
  });
}

async function ok(response: Promise<Response>): Promise<Response> {
  const r = await response;
  if (!r.ok) throw new Error(`${r.status} ${r.url}: ${await r.text()}`);
  return r;
}

/** The code in the confirmation mail to `username`, from DATA_DIR/outbox. */
function codeFor(dataDir: string, username: string): string {
  const outbox = join(dataDir, "outbox");
  for (const name of readdirSync(outbox).filter((n) => n.endsWith(".eml"))) {
    const text = readFileSync(join(outbox, name), "utf8");
    if (!new RegExp(`^To: ${username.replace(/[.+]/g, "\\$&")}\\s*$`, "m").test(text)) continue;
    const code = /Your confirmation code is (\d{6})\./.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`no confirmation mail to ${username} in ${outbox}`);
}

async function login(base: string, username: string): Promise<Applicant> {
  const response = await ok(call(base, "POST", "/public/login", { username, password: PASSWORD }));
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("=")).join("; ");
  expect(cookie).toContain("apply_session=");
  return { username, cookie };
}

async function signUp(base: string, dataDir: string, username: string): Promise<Applicant> {
  const signedUp = await ok(call(base, "POST", "/public/signup", { username, password: PASSWORD }));
  // The sign-up attempt's cookie goes back with the code, as the browser's would.
  const attempt = signedUp.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
  await ok(call(base, "POST", "/public/confirm", { username, code: codeFor(dataDir, username) }, attempt));
  return login(base, username);
}

interface Profile {
  answer: Record<string, unknown>;
  revision: number;
}

async function profile(base: string, applicant: Applicant): Promise<Profile> {
  return (await ok(call(base, "GET", "/api/profile", undefined, applicant.cookie))).json() as Promise<Profile>;
}

/** The number in the stored first_name "save-<n>"; 0 before any save. */
function savedNumber(p: Profile): number {
  const name = p.answer.first_name;
  if (name === undefined) return 0;
  const n = /^save-(\d+)$/.exec(String(name))?.[1];
  if (n === undefined) throw new Error(`unexpected first_name ${JSON.stringify(name)}`);
  return Number(n);
}

// ---------------------------------------------------------------------------------------------
// One round: saves in parallel streams, SIGKILL, restart, check

interface Before {
  saved: number;
  revision: number;
}

interface Stream {
  /** The highest i answered 2xx (the saved number before the round when none was). */
  acked: number;
  ackedCount: number;
  /** The revision the last 2xx answer gave. */
  ackedRevision: number;
  refused: string[];
}

async function saveStream(base: string, applicant: Applicant, before: Before, stop: { now: boolean }): Promise<Stream> {
  const stream: Stream = { acked: before.saved, ackedCount: 0, ackedRevision: before.revision, refused: [] };
  for (let i = before.saved + 1; !stop.now; i++) {
    let response: Response;
    let body: string;
    try {
      response = await call(base, "PUT", "/api/answer", { first_name: `save-${i}`, last_name: `n${i}` }, applicant.cookie);
      body = await response.text();
    } catch {
      return stream; // The server is gone: this save may or may not have landed.
    }
    if (!response.ok) {
      stream.refused.push(`save-${i}: ${response.status} ${body}`);
      return stream;
    }
    stream.acked = i;
    stream.ackedCount++;
    stream.ackedRevision = (JSON.parse(body) as { revision: number }).revision;
  }
  return stream;
}

/** Saves until a SIGKILL 1–3 s in; answers the server started again on the same data. */
async function crashRound(label: string, server: Running, applicants: Applicant[], restart: () => Promise<Running>): Promise<Running> {
  const before = await Promise.all(applicants.map(async (a) => {
    const p = await profile(server.base, a);
    return { saved: savedNumber(p), revision: p.revision };
  }));
  const stop = { now: false };
  const streams = applicants.map((a, n) => saveStream(server.base, a, before[n]!, stop));
  const killAfter = 1_000 + Math.floor(Math.random() * 2_000);
  await sleep(killAfter);
  await kill(server);
  stop.now = true;
  const results = await Promise.all(streams);
  const acked = results.map((r) => r.ackedCount);
  console.log(`${label}: SIGKILL after ${killAfter} ms; saves acknowledged: ${acked.reduce((s, n) => s + n, 0)} (per applicant ${acked.join(", ")})`);
  const restarted = await restart();
  console.log(`${label}: restarted in ${restarted.startMs} ms`);
  // Log in again: the sessions were in the database too, but a new login is what an applicant does.
  const again = await Promise.all(applicants.map((a) => login(restarted.base, a.username)));
  for (const [n, applicant] of again.entries()) {
    const result = results[n]!;
    const was = before[n]!;
    const p = await profile(restarted.base, applicant);
    const k = savedNumber(p);
    const where = `${label}, ${applicant.username}: acknowledged up to save-${result.acked} (${result.ackedCount} saves), stored save-${k}, revision ${was.revision} → ${p.revision}`;
    expect(result.refused, where).toEqual([]);
    // Every acknowledged save is there; the one in flight at the kill may be too.
    expect(k, where).toBeGreaterThanOrEqual(result.acked);
    expect(k, where).toBeLessThanOrEqual(result.acked + 1);
    expect(p.answer.last_name, where).toBe(`n${k}`);
    expect(p.revision, where).toBeGreaterThanOrEqual(was.revision + result.ackedCount);
    expect(p.revision, where).toBeGreaterThanOrEqual(result.ackedRevision);
    // One save, one revision: nothing else changed the answers.
    expect(p.revision - was.revision, where).toBe(k - was.saved);
  }
  applicants.splice(0, applicants.length, ...again);
  return restarted;
}

async function newApplicants(server: Running, dataDir: string): Promise<Applicant[]> {
  const tag = randomBytes(4).toString("hex");
  return Promise.all(Array.from({ length: APPLICANTS }, (_, n) => signUp(server.base, dataDir, `crash.${tag}.${n}@example.com`)));
}

function tempDir(): string {
  const dir = newDataFolder("crash-");
  dirs.push(dir);
  return dir;
}

describe.concurrent("SIGKILL during saves", () => {
  it("loses no acknowledged save on PGlite, through two crashes of the same data dir", { timeout: 400_000 }, async (test) => {
    const mine = ownServers(test);
    const dataDir = tempDir();
    let server = await startServer(mine, dataDir);
    console.log(`PGlite: first start in ${server.startMs} ms`);
    const applicants = await newApplicants(server, dataDir);
    for (const round of [1, 2]) server = await crashRound(`PGlite round ${round}`, server, applicants, () => startServer(mine, dataDir));
    // A second server on the same folder would corrupt it: it must refuse to start.
    await expect(startServer(mine, dataDir)).rejects.toThrow(`Another server is using the database in ${join(dataDir, "pglite")}.`);
    expect((await fetch(`${server.base}/health`)).ok).toBe(true);
    await kill(server);
  });

  it("loses no acknowledged save on PostgreSQL when the web process dies", { timeout: 400_000 }, async (test) => {
    const url = await freshPostgresUrl();
    const mine = ownServers(test);
    const dataDir = tempDir();
    let server = await startServer(mine, dataDir, url);
    const applicants = await newApplicants(server, dataDir);
    server = await crashRound("PostgreSQL", server, applicants, () => startServer(mine, dataDir, url));
    await kill(server);
  });
});
