// Running the server as an operator would (OPERATIONS.md): the metrics port and what it counts,
// /health against /ready, load shedding under pressure, and SIGTERM draining a real process.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png16 } from "../support/files";
import { openPglite } from "../../src/server/db/database";
import { messages } from "../../src/api-contract/messages";
import { serveMetrics } from "../../src/server/platform/metrics";
import { Client, databaseKinds, freshPostgresUrl, json, loggedInApplicant, PASSWORD, startTestServer, type TestServer } from "./harness";
import { SPAWNING_MS, tsxArguments } from "../support/spawning";

/** The value of one series in Prometheus text, or 0 when it is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(/,(?=[a-z_]+=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe.each(databaseKinds())("operations on %s", (kind) => {
  let server: TestServer;
  let metrics: Server;
  let metricsUrl: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    metrics = await serveMetrics(0, "127.0.0.1");
    metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
  });
  afterAll(async () => {
    metrics.close();
    await server.app.close();
  });
  const scrape = async () => (await fetch(metricsUrl)).text();

  it("counts saves, logins and request durations by route pattern on the metrics port", async () => {
    const before = await scrape();
    const client = await loggedInApplicant(server);
    expect((await client.put("/api/answer", { first_name: "Ana" })).statusCode).toBe(200);
    expect(json(await new Client(server).post("/public/login", { username: "nobody@example.com", password: PASSWORD }))).toEqual({ message: messages.loginWrong, code: "loginWrong" });
    const after = await scrape();
    expect(sample(after, "apply_saves_total", { outcome: "saved" }) - sample(before, "apply_saves_total", { outcome: "saved" })).toBe(1);
    expect(sample(after, "apply_logins_total", { outcome: "ok" }) - sample(before, "apply_logins_total", { outcome: "ok" })).toBe(1);
    expect(sample(after, "apply_logins_total", { outcome: "failed" }) - sample(before, "apply_logins_total", { outcome: "failed" })).toBe(1);
    const saveRequests = { route: "/api/answer", method: "PUT", status: "2xx" };
    expect(sample(after, "http_request_duration_seconds_count", saveRequests) - sample(before, "http_request_duration_seconds_count", saveRequests)).toBe(1);
    // A parameter's value never becomes a label: the pattern does.
    await client.get("/api/pdf/document-answer/resume_pdf");
    const patterns = await scrape();
    expect(patterns).toContain('route="/api/pdf/document-answer/:key"');
    expect(patterns).not.toContain('route="/api/pdf/document-answer/resume_pdf"');
    // Node's own, the queue's (one series per job name), conversions and PDF copies are declared.
    for (const name of ["process_cpu_seconds_total", "nodejs_eventloop_lag_seconds", "process_resident_memory_bytes"]) expect(sample(patterns, name)).toBeGreaterThan(0);
    expect(patterns).toMatch(/^apply_job_queue_depth\{job="convert-document"\} \d+$/m);
    expect(patterns).toMatch(/^apply_job_queue_oldest_seconds\{job="pdf-copy"\} [\d.]+$/m);
    expect(patterns).toContain("# TYPE apply_conversions_total counter");
    expect(patterns).toContain("# TYPE apply_pdf_copies_total counter");
  });

  it("never answers /metrics on the public port", async () => {
    const response = await new Client(server).get("/metrics");
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("apply_saves_total");
  });

  it("answers /health and /ready, and /ready only while the database answers", async () => {
    expect(json(await new Client(server).get("/health"))).toEqual({ status: "ok", database: kind });
    const ready = await new Client(server).get("/ready");
    expect([json(ready), ready.headers["retry-after"]]).toEqual([{ status: "ready" }, undefined]);
  });
});

describe("when the database is gone", { timeout: 120_000 }, () => {
  it("stays alive (/health) and is not ready (/ready: 503 naming the database)", async () => {
    const server = await startTestServer("pglite");
    await server.db.close();
    const client = new Client(server);
    expect((await client.get("/health")).statusCode).toBe(200);
    const ready = await client.get("/ready");
    expect([ready.statusCode, ready.headers["retry-after"]]).toEqual([503, "5"]);
    expect(json(ready)).toEqual({ message: messages.notReady("database"), code: "notReady" });
    await server.app.close().catch(() => {});
  });
});

// Each test starts a server on a fresh PGlite, which took 13 to over 30 s beside CI's other files.
describe("under pressure", { timeout: 120_000 }, () => {
  it("answers 503 with Retry-After and a message, except /health and /ready", async () => {
    // A heap limit of one byte: every sample finds the process over it. The loop's limit is
    // generous: the test's PGlite holds the loop for seconds as it starts.
    const server = await startTestServer("pglite", { pressure: { maxEventLoopDelayMs: 60_000, maxHeapUsedBytes: 1, maxRssBytes: 0, retryAfterSeconds: 7 } });
    try {
      // under-pressure samples memory once a second.
      await new Promise((done) => setTimeout(done, 1_200));
      const busy = await new Client(server).post("/public/login", { username: "a@example.com", password: PASSWORD });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers["retry-after"]).toBe("7");
      expect(json(busy)).toEqual({ message: messages.underPressure, code: "underPressure" });
      expect((await new Client(server).get("/health")).statusCode).toBe(200);
      expect((await new Client(server).get("/ready")).statusCode).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it("answers as usual within the limits", async () => {
    const server = await startTestServer("pglite", { pressure: { maxEventLoopDelayMs: 60_000, maxHeapUsedBytes: 0, maxRssBytes: 0, retryAfterSeconds: 7 } });
    try {
      await new Promise((done) => setTimeout(done, 1_200));
      expect(json(await new Client(server).post("/public/login", { username: "a@example.com", password: PASSWORD }))).toEqual({ message: messages.loginWrong, code: "loginWrong" });
    } finally {
      await server.app.close();
    }
  });
});

describe("SIGTERM", () => {
  const repoRoot = resolve(import.meta.dirname, "../..");
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });


  const within = <T>(what: Promise<T>, ms: number, log: () => string) =>
    Promise.race([what, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no end within ${ms} ms:\n${log()}`)), ms))]);

  /** The real server (src/server/main.ts) on PGlite in a new folder, once /ready says so. */
  async function startServer(extra: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string; dataDir: string; exited: Promise<number | null>; log: () => string }> {
    const dataDir = mkdtempSync(join(tmpdir(), "sigterm-"));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["PUBLIC_URL", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "COOKIE_PREFIX", "NODE_ENV", "TRUST_PROXY", "WEB_CONCURRENCY", "METRICS_PORT"]) delete env[name];
    Object.assign(env, { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" }, extra);
    const child = spawn(process.execPath, tsxArguments("src/server/main.ts"), { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let log = "";
    const base = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start:\n${log}`)), 180_000);
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          done(match[1]!);
        }
      };
      child.stdout!.on("data", read);
      child.stderr!.on("data", read);
    });
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    // As a load balancer would: traffic once /ready says so (the job queue started), and once
    // the first load sample is in (a start that held the loop a whole sample reads as pressure).
    for (const deadline = Date.now() + 30_000; ;) {
      const ready = (await fetch(`${base}/ready`)).status === 200 && (await fetch(`${base}/metrics`)).status === 404;
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`never ready:\n${log}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    return { child, base, dataDir, exited, log: () => log };
  }

  it("answers the request in flight, then exits 0", async () => {
    // A geocoder that takes a second: the address lookup is in flight for that long.
    let received!: () => void;
    const reached = new Promise<void>((done) => (received = done));
    const photon = createServer((_request, response) => {
      received();
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ type: "FeatureCollection", features: [] })), 1_000);
    });
    await new Promise<void>((done) => photon.listen(0, "127.0.0.1", () => done()));
    const { child, base, exited, log } = await startServer({ ADDRESS_LOOKUP_URL: `http://127.0.0.1:${(photon.address() as AddressInfo).port}` });
    try {
      const inFlight = fetch(`${base}/lookup/find?category=address&text=Main+Street`).then(async (r) => ({ status: r.status, body: await r.text() }));
      await Promise.race([reached, inFlight.then((r) => Promise.reject(new Error(`answered ${r.status} ${r.body} before asking the geocoder`)))]);
      child.kill("SIGTERM");
      const answer = await within(inFlight, 20_000, log);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual([]);
      expect(await within(exited, 20_000, log)).toBe(0);
      expect(log()).toContain("SIGTERM: finishing what is in flight");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      photon.closeAllConnections();
      photon.close();
    }
  }, SPAWNING_MS);

  it("lets the conversion in flight finish, then exits 0", async () => {
    // Seconds of converting, more beside CI's other phases: the shutdown limit leaves it time.
    const { child, base, dataDir, exited, log } = await startServer({ SHUTDOWN_TIMEOUT_MS: "120000" });
    try {
      const cookies = new Map<string, string>();
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const [name, value] = pair!.split("=") as [string, string];
          cookies.set(name, value);
        }
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const username = "draining@example.com";
      expect((await call("POST", "/public/signup", { username, password: PASSWORD })).status).toBe(200);
      const mail = readdirSync(join(dataDir, "outbox")).map((name) => readFileSync(join(dataDir, "outbox", name), "utf8")).join("\n");
      const code = /code is (\d{6})/.exec(mail)![1]!;
      expect((await call("POST", "/public/confirm", { username, code })).status).toBe(200);
      expect((await call("POST", "/public/login", { username, password: PASSWORD })).status).toBe(200);
      const { fields } = (await call("POST", "/api/presigned-url", { answer_key: "resume_pdf" })).body as { fields: Record<string, string> };
      // A 4898 × 4898 16-bit PNG: seconds of converting.
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("file", new Blob([new Uint8Array(png16(4898))]), "scan.png");
      expect((await fetch(`${base}/upload`, { method: "POST", body: form })).status).toBe(204);
      expect((await call("POST", "/api/pdf/document-answer/resume_pdf", { file_key: fields.key, file_name: "scan.png" })).status).toBe(200);
      for (const deadline = Date.now() + 30_000; ;) {
        const { status } = (await call("GET", "/api/pdf/document-answer/resume_pdf")).body;
        if (status === "IN_PROGRESS") break;
        if (status !== "UNPROCESSED" || Date.now() > deadline) throw new Error(`the conversion is ${String(status)}, not in progress:\n${log()}`);
        await new Promise((done) => setTimeout(done, 50));
      }
      child.kill("SIGTERM");
      expect(await within(exited, 130_000, log)).toBe(0);
      // The folder is free again: the conversion ended before the process did.
      const db = await openPglite(join(dataDir, "pglite"));
      try {
        const [document] = await db.query<{ status: string }>("SELECT status FROM document_answers WHERE answer_key = 'resume_pdf'");
        expect(document?.status).toBe("COMPLETED");
      } finally {
        await db.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, SPAWNING_MS);
});

