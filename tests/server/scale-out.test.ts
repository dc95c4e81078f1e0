// Nothing a request needs lives in one server's memory: two web servers on one PostgreSQL database
// (each with its own connection pool, as two processes would have) share sessions, answers and
// limits, and a worker (WORK_JOBS on, the web servers' off) converts what was uploaded through them.
// The three share one files folder, as they would share one bucket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../src/server/db/database";
import { messages } from "../../src/api-contract/messages";
import { Client, codeFor, conversionOf, freshPostgresUrl, json, PASSWORD, postUploadForm, startTestServer, type TestServer } from "./harness";

describe("two servers on one PostgreSQL", () => {
  let first: TestServer;
  let second: TestServer;
  let worker: TestServer;
  const dataDir = mkdtempSync(join(tmpdir(), "scale-out-"));
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    first = await startTestServer("postgres", { dataDir, workJobs: false }, openPostgres(url, 5));
    second = await startTestServer("postgres", { dataDir, workJobs: false }, openPostgres(url, 5));
    worker = await startTestServer("postgres", { dataDir, workJobs: true }, openPostgres(url, 5));
  });
  afterAll(async () => {
    await Promise.all([first.app.close(), second.app.close(), worker.app.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One browser whose requests a load balancer spreads over both servers. */
  /** One browser, its requests spread over both servers by the load balancer. */
  let browsers = 0;
  const across = () => {
    const address = `10.70.0.${++browsers}`;
    const onFirst = new Client(first, address);
    const onSecond = new Client(second, address);
    onSecond.cookies = onFirst.cookies;
    return [onFirst, onSecond] as const;
  };

  it("signs up on one, confirms, logs in and saves on the other, and reads it back on the first", async () => {
    const username = "spread@example.com";
    const [a, b] = across();
    await a.post("/public/signup", { username, password: PASSWORD });
    expect((await b.post("/public/confirm", { username, code: codeFor(first, username) })).statusCode).toBe(200);
    expect((await b.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    expect((await a.put("/api/answer", { first_name: "Ana" })).statusCode).toBe(200);
    expect((await b.put("/api/answer", { last_name: "Silva" })).statusCode).toBe(200);
    expect(json(await a.get("/api/profile")).answer).toEqual({ first_name: "Ana", last_name: "Silva" });
    const session = a.cookies.get("apply_session")!;
    await b.get("/api/logout");
    const replay = new Client(first);
    replay.cookies.set("apply_session", session);
    expect(json(await replay.get("/api/profile")).message).toBe(messages.sessionInvalid);
  });

  it("counts failed logins across both", async () => {
    const username = "counted@example.com";
    const [a, b] = across();
    for (let i = 0; i < 5; i++) await (i % 2 ? a : b).post("/public/login", { username, password: "Wrong-Password-1" });
    expect((await a.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(429);
    expect((await b.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(429);
  });

  it("uploads through one, converts on the worker, and shows the document on the other", async () => {
    const username = "uploads@example.com";
    const [a, b] = across();
    await a.post("/public/signup", { username, password: PASSWORD });
    await b.post("/public/confirm", { username, code: codeFor(first, username) });
    await a.post("/public/login", { username, password: PASSWORD });
    const { fields } = json(await a.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> };
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const uploaded = await postUploadForm(second, fields, await pdf.save());
    expect(uploaded.statusCode).toBe(204);
    expect(json(await b.post("/api/pdf/document-answer/resume_pdf", { file_key: fields.key, file_name: "resume.pdf" })).status).toBe("UNPROCESSED");
    const { status } = await conversionOf(a, "resume_pdf");
    expect(status).toBe("COMPLETED");
    expect(json(await b.get("/api/document-answer"))).toMatchObject({ resume_pdf: { file_name: "resume.pdf" } });
  });
});
