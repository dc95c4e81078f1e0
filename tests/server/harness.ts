// Servers for tests: the real app on a real database (PGlite in memory, or a fresh database in
// the PostgreSQL the global setup started), a clock the test moves, and mail kept in a list; and
// what tests do with them: clients, a list followed page by page, a script run as a process.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect, inject } from "vitest";
import { buildServer } from "../../src/server/app";
import type { Config } from "../../src/server/platform/config";
import type { ServerContext } from "../../src/server/context";
import { openPglite, openPostgres, type Database } from "../../src/server/db/database";
import { loadServerForm, type ServerForm } from "../../src/server/form";
import type { Mail } from "../../src/server/platform/mail";
import type { StaffRole } from "../../src/api-contract";
import type { Answers } from "../../src/engine/runtime";
import { completeAnswers } from "../support/answer-sets";
import { DATA_FOLDER_IMAGE } from "../support/data-folder";
import { adminQuery } from "../support/postgres";
import { startStaffSession } from "../../src/server/staff/sessions";

export type DatabaseKind = "pglite" | "postgres";
/**
 * The databases the test file being collected runs its tests on: both, or those TEST_DATABASES names
 * (comma-separated). A file that reads the definitions runs on those TEST_READER_DATABASES names
 * instead, when set: npm test runs it on PostgreSQL, and again on PGlite in the copy with staff's
 * edits (scripts/test.sh).
 */
export function databaseKinds(): DatabaseKind[] {
  const testPath = expect.getState().testPath ?? "";
  const reads = inject("definitionReaders").some((file) => testPath.endsWith(`/${file}`));
  const names = (reads && process.env.TEST_READER_DATABASES) || process.env.TEST_DATABASES;
  return (["pglite", "postgres"] as const).filter((kind) => !names || names.split(",").includes(kind));
}

let form: ServerForm | undefined;
/** The day test servers start on: their clocks start at noon UTC, the same day anywhere on Earth. */
export const TEST_DAY = "2026-11-22";

/** Compiled once per test file. */
export const testForm = () => (form ??= loadServerForm(undefined, TEST_DAY));

/** examples/answers/complete.json for this cycle's term, with a plan open on TEST_DAY. */
export const completeApplication = (): Answers => completeAnswers(testForm().form, TEST_DAY);

/**
 * Argon2id at its least for a test's server: at OWASP's cost, the sign-ups, logins and resets of
 * the account, staff and application tests were over a third of those files' CPU. The hashes are
 * still Argon2id's, checked as any; auth/passwords.test.ts holds OWASP's cost, and the browser
 * tests' servers use it.
 */
const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    passwordHashCost: TEST_HASH_COST,
    port: 0, host: "127.0.0.1", publicUrl: "http://localhost:8080", dataDir: "/nonexistent",
    cookiePrefix: "apply_", logSecrets: false, trustProxy: false,
    workJobs: false, chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", renderUrl: "http://127.0.0.1:1", ...overrides,
  };
}

