// The browser tests' world: the BUILT server (dist/server/main.js, what `npm start` runs) as a
// child process on a new data folder (tests/support/data-folder.ts), its mail read from the outbox,
// and Debian's Chromium driven by playwright-core. No vitest import here: scripts/bench-client.ts
// uses it too.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page, PageScreenshotOptions } from "playwright-core";
import { dayAnywhereOnEarth, type Answers } from "../../src/engine/runtime";
import { launchChromium } from "../../src/server/pdf-copy/chromium";
import { completeAnswers } from "../support/answer-sets";
import { newDataFolder } from "../support/data-folder";
import { definitions } from "../support/definitions";
import { freePort } from "../support/free-port";
import { NODE_FLAGS } from "../support/spawning";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const SERVER_BUNDLE = join(repoRoot, "dist/server/main.js");
export const CLIENT_DIR = join(repoRoot, "dist/client");
export const PASSWORD = "Quiet-Lantern-82";

/** Throws a clear message when the build the tests run against is missing. */
export function requireBuild(): void {
  const missing = [SERVER_BUNDLE, join(CLIENT_DIR, "index.html")].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`${missing.map((p) => p.slice(repoRoot.length)).join(" and ")} ${missing.length > 1 ? "are" : "is"} missing, and this runs against the built app and server: run npm run build first.`);
  }
}

export interface BuiltServer {
  /** http://127.0.0.1:port, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the server printed so far (for failure messages). */
  output(): string;
  /** SIGTERM, wait for the exit, remove the data folder (unless the caller gave it). */
  stop(): Promise<void>;
}

/**
 * Starts dist/server/main.js on PGlite in a new temp folder, mail to its outbox; resolves once
 * /health answers. `settings` adds to its environment (ADDRESS_LOOKUP_URL). `at.root`: another
 * project's build (a copy staff edited); `at.dataDir`: a data folder of the caller's, kept at stop
 * (a restart on the same data).
 */
export async function startBuiltServer(settings: NodeJS.ProcessEnv = {}, at: { root?: string; dataDir?: string } = {}): Promise<BuiltServer> {
  const root = at.root ?? repoRoot;
  if (root === repoRoot) requireBuild();
  const dataDir = at.dataDir ?? newDataFolder("e2e-");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, LOG_LEVEL: "warn" };
  // PGlite and the outbox, whatever the calling shell has set.
  for (const name of ["DATABASE_URL", "SMTP_URL", "WEB_CONCURRENCY", "COOKIE_PREFIX", "TRUST_PROXY", "NODE_ENV"]) delete env[name];
  Object.assign(env, settings);
  const child = spawn(process.execPath, [...NODE_FLAGS, join(root, "dist/server/main.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!at.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the built server exited (${child.exitCode ?? child.signalCode}) before it answered /health:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the built server did not answer ${url}/health within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, process: child, output: () => output, stop };
}

// ---- mail ---------------------------------------------------------------------------------

interface ParsedMail {
  file: string;
  headers: Map<string, string>;
  text: string;
}

/** Header names in lower case, folded lines joined. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** The text of a (single-part, or the first text/plain part of a multipart) message, decoded. */
function bodyText(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) continue;
      const partHeaders = parseHeaders(part.slice(0, split));
      if (/^text\/plain/i.test(partHeaders.get("content-type") ?? "text/plain")) return bodyText(partHeaders, part.slice(split).replace(/^\r?\n\r?\n/, ""));
    }
    return "";
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body).toString("utf8");
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Every .eml in the outbox, oldest first (their names start with the time they were written). */
export function readOutbox(dataDir: string): ParsedMail[] {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const raw = readFileSync(join(outbox, name), "utf8");
      const split = raw.search(/\r?\n\r?\n/);
      const headers = parseHeaders(split < 0 ? raw : raw.slice(0, split));
      const text = split < 0 ? "" : bodyText(headers, raw.slice(split).replace(/^\r?\n\r?\n/, ""));
      return { file: name, headers, text };
    });
}

const isTo = (mail: ParsedMail, address: string) => (mail.headers.get("to") ?? "").toLowerCase().includes(address.toLowerCase());