describe("several web processes (WEB_CONCURRENCY=2, PostgreSQL)", () => {
  it("serve one metrics port with the sum of both processes' figures", async () => {
    const free = createServer();
    await new Promise<void>((done) => free.listen(0, "127.0.0.1", () => done()));
    const metricsPort = (free.address() as AddressInfo).port;
    await new Promise((done) => free.close(done));
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["PUBLIC_URL", "SMTP_URL", "MAIL_FROM", "COOKIE_PREFIX", "NODE_ENV", "TRUST_PROXY"]) delete env[name];
    const dataDir = mkdtempSync(join(tmpdir(), "cluster-"));
    Object.assign(env, {
      PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: await freshPostgresUrl(),
      WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort), WORK_JOBS: "false",
    });
    const child = spawn(process.execPath, tsxArguments("src/server/main.ts"), { cwd: resolve(import.meta.dirname, "../.."), env, stdio: ["ignore", "pipe", "pipe"] });
    try {
      let log = "";
      const bases = new Set<string>();
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`two web processes did not start:\n${log}`)), 90_000);
        const read = (chunk: Buffer) => {
          log += chunk.toString();
          for (const match of log.matchAll(/"pid":(\d+).*Server listening at (http:\/\/127\.0\.0\.1:\d+)/g)) bases.add(`${match[1]} ${match[2]}`);
          if (bases.size === 2 && log.includes("metrics of the 2 web processes")) {
            clearTimeout(timer);
            done();
          }
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
      });
      const base = [...bases][0]!.split(" ")[1]!;
      // A connection each: the primary hands connections to its processes in turn.
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${base}/public/login`, {
          method: "POST", headers: { "content-type": "application/json", connection: "close" },
          body: JSON.stringify({ username: `nobody${i}@example.com`, password: PASSWORD }),
        });
        expect(response.status).toBe(400);
      }
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(sample(text, "apply_logins_total", { outcome: "failed" })).toBe(6);
      expect(sample(text, "http_request_duration_seconds_count", { route: "/public/login", method: "POST", status: "4xx" })).toBe(6);
      // Not on the public port.
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
    } finally {
      child.kill("SIGTERM");
      await new Promise((done) => (child.exitCode !== null ? done(null) : child.once("exit", done)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, SPAWNING_MS);
});