/** A new database in the test PostgreSQL, every migration run (a copy of the global setup's); answers its URL. */
export async function freshPostgresUrl(): Promise<string> {
  const url = new URL(inject("databaseUrl"));
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url.toString(), `CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The global setup's migrated PGlite (tests/support/data-folder.ts), read once per worker (40 MB). */
let pgliteImage: Blob | undefined;

/**
 * A test's PGlite holds a few megabytes: PostgreSQL's default 128 MB of shared buffers, set up in
 * WASM memory for each fresh database, cost more CPU than loading its migrated image.
 */
const TEST_PGLITE_SETTINGS = ["shared_buffers=16MB"];

/** A new database of the kind asked for, every migration run. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "postgres") return openPostgres(await freshPostgresUrl(), 10);
  pgliteImage ??= new Blob([readFileSync(process.env[DATA_FOLDER_IMAGE]!)]);
  return openPglite(undefined, pgliteImage, TEST_PGLITE_SETTINGS);
}

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  db: Database;
  mail: Mail[];
  clock: { now: Date };
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
}

/** A server on `db` (a fresh database by default) and the test clock; `form`, definitions other than the shipped ones. */
/** `startsAt`: the server's clock when it starts (noon of TEST_DAY unless told): a later deploy starts later. */
export async function startTestServer(
  kind: DatabaseKind, config: Partial<Config> = {}, db?: Database, form: ServerForm = testForm(), startsAt = new Date(`${TEST_DAY}T12:00:00Z`),
): Promise<TestServer> {
  db ??= await freshDatabase(kind);
  const mail: Mail[] = [];
  const clock = { now: startsAt };
  const { app, ctx } = await buildServer({
    config: testConfig(config),
    db,
    form,
    sendMail: async (m) => void mail.push(m),
    now: () => clock.now,
  });
  return { app, ctx, db, mail, clock, advance: (ms) => (clock.now = new Date(clock.now.getTime() + ms)) };
}

let clients = 0;
/** A client address of its own for each client, so per-address limits meet only where a test means them to. */
const nextAddress = () => `10.${100 + ((clients >> 16) & 0x7f)}.${(clients >> 8) & 0xff}.${clients++ & 0xff}`;

/** A browser: keeps cookies between calls and sends JSON. */
export class Client {
  cookies = new Map<string, string>();
  constructor(private server: TestServer, private remoteAddress = nextAddress()) {}

  async call(method: InjectOptions["method"], url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await this.server.app.inject({
      method, url, remoteAddress: this.remoteAddress,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    // What the answer did not wait for (account mail) is done before the test reads it.
    await this.server.ctx.background.idle();
    for (const c of response.cookies) {
      if (c.value === "" || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
  get = (url: string) => this.call("GET", url);
  post = (url: string, body?: unknown) => this.call("POST", url, body);
  put = (url: string, body?: unknown) => this.call("PUT", url, body);
  delete = (url: string) => this.call("DELETE", url);
}

export const PASSWORD = "Quiet-Lantern-82";

/** The code in the latest confirmation mail to `username`. */
export function codeFor(server: TestServer, username: string): string {
  const mail = server.mail.filter((m) => m.to === username && /confirmation code/.test(m.subject)).at(-1);
  if (!mail) throw new Error(`no confirmation mail to ${username}`);
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

let counter = 0;
/** A unique address for each test, so tests share a server without meeting. */
export const newAddress = (name = "student") => `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** Signs up, confirms and logs in a new applicant; answers a client holding the session. */
export async function loggedInApplicant(server: TestServer, username = newAddress(), remoteAddress?: string): Promise<Client> {
  const client = new Client(server, remoteAddress);
  await expectOk(client.post("/public/signup", { username, password: PASSWORD }));
  await expectOk(client.post("/public/confirm", { username, code: codeFor(server, username) }));
  await expectOk(client.post("/public/login", { username, password: PASSWORD }));
  return client;
}

async function expectOk(response: Promise<LightMyRequestResponse>): Promise<void> {
  const r = await response;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
}

export const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** Posts `bytes` with an upload form from /api/presigned-url to the local store's POST /upload, as a browser would. */
export async function postUploadForm(server: TestServer, fields: Record<string, string>, bytes: Uint8Array): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)]), "ignored.pdf");
  const request = new Request("http://localhost/upload", { method: "POST", body: form });
  return server.app.inject({
    method: "POST", url: "/upload", payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  });
}

/** A document question's conversion status once it has ended (or after 30 s). */
export async function conversionOf(client: Client, answerKey: string): Promise<{ status: string; message: string | null }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = json(await client.get(`/api/pdf/document-answer/${answerKey}`)) as { status: string; message: string | null };
    if (!["UNPROCESSED", "IN_PROGRESS"].includes(state.status) || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A staff member of `role`, enrolled, with a session: a client holding the staff cookie. Made in
 * the database directly, for tests of what staff do once logged in; tests/server/staff-accounts
 * goes through the invitation, the password and the second factor.
 */
export async function loggedInStaff(server: TestServer, role: StaffRole, email = newAddress(role)): Promise<Client & { staffId: number; email: string }> {
  const [row] = await server.db.query<{ id: number }>(
    "INSERT INTO staff (email, role, password_hash, totp_secret, totp_enrolled_at, created_at) VALUES ($1, $2, 'x', 'x', $3, $3) RETURNING id",
    [email, role, server.clock.now],
  );
  const id = await startStaffSession(server.db, server.ctx.hash, row!.id, server.clock.now);
  const client = new Client(server);
  client.cookies.set(server.ctx.staffCookie.name, id);
  return Object.assign(client, { staffId: row!.id, email });
}

/**
 * Every item of a keyset-paged list, in order: `pageAfter(null)` is the first page, and each next
 * page is asked for with the cursor the one before gave, until none is given. A cursor given twice
 * fails at once (a server going round in circles would otherwise loop until the test times out).
 */
export async function allPages<Item>(pageAfter: (cursor: string | null) => Promise<{ items: Item[]; next: string | null }>): Promise<Item[]> {
  const items: Item[] = [];
  const cursors = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await pageAfter(cursor);
    items.push(...page.items);
    if (!page.next) return items;
    if (cursors.has(page.next)) throw new Error(`The cursor ${page.next} was given twice.`);
    cursors.add(page.next);
    cursor = page.next;
  }
}

/**
 * A test that checks a password some fifty to a hundred times: each check is an Argon2 hash, one at
 * a time per process, 34 ms alone and far more beside CI's other phases (30 s was not enough).
 */
export const MANY_HASHES_MS = 120_000;