/** Waits (up to 10 s) for a mail to `address` whose text matches `pattern`; answers the newest match. */
async function newestMatch(dataDir: string, address: string, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = readOutbox(dataDir).filter((mail) => isTo(mail, address)).map((mail) => pattern.exec(mail.text)).filter((m) => m !== null).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} for ${address} in ${join(dataDir, "outbox")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code in the newest confirmation mail to `address`. */
export async function latestCode(server: Pick<BuiltServer, "dataDir">, address: string): Promise<string> {
  return (await newestMatch(server.dataDir, address, /code is (\d{6})/, "confirmation code"))[1]!;
}

/** The reset link (`${PUBLIC_URL}/reset?username=…&id=…`) in the newest reset mail to `address`. */
export async function latestResetLink(server: Pick<BuiltServer, "dataDir">, address: string): Promise<string> {
  return (await newestMatch(server.dataDir, address, /(https?:\/\/\S+\/reset\?\S+)/, "password reset link"))[1]!;
}

let counter = 0;
/** A unique address for each use, so tests share a server without meeting. */
export const newAddress = (name = "student") => `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** Signs up and confirms `address` through the API (no browser), for tests that start at login. */
export async function createAccount(server: BuiltServer, address = newAddress(), password = PASSWORD): Promise<string> {
  // The sign-up attempt's cookie goes back with the code, as a browser's would.
  let cookie = "";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") || cookie;
  };
  await post("/public/signup", { username: address, password });
  await post("/public/confirm", { username: address, code: await latestCode(server, address) });
  return address;
}

// ---- browser ------------------------------------------------------------------------------

/** Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), headless, as the printer starts it. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return launchChromium(executablePath);
}

/**
 * Polls a browser-side expression, given as text (these files have Node's types, not the DOM's),
 * until it is truthy. Not page.waitForFunction: with text it evaluates by eval, which the app's
 * Content-Security-Policy (script-src 'self') refuses; page.evaluate is not subject to it.
 */
// Browser-side code is passed as text: the tests' TypeScript has Node's types, not the DOM's.
/** True once every finite animation (dialogs opening, toasts sliding in) has ended; the spinner's spins forever. */
export const ANIMATIONS_ENDED = "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)";

export async function waitForExpression(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<unknown>(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Whether the browser tests take screenshots for a person to look at: not on CI (CI set), where
 * nobody looks, and a full page cost Chromium about a second of CPU, a hundred times a run.
 */
export const TAKES_SCREENSHOTS = !process.env.CI;

/** A picture of the page (full length unless told) or of one element: tmp/screenshots/NAME.png, when TAKES_SCREENSHOTS. */
export async function screenshot(target: Page | Locator, name: string, options: Omit<PageScreenshotOptions, "path"> = { fullPage: true }): Promise<void> {
  if (!TAKES_SCREENSHOTS) return;
  const folder = join(repoRoot, "tmp/screenshots");
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ ...options, path: join(folder, `${name}.png`) });
}

/** axe-core's rules for WCAG 2.2 level AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** axe-core's own script, the one @axe-core/playwright runs in a page. */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it is now: of the WCAG 2.2 AA rules, or of `rules`; within
 * `include`, leaving out `exclude`. axe runs in the page itself (the app has no frames to reach),
 * put there once for each document: a change of page in the app keeps it. It describes the
 * violations only, not every node that passed. @axe-core/playwright's AxeBuilder ran the same
 * axe.run, but ran axe's 500 kB script into the page twice for every audit, as much CPU as the
 * audit of a small page itself.
 */
export async function axeViolations(page: Page, scope: { include?: string; exclude?: string[]; rules?: string[] } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe?.run === 'function'"))) await page.evaluate(AXE_SOURCE);
  const context = { include: scope.include ? [scope.include] : [], exclude: scope.exclude ?? [] };
  const options = { resultTypes: ["violations"], runOnly: scope.rules ? { type: "rule", values: scope.rules } : { type: "tag", values: WCAG_TAGS } };
  return page.evaluate<AxeViolation[]>(`axe.run(${JSON.stringify(context)}, ${JSON.stringify(options)}).then((results) => results.violations)`);
}

// ---- the application form -----------------------------------------------------------------

/** Logs `username` in through the API: the session cookies land in the page's context. */
export async function logInThroughApi(page: Page, server: Pick<BuiltServer, "url">, username: string, password = PASSWORD): Promise<void> {
  const response = await page.context().request.post(`${server.url}/public/login`, { data: { username, password } });
  if (response.status() !== 200) throw new Error(`/public/login: ${response.status()} ${await response.text()}`);
}

/** The answers the server holds for the page's applicant (GET /api/profile with its cookies). */
export async function serverAnswers(page: Page, server: Pick<BuiltServer, "url">): Promise<Record<string, unknown>> {
  const response = await page.context().request.get(`${server.url}/api/profile`);
  if (response.status() !== 200) throw new Error(`/api/profile: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { answer: Record<string, unknown> }).answer;
}

/** True once no answer waits in the durable save queue (localStorage apply.unsaved.{username}). */
export const QUEUE_EMPTY = "Object.keys(localStorage).every((key) => !key.startsWith('apply.unsaved.'))";

/** The page's save state, the copy screen readers hear (another shows beside the buttons). */
export const SAVE_STATE = '.save-state[role="status"]';

/** Until the save queue is empty and the page's save state reads "All changes saved". */
export async function waitForSaved(page: Page, timeoutMs = 30_000): Promise<void> {
  await waitForExpression(page, `${QUEUE_EMPTY} && document.querySelector('${SAVE_STATE}')?.textContent === 'All changes saved'`, timeoutMs);
}

/**
 * examples/answers/complete.json for this cycle's term, with a plan the built server takes today:
 * it judges deadlines on the day anywhere on Earth, as its clock is the real one.
 */
export const completeAnswersToday = (): Answers => completeAnswers(definitions(), dayAnywhereOnEarth());
