// No upload stops or stalls the server: conversions run in worker threads with a memory cap and a
// time limit, PDF streams are unpacked with a cap, and a job is run at most twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertIsolated } from "../../src/server/convert/isolated";
import { pdfBomb, png, png16 } from "../support/files";
import { convertDocument } from "../../src/server/convert/documents";
import { messages } from "../../src/api-contract/messages";
import { conversionOf, json, loggedInApplicant, postUploadForm, startTestServer, type Client, type TestServer } from "./harness";

describe("conversions off the event loop", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "isolation-"));
    server = await startTestServer("pglite", { dataDir, workJobs: true });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function convert(client: Client, bytes: Buffer, fileName: string) {
    const { fields } = json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> };
    expect((await postUploadForm(server, fields, bytes)).statusCode).toBe(204);
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: fields.key, file_name: fileName })).statusCode).toBe(200);
  }

  /**
   * Asks /health every 20 ms until `done` settles; answers the slowest answer in ms, counted from
   * when it was due, so a stall of the event loop (which also holds up the asking) is counted.
   */
  async function slowestHealthWhile<T>(done: Promise<T>): Promise<{ slowest: number; result: T }> {
    let settled = false;
    const result = done.finally(() => (settled = true));
    let slowest = 0;
    const start = performance.now();
    for (let i = 0; !settled; i++) {
      const due = start + i * 20;
      if (performance.now() < due) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      expect((await server.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - Math.max(due, start));
      if (performance.now() > due + 20) i = Math.floor((performance.now() - start) / 20);
    }
    return { slowest, result: await result };
  }

  it("refuses a PDF whose stream unpacks to 200 MB, with a message, while /health keeps answering", async () => {
    const client = await loggedInApplicant(server);
    const bomb = pdfBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await convert(client, bomb, "bomb.pdf");
    const { slowest, result } = await slowestHealthWhile(conversionOf(client, "resume_pdf"));
    expect(result).toEqual({ status: "FAILED", message: messages.filePdfTooLarge });
    expect(slowest, "the slowest /health while it converted, ms").toBeLessThan(500);
  }, 60_000);

  it("converts four 4898 × 4898 16-bit PNGs at once while /health keeps answering", async () => {
    const image = png16(4898);
    const clients = await Promise.all(Array.from({ length: 4 }, () => loggedInApplicant(server)));
    for (const client of clients) await convert(client, image, "scan.png");
    const { slowest, result } = await slowestHealthWhile(Promise.all(clients.map((client) => conversionOf(client, "resume_pdf"))));
    for (const state of result) expect(state.status === "COMPLETED" || (state.status === "FAILED" && state.message !== null), JSON.stringify(state)).toBe(true);
    expect(slowest, "the slowest /health while they converted, ms").toBeLessThan(500);
  }, 120_000);

  it("ends a conversion that runs out of time with a message, and the next one converts", async () => {
    const slow = await convertIsolated({ kind: "png", bytes: png16(3000) }, 1);
    expect(slow).toEqual({ ok: false, message: messages.fileTooSlow });
    const next = await convertIsolated({ kind: "png", bytes: png(40, 30, () => [200, 30, 30]) });
    expect(next.ok).toBe(true);
  });

  it("fails a conversion started a third time (its process died twice) instead of running it again", async () => {
    const client = await loggedInApplicant(server);
    const [user] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1");
    await server.ctx.storage.write("documents/feed0001", png(40, 30, () => [0, 0, 0]), "image/png");
    await server.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, status, attempts, updated_at) VALUES ($1, 'resume_pdf', 'scan.png', 'documents/feed0001', 'IN_PROGRESS', 2, $2)`,
      [user!.id, server.clock.now]);
    await convertDocument(server.db, server.ctx.storage, { userId: user!.id, answerKey: "resume_pdf", uploadKey: "documents/feed0001" }, () => server.clock.now, server.ctx.form.form.institution.uploads);
    expect(json(await client.get("/api/pdf/document-answer/resume_pdf"))).toEqual({ status: "FAILED", message: messages.fileUnreadable });
  });
});
