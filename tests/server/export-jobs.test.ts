// Export jobs on each database: an admin starts an export of the list's filter, the real job
// worker (pg-boss, as in production) streams it into the store with its progress, and the file
// is downloaded through its link and read back by a real consumer (csv-parse, JSON.parse per
// line). Reviewers are refused; after 24 hours the download is gone (410) and the sweep removes
// the file and the row; the audit log has the start and the download.
import { mkdtempSync, rmSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimExportJob, finishExportJob, queueExportJob, recordExportProgress } from "../../src/server/data/export-jobs";
import { runExportJob } from "../../src/server/exports/jobs";
import { messages } from "../../src/api-contract/messages";
import { sweepExpired } from "../../src/server/jobs/sweep";
import { databaseKinds, loggedInStaff, startTestServer, type TestServer } from "./harness";

/** The applications of these tests: a term of their own, so the filter finds them alone. */
const TERM = "EX01";
const COUNT = 3000;
const DAY_MS = 24 * 60 * 60_000;

interface Job { id: string; format: string; filter: Record<string, unknown>; by: string; status: string; rows_done: number; rows_total: number | null; created_at: string; finished_at: string | null; expires_at: string | null; message: string | null }

describe.each(databaseKinds())("export jobs (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;

  const jobs = async () => {
    const response = await admin.get("/staff/api/export-jobs");
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { jobs: Job[] }).jobs;
  };
  /** The job as listed, once `until` holds of it (or after 20 s). */
  const waitFor = async (id: string, until: (job: Job) => boolean) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = (await jobs()).find((j) => j.id === id);
      if ((job && until(job)) || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** The file of a finished job, through its download link, as the browser follows it. */
  const download = async (id: string) => {
    const response = await admin.get(`/staff/api/export-jobs/${id}/download`);
    expect(response.statusCode, response.body).toBe(303);
    const link = new URL(response.headers.location as string);
    const file = await admin.get(`${link.pathname}${link.search}`);
    expect(file.statusCode).toBe(200);
    return file;
  };
  const start = async (format: string, filter: Record<string, unknown>) => {
    const response = await admin.post("/staff/api/export-jobs", { format, filter });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as Job;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "export-jobs-"));
    server = await startTestServer(kind, { dataDir, workJobs: true });
    admin = await loggedInStaff(server, "admin");
    // Written directly (the office tests go through the applicants' API): 3,000 through it take minutes.
    // Every third citizen; the last is a formula-looking answer.
    await server.db.query(
      `WITH u AS (INSERT INTO users (username, password_hash, created_at)
         SELECT 'export' || i || '@example.org', 'x', $1 FROM generate_series(1, ${COUNT}) i RETURNING id, username)
       INSERT INTO applications (user_id, answers, updated_at, submitted_at, review_status, reference)
       SELECT id, jsonb_build_object('first_name', 'Ada' || n, 'last_name', CASE WHEN n = ${COUNT} THEN '=1+2' ELSE 'Export' END,
           'entry_term', $2::text, 'citizenship_us', CASE WHEN n % 3 = 0 THEN 'Y' ELSE 'N' END),
         $1, $1, 'received', 'WU-EX01-' || lpad(n::text, 6, '0')
       FROM (SELECT id, substring(username FROM '[0-9]+')::int AS n FROM u) numbered`,
      [server.clock.now, TERM],
    );
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs an export of the list's filter to done, with its progress, and its file holds the applications", async () => {
    // The store takes the file slowly (40 ms a chunk, a chunk a batch of 50 rows: seconds in all), so the export is seen part-way.
    const storage = server.ctx.storage;
    const writeStream = storage.writeStream.bind(storage);
    storage.writeStream = (key, body, contentType) => writeStream(key, body.pipe(new Transform({
      transform: (chunk, _encoding, done) => void setTimeout(() => done(null, chunk), 40),
    })), contentType);
    let job: Job;
    try {
      job = await start("csv", { term: TERM, status: "submitted" });
      expect(job).toMatchObject({ format: "csv", filter: { term: TERM, status: "submitted" }, by: admin.email, status: "queued", rows_done: 0, rows_total: null });
      const partWay = await waitFor(job.id, (j) => j.status !== "queued" && j.rows_done > 0);
      expect(partWay).toMatchObject({ status: "running", rows_total: COUNT });
      expect(partWay!.rows_done).toBeLessThan(COUNT);
    } finally {
      storage.writeStream = writeStream;
    }
    const done = await waitFor(job.id, (j) => j.status !== "running" && j.status !== "queued");
    expect(done).toMatchObject({ status: "done", rows_done: COUNT, rows_total: COUNT, finished_at: server.clock.now.toISOString(),
      expires_at: new Date(server.clock.now.getTime() + DAY_MS).toISOString(), message: null });

    const file = await download(job.id);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="applications-${TERM}-2026-11-22.csv"; filename*=UTF-8''applications-${TERM}-2026-11-22.csv`);
    const records = parse(file.rawPayload, { columns: true, bom: true }) as Record<string, string>[];
    expect(records).toHaveLength(COUNT);
    const byName = new Map(records.map((record) => [record.first_name, record]));
    expect(byName.get("Ada1")).toMatchObject({ last_name: "Export", entry_term: TERM, citizenship_us: "N" });
    expect(byName.get("Ada3")).toMatchObject({ citizenship_us: "Y" });
    // Escaped against formula injection: a spreadsheet shows it as text.
    expect(byName.get(`Ada${COUNT}`)!.last_name).toBe("'=1+2");
  });

  it("runs a JSON Lines export of another filter, one application a line", async () => {
    const job = await start("jsonl", { term: TERM, citizenship: "Y" });
    expect(await waitFor(job.id, (j) => j.status === "done" || j.status === "failed")).toMatchObject({ status: "done", rows_done: COUNT / 3 });
    const file = await download(job.id);
    expect(file.headers["content-disposition"]).toContain(`filename="applications-${TERM}-2026-11-22.jsonl"`);
    const lines = file.body.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as unknown);
    expect(lines).toHaveLength(COUNT / 3);
    const text = JSON.stringify(lines);
    expect(text).toContain('"Ada3"');
    expect(text).not.toContain('"Ada1"');
  });

  it("records starting a job and downloading its file in the audit log, with the format, the filter and the count", async () => {
    const job = await start("csv", { term: TERM, citizenship: "N" });
    await waitFor(job.id, (j) => j.status === "done" || j.status === "failed");
    await download(job.id);
    const entries = await server.db.query<{ action: string; actor: string; detail: Record<string, unknown> }>(
      "SELECT action, actor, detail FROM audit_log WHERE detail ->> 'job' = $1 ORDER BY id", [job.id]);
    expect(entries).toEqual([
      { action: "export", actor: admin.email, detail: { format: "csv", filter: `term=${TERM}&citizenship=N`, rows: (COUNT * 2) / 3, job: job.id } },
      { action: "download export", actor: admin.email, detail: { format: "csv", filter: `term=${TERM}&citizenship=N`, rows: (COUNT * 2) / 3, job: job.id } },
    ]);
  });

  it("starts a job over when its worker died, and the dead run can no longer touch it", async () => {
    const id = "5d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
    await queueExportJob(server.db, { id, staffId: admin.staffId, format: "csv", filter: { term: TERM, citizenship: "Y" } }, server.clock.now);
    // The first run got part-way, then its worker died: pg-boss runs the job again once it expires.
    const dead = await claimExportJob(server.db, id, "exports/died-part-way");
    await server.ctx.storage.write("exports/died-part-way", Buffer.from("reference,email\r\n"), "text/csv");
    expect(await recordExportProgress(server.db, id, dead!.attempt, 500, COUNT / 3)).toBe(true);
    await runExportJob(server.ctx, { id });
    const job = (await jobs()).find((j) => j.id === id);
    expect(job).toMatchObject({ status: "done", rows_done: COUNT / 3, rows_total: COUNT / 3 });
    expect(await server.ctx.storage.read("exports/died-part-way")).toBeNull();
    expect(parse((await download(id)).rawPayload, { columns: true, bom: true })).toHaveLength(COUNT / 3);
    // A run given up for dead that was only slow finds the job taken over.
    expect(await recordExportProgress(server.db, id, dead!.attempt, 600, COUNT / 3)).toBe(false);
    expect(await finishExportJob(server.db, id, dead!.attempt, { status: "failed", error: "late" }, server.clock.now)).toBe(false);
    expect((await jobs()).find((j) => j.id === id)).toMatchObject({ status: "done", rows_done: COUNT / 3, message: null });
  });

  it("says so when a run fails (the store away), and pg-boss runs it again from the start", async () => {
    const storage = server.ctx.storage;
    const writeStream = storage.writeStream.bind(storage);
    storage.writeStream = () => Promise.reject(new Error("the bucket is away"));
    let job: Job;
    try {
      job = await start("jsonl", { term: TERM, citizenship: "Y" });
      expect(await waitFor(job.id, (j) => j.status === "failed")).toMatchObject({ status: "failed", message: messages.exportFailed, expires_at: expect.any(String) });
      const failed = await admin.get(`/staff/api/export-jobs/${job.id}/download`);
      expect({ status: failed.statusCode, body: failed.json() }).toEqual({ status: 409, body: { message: messages.exportFailed, code: "exportFailed" } });
    } finally {
      storage.writeStream = writeStream;
    }
    // Its retry (5 seconds on) works.
    expect(await waitFor(job.id, (j) => j.status === "done")).toMatchObject({ status: "done", rows_done: COUNT / 3, message: null });
    expect((await download(job.id)).body.trim().split("\n")).toHaveLength(COUNT / 3);
  });

  it("lets no reviewer start, list or download an export", async () => {
    const job = await start("csv", { term: TERM, citizenship: "Y" });
    const reviewer = await loggedInStaff(server, "reviewer");
    for (const response of [
      await reviewer.post("/staff/api/export-jobs", { format: "csv", filter: { term: TERM } }),
      await reviewer.get("/staff/api/export-jobs"),
      await reviewer.get(`/staff/api/export-jobs/${job.id}/download`),
    ]) {
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: { message: messages.roleNeeded("admin"), code: "roleNeeded" } });
    }
  });

  it("refuses a format, a filter or a job it does not know with a message, and a job not finished with 409", async () => {
    for (const body of [{ format: "xlsx", filter: {} }, { format: "csv", filter: { term: TERM, password: "x" } }, { format: "csv" }, { format: "csv", filter: { status: "lost" } }]) {
      const response = await admin.post("/staff/api/export-jobs", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
    const notId = await admin.get("/staff/api/export-jobs/../staff/download");
    expect(notId.statusCode).toBe(404);
    const badId = await admin.get("/staff/api/export-jobs/12/download");
    expect(badId.statusCode).toBe(400);
    const unknown = await admin.get("/staff/api/export-jobs/6a1c3c52-2d4e-4c36-9e4a-0d3b0f1c2a11/download");
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { message: messages.exportNotFound, code: "exportNotFound" } });
    // Queued without a job sent: it stays queued.
    const id = "0f7f3b1e-8c1d-4a5b-9d6e-2b3c4d5e6f70";
    await queueExportJob(server.db, { id, staffId: admin.staffId, format: "csv", filter: {} }, server.clock.now);
    const waiting = await admin.get(`/staff/api/export-jobs/${id}/download`);
    expect({ status: waiting.statusCode, body: waiting.json() }).toEqual({ status: 409, body: { message: messages.exportNotReady, code: "exportNotReady" } });
  });

  it("gives no file after 24 hours (410), and the sweep removes it and its job, and any export file no job names", async () => {
    const job = await start("labels", { term: TERM });
    // A file no job names (a crash between a run's claim and its end), written two days ago.
    await server.ctx.storage.write("exports/orphan", Buffer.from("reference\r\n"), "text/csv");
    const twoDaysAgo = new Date(server.clock.now.getTime() - 2 * DAY_MS);
    await utimes(join(dataDir, "files", "exports", "orphan"), twoDaysAgo, twoDaysAgo);
    await waitFor(job.id, (j) => j.status === "done" || j.status === "failed");
    const [{ key }] = await server.db.query<{ key: string }>("SELECT storage_key AS key FROM export_jobs WHERE id = $1", [job.id]) as [{ key: string }];
    expect(await server.ctx.storage.read(key)).not.toBeNull();
    // A day later the admin has logged in again (a staff session ends sooner).
    server.advance(DAY_MS - 1);
    admin = await loggedInStaff(server, "admin");
    expect((await admin.get(`/staff/api/export-jobs/${job.id}/download`)).statusCode).toBe(303);
    server.advance(1);
    const gone = await admin.get(`/staff/api/export-jobs/${job.id}/download`);
    expect({ status: gone.statusCode, body: gone.json() }).toEqual({ status: 410, body: { message: messages.exportExpired, code: "exportExpired" } });
    expect((await jobs()).map((j) => j.id)).not.toContain(job.id);
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await server.ctx.storage.read(key)).toBeNull();
    expect(await server.ctx.storage.read("exports/orphan")).toBeNull();
    expect(await server.db.query("SELECT 1 FROM export_jobs WHERE id = $1", [job.id])).toEqual([]);
    const swept = await admin.get(`/staff/api/export-jobs/${job.id}/download`);
    expect({ status: swept.statusCode, body: swept.json() }).toEqual({ status: 404, body: { message: messages.exportNotFound, code: "exportNotFound" } });
  });
});
