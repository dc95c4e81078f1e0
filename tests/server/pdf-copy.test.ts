// GET /api/pdf asked again and again (spec: every 1000 ms, then every 600000 ms): a finished copy
// is answered as it is, never made again, for as long as the answers it was made from stand.
// Nobody works the jobs here; the job's end is written as makePdfCopy writes it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimPdfCopy, finishPdfCopy, pdfCopyOf } from "../../src/server/data/pdf-copies";
import { storageKey } from "../../src/server/convert/documents";
import { Client, completeApplication, databaseKinds, json, loggedInApplicant, startTestServer, type TestServer } from "./harness";

describe.each(databaseKinds())("the PDF copy asked for again on %s", (kind) => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pdf-copy-"));
    server = await startTestServer(kind, { dataDir, workJobs: false });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function submitted(): Promise<{ client: Client; userId: number }> {
    const client = await loggedInApplicant(server);
    expect((await client.put("/api/answer", completeApplication())).statusCode).toBe(200);
    await client.post("/api/validations");
    expect((await client.post("/api/submit")).statusCode).toBe(200);
    const [row] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [json(await client.get("/api/profile")).username]);
    return { client, userId: row!.id };
  }

  it("makes a finished copy once: asked again every ten minutes, it answers the same file and starts nothing", async () => {
    const { client, userId } = await submitted();
    expect(json(await client.get("/api/pdf"))).toEqual({ status: "UNPROCESSED", url: null, message: null });
    const started = await pdfCopyOf(server.db, userId);
    expect(json(await client.get("/api/pdf")).status, "asked again a second later: the same copy on its way").toBe("UNPROCESSED");
    expect(await pdfCopyOf(server.db, userId)).toEqual(started);

    // The job ends as makePdfCopy ends it.
    const madeFrom = await claimPdfCopy(server.db, userId, server.clock.now);
    const pdfKey = storageKey("pdf", ".pdf");
    await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 the copy"), "application/pdf");
    expect(await finishPdfCopy(server.db, userId, madeFrom!, { status: "COMPLETED", pdfKey, message: null }, server.clock.now)).toBe(true);
    const finished = await pdfCopyOf(server.db, userId);

    for (let ask = 0; ask < 3; ask++) {
      server.advance(600_000);
      const copy = json(await client.get("/api/pdf"));
      expect(copy.status).toBe("COMPLETED");
      expect(copy.url).toMatch(/^http:\/\/localhost:8080\/files\//);
      expect(await pdfCopyOf(server.db, userId), "not started again").toEqual(finished);
    }
    expect(await server.ctx.storage.read(pdfKey)).toEqual(Buffer.from("%PDF-1.7 the copy"));
  });
});
