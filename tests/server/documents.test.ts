// Documents on each database, against the local store: the upload form, the upload itself, the
// conversion job (pg-boss on PGlite and on PostgreSQL), the stored document listed and deleted,
// the refusals; and service tokens: one application, read-only, for five minutes.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueServiceToken, SERVICE_TOKEN_MS } from "../../src/server/auth/service-tokens";
import { convertDocument } from "../../src/server/convert/documents";
import { messages, type ErrorCode } from "../../src/api-contract/messages";
import { openPglite, openPostgres } from "../../src/server/db/database";
import { Client, completeApplication, conversionOf, databaseKinds, freshPostgresUrl, json, loggedInApplicant, postUploadForm, startTestServer, type TestServer } from "./harness";

/** A real one-page PDF with `text` on it. */
async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A PDF whose one page fills itself 100,000 times: a few kilobytes that take poppler minutes to draw. */
async function slowPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.flateStream("0 0 612 792 re f\n".repeat(100_000))));
  return Buffer.from(await pdf.save());
}

describe.each(databaseKinds())("documents on %s", (kind) => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "documents-"));
    server = await startTestServer(kind, { dataDir, workJobs: true });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const storedFiles = () => readdirSync(join(dataDir, "files/documents"));

  /** Asks for the upload form and posts `bytes` with it, as the browser does; answers the storage key. */
  async function upload(client: Client, answerKey: string, bytes: Buffer): Promise<string> {
    const presigned = await client.post("/api/presigned-url", { answer_key: answerKey });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const { url, fields } = presigned.json() as { url: string; fields: Record<string, string> };
    expect(new URL(url).pathname).toBe("/upload");
    const response = await postUploadForm(server, fields, bytes);
    expect(response.statusCode, response.body).toBe(204);
    return fields.key!;
  }

  it("uploads a resume, converts it to PDF, lists it, and deletes it with its files", async () => {
    const client = await loggedInApplicant(server);
    const resume = await pdfWith("Ada Lovelace, analyst");
    const key = await upload(client, "resume_pdf", resume);
    expect(key).toMatch(/^documents\/[0-9a-f]{32}$/);
    expect(json(await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" }))).toEqual({ status: "UNPROCESSED", message: null });
    expect(await conversionOf(client, "resume_pdf")).toEqual({ status: "COMPLETED", message: null });
    const size = resume.length;
    expect(json(await client.get("/api/document-answer"))).toEqual({ resume_pdf: { file_name: "resume.pdf", file_size: size } });
    expect(json(await client.get("/api/profile")).document_answer).toEqual({ resume_pdf: { file_name: "resume.pdf", file_size: size } });

    await client.put("/api/answer", { resume_pdf: "ANSWERED" });
    const before = storedFiles().length;
    expect(json(await client.delete("/api/document-answer/resume_pdf"))).toEqual({ message: messages.documentDeleted });
    expect(json(await client.delete("/api/pdf/document-answer/resume_pdf"))).toEqual({ message: messages.documentDeleted });
    expect(json(await client.get("/api/pdf/document-answer/resume_pdf"))).toEqual({ status: "NOT_ANSWERED", message: null });
    expect(json(await client.get("/api/document-answer"))).toEqual({});
    expect(json(await client.get("/api/profile")).answer, "the answer is cleared").toEqual({});
    expect(storedFiles().length, "the upload, its PDF and the PDF's thumbnail are removed").toBe(before - 3);
  });

  describe("the first page's thumbnail", () => {
    /** A PNG's signature and the width and height its header gives. */
    const pngSize = (png: Buffer) => ({ signature: png.subarray(0, 8).toString("hex"), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
    const PNG_SIGNATURE = "89504e470d0a1a0a";

    it("is a PNG of page 1, 200 pixels on its longer side, for the owner only, not kept by the browser, and goes with the document", async () => {
      const client = await loggedInApplicant(server);
      const other = await loggedInApplicant(server);
      // Page 1 landscape, page 2 portrait: the picture's shape tells which page it shows.
      const pdf = await PDFDocument.create();
      pdf.addPage([792, 612]).drawText("First page", { x: 72, y: 500, size: 40, font: await pdf.embedFont(StandardFonts.Helvetica) });
      pdf.addPage([612, 792]);
      const key = await upload(client, "resume_pdf", Buffer.from(await pdf.save()));
      await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" });
      expect(await conversionOf(client, "resume_pdf")).toEqual({ status: "COMPLETED", message: null });

      const thumbnail = await client.get("/api/document-answer/resume_pdf/thumbnail?of=1234%3Aresume.pdf");
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers["content-type"]).toBe("image/png");
      expect(thumbnail.headers["cache-control"]).toBe("no-store");
      expect(pngSize(thumbnail.rawPayload)).toEqual({ signature: PNG_SIGNATURE, width: 200, height: 155 });

      for (const [who, url] of [[other, "/api/document-answer/resume_pdf/thumbnail"], [client, "/api/document-answer/personal_statement_doc/thumbnail"]] as const) {
        const refused = await who.get(url);
        expect([refused.statusCode, refused.json()], url).toEqual([404, { message: messages.noThumbnail, code: "noThumbnail" }]);
      }
      const notADocument = await client.get("/api/document-answer/first_name/thumbnail");
      expect([notADocument.statusCode, notADocument.json()]).toEqual([400, { message: messages.notADocumentQuestion("first_name"), code: "notADocumentQuestion" }]);
      expect((await new Client(server).get("/api/document-answer/resume_pdf/thumbnail")).statusCode, "a visitor").toBe(401);

      const pictures = () => storedFiles().filter((name) => name.endsWith(".png"));
      const before = pictures().length;
      await client.delete("/api/document-answer/resume_pdf");
      expect(pictures().length, "the thumbnail is removed with the document").toBe(before - 1);
      expect((await client.get("/api/document-answer/resume_pdf/thumbnail")).statusCode).toBe(404);
    });
  });

  it("counts a document question answered only once its document is stored, whatever the answer says", async () => {
    const client = await loggedInApplicant(server);
    await client.put("/api/answer", { ...completeApplication(), personal_statement_essay: "" });
    expect((await client.put("/api/tabs", { tab_id: "personal_statement", chosen_tab: "upload" })).statusCode).toBe(200);
    await client.put("/api/answer", { personal_statement_doc: "ANSWERED" });
    const missing = { personal_statement_doc: ["We'd love to learn more about you than the basic facts on this application."] };
    expect(json(await client.post("/api/validations")), "the answer alone").toEqual(missing);
    expect((await client.post("/api/submit")).statusCode).toBe(422);

    const key = await upload(client, "personal_statement_doc", await pdfWith("Why I want to study here"));
    await client.post("/api/pdf/document-answer/personal_statement_doc", { file_key: key, file_name: "statement.pdf" });
    expect(await conversionOf(client, "personal_statement_doc")).toEqual({ status: "COMPLETED", message: null });
    expect(json(await client.post("/api/validations")), "the document stored").toEqual({});
  });

  it("fails a file that is not what it claims, with a message for the applicant", async () => {
    const client = await loggedInApplicant(server);
    const key = await upload(client, "resume_pdf", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200, 1)]));
    await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" });
    const state = await conversionOf(client, "resume_pdf");
    expect(state.status).toBe("FAILED");
    expect(state.message).toMatch(/PNG, JPEG, PDF or Word/);
    expect(json(await client.get("/api/document-answer")), "a failed document is not stored").toEqual({});
  });

  it("refuses a question that takes no document, a long name, and another applicant's or a used upload", async () => {
    const client = await loggedInApplicant(server);
    const other = await loggedInApplicant(server);
    const refused = async (response: Promise<{ statusCode: number; json(): unknown }>, status: number, code: ErrorCode, message: string = messages[code] as string) => {
      const r = await response;
      expect(r.statusCode).toBe(status);
      expect(r.json()).toEqual({ message, code });
    };
    await refused(client.post("/api/presigned-url", { answer_key: "first_name" }), 400, "notADocumentQuestion", messages.notADocumentQuestion("first_name"));
    const key = await upload(client, "resume_pdf", await pdfWith("mine"));
    await refused(client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "a-very-long-file-name-for-a-resume.pdf" }), 400, "fileNameTooLong");
    await refused(other.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" }), 400, "uploadKeyUnknown");
    await refused(client.post("/api/pdf/document-answer/personal_statement_doc", { file_key: key, file_name: "resume.pdf" }), 400, "uploadKeyUnknown");
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" })).statusCode).toBe(200);
    await refused(client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" }), 400, "uploadKeyUnknown");
    const unsent = (json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })).fields as Record<string, string>).key!;
    await refused(client.post("/api/pdf/document-answer/resume_pdf", { file_key: unsent, file_name: "resume.pdf" }), 400, "uploadMissing");
    expect((await new Client(server).post("/api/presigned-url", { answer_key: "resume_pdf" })).statusCode, "visitors upload nothing").toBe(401);
  });

  describe("service tokens", () => {
    it("read exactly one application, read-only, for five minutes", async () => {
      const ada = await loggedInApplicant(server);
      const grace = await loggedInApplicant(server);
      await ada.put("/api/answer", { first_name: "Ada" });
      await grace.put("/api/answer", { first_name: "Grace" });
      const adaId = json(await ada.get("/api/profile")).username;
      const [row] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [adaId]);
      const token = await issueServiceToken(server.db, server.ctx.hash, row!.id, server.clock.now);
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url

      const printer = new Client(server);
      const view = await printer.get(`/service/tmp-pdf?service_token=${token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({ answer: { first_name: "Ada" }, add_another: {}, document_answer: {}, tabs: {}, version: server.ctx.version.hash });

      for (const [method, url] of [["PUT", "/api/answer"], ["GET", "/api/profile"], ["POST", "/api/submit"]] as const) {
        const response = await printer.call(method, `${url}?service_token=${token}`, method === "GET" ? undefined : { first_name: "Mallory" });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ message: messages.serviceTokenReadOnly, code: "serviceTokenReadOnly" });
      }
      expect(json(await ada.get("/api/profile")).answer, "nothing written").toEqual({ first_name: "Ada" });

      server.advance(SERVICE_TOKEN_MS);
      const late = await printer.get(`/service/tmp-pdf?service_token=${token}`);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ message: messages.serviceTokenInvalid, code: "serviceTokenInvalid" });
      expect((await printer.get("/service/tmp-pdf?service_token=not-a-token")).statusCode).toBe(403);
      expect((await printer.get("/service/tmp-pdf")).statusCode).toBe(400);
    });
  });
});

describe("a conversion queued before a restart", () => {
  it.each(databaseKinds())("is worked by the next server on %s, from the job kept in the database", async (kind) => {
    const dataDir = mkdtempSync(join(tmpdir(), "documents-restart-"));
    const databaseUrl = kind === "postgres" ? await freshPostgresUrl() : undefined;
    const open = () => (databaseUrl ? openPostgres(databaseUrl, 5) : openPglite(join(dataDir, "pglite")));
    try {
      // The first server queues the job but works none (as a web process beside separate workers).
      const first = await startTestServer(kind, { dataDir, workJobs: false }, await open());
      const client = await loggedInApplicant(first);
      const presigned = json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> };
      await first.ctx.storage.write(presigned.fields.key!, await pdfWith("Queued before the restart"), "application/pdf");
      await client.post("/api/pdf/document-answer/resume_pdf", { file_key: presigned.fields.key, file_name: "resume.pdf" });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(json(await client.get("/api/pdf/document-answer/resume_pdf")).status, "nobody works it yet").toBe("UNPROCESSED");
      await first.app.close();

      const second = await startTestServer(kind, { dataDir, workJobs: true }, await open());
      try {
        const deadline = Date.now() + 30_000;
        let status = "UNPROCESSED";
        while (status === "UNPROCESSED" || status === "IN_PROGRESS") {
          if (Date.now() > deadline) throw new Error(`still ${status}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          status = (await second.db.query<{ status: string }>("SELECT status FROM document_answers"))[0]!.status;
        }
        expect(status).toBe("COMPLETED");
      } finally {
        await second.app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two servers on a PGlite folder of their own, each migrating it, and a conversion.
  }, 120_000);
});

describe.each(databaseKinds())("limits on uploads on %s", (kind) => {
  let server: TestServer;
  let dataDir: string;
  // Nobody works the jobs here: a conversion started stays in flight.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "documents-limits-"));
    server = await startTestServer(kind, { dataDir, workJobs: false });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const formFor = async (client: Client, answerKey = "resume_pdf") => {
    const presigned = await client.post("/api/presigned-url", { answer_key: answerKey });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const { fields } = presigned.json() as { fields: Record<string, string> };
    await server.ctx.storage.write(fields.key!, await pdfWith("a resume"), "application/pdf");
    return fields.key!;
  };

  it("gives an applicant 10 upload forms a minute, then 429 with a message", async () => {
    const client = await loggedInApplicant(server);
    for (let i = 0; i < 10; i++) expect((await client.post("/api/presigned-url", { answer_key: "resume_pdf" })).statusCode).toBe(200);
    const refused = await client.post("/api/presigned-url", { answer_key: "resume_pdf" });
    expect([refused.statusCode, json(refused).message]).toEqual([429, messages.tooManyUploads]);
    expect((await (await loggedInApplicant(server)).post("/api/presigned-url", { answer_key: "resume_pdf" })).statusCode, "another applicant").toBe(200);
    server.advance(60_000);
    expect((await client.post("/api/presigned-url", { answer_key: "resume_pdf" })).statusCode).toBe(200);
  });

  it("starts at most 10 conversions an applicant a minute, then 429 with a message", async () => {
    const client = await loggedInApplicant(server);
    const keys: string[] = [];
    for (let i = 0; i < 10; i++) {
      keys.push(await formFor(client));
      if (i === 4) server.advance(60_000); // the upload forms' own limit
    }
    server.advance(60_000);
    const eleventh = await formFor(client);
    // Each start replaces the last document once its conversion has ended (here, by hand).
    const ended = () => server.db.query("UPDATE document_answers SET status = 'FAILED'");
    for (const key of keys) {
      expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" })).statusCode).toBe(200);
      await ended();
    }
    const refused = await client.post("/api/pdf/document-answer/resume_pdf", { file_key: eleventh, file_name: "resume.pdf" });
    expect([refused.statusCode, json(refused).message]).toEqual([429, messages.tooManyConversions]);
    server.advance(60_000);
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: eleventh, file_name: "resume.pdf" })).statusCode).toBe(200);
  });

  it("converts one file per question at a time: of two started at once one goes, and none while it runs", async () => {
    const client = await loggedInApplicant(server);
    const [first, second, third] = [await formFor(client), await formFor(client), await formFor(client)];
    const started = await Promise.all([first, second].map((key) => client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" })));
    expect(started.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(started.find((r) => r.statusCode === 409)!).message).toBe(messages.conversionInFlight);
    const later = await client.post("/api/pdf/document-answer/resume_pdf", { file_key: third, file_name: "resume.pdf" });
    expect([later.statusCode, json(later).message]).toEqual([409, messages.conversionInFlight]);
    const refusedKey = started[0]!.statusCode === 409 ? first : second;
    expect(await server.db.query("SELECT 1 FROM upload_keys WHERE storage_key = ANY($1)", [[refusedKey, third]]), "a refused start keeps its upload form").toHaveLength(2);
    // Another question converts meanwhile.
    const statement = await formFor(client, "personal_statement_doc");
    expect((await client.post("/api/pdf/document-answer/personal_statement_doc", { file_key: statement, file_name: "statement.pdf" })).statusCode).toBe(200);
  });

  it("stores a document whose first page cannot be drawn in time without a thumbnail, and the server keeps answering", async () => {
    const client = await loggedInApplicant(server);
    const presigned = json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> };
    const key = presigned.fields.key!;
    await server.ctx.storage.write(key, await slowPdf(), "application/pdf");
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" })).statusCode).toBe(200);
    const [row] = await server.db.query<{ user_id: number }>("SELECT user_id FROM document_answers WHERE upload_key = $1", [key]);
    // The job, worked now with a short time limit for drawing.
    const started = Date.now();
    const converting = convertDocument(server.db, server.ctx.storage, { userId: row!.user_id, answerKey: "resume_pdf", uploadKey: key }, () => server.clock.now,
      server.ctx.form.form.institution.uploads, { timeoutMs: 300 });
    expect((await client.get("/health")).statusCode, "answers while it converts and draws").toBe(200);
    await converting;
    expect(Date.now() - started, "drawing was stopped at its limit; poppler alone takes minutes").toBeLessThan(10_000);
    expect(json(await client.get("/api/pdf/document-answer/resume_pdf"))).toEqual({ status: "COMPLETED", message: null });
    expect(json(await client.get("/api/document-answer")).resume_pdf).toMatchObject({ file_name: "resume.pdf" });
    const thumbnail = await client.get("/api/document-answer/resume_pdf/thumbnail");
    expect([thumbnail.statusCode, thumbnail.json()]).toEqual([404, { message: messages.noThumbnail, code: "noThumbnail" }]);
  });

  it("changes nothing of a submitted application when a conversion ends after the submit", async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put("/api/answer", completeApplication())).statusCode).toBe(200);
    const key = await formFor(client);
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: key, file_name: "resume.pdf" })).statusCode).toBe(200);
    await client.post("/api/validations");
    expect((await client.post("/api/submit")).statusCode).toBe(200);
    const before = await server.db.query("SELECT d.*, a.answers, a.revision FROM document_answers d JOIN applications a USING (user_id) WHERE d.upload_key = $1", [key]);
    const userId = (before[0] as { user_id: number }).user_id;
    // The job, worked now (after the submit).
    await convertDocument(server.db, server.ctx.storage, { userId, answerKey: "resume_pdf", uploadKey: key }, () => server.clock.now, server.ctx.form.form.institution.uploads);
    expect(await server.db.query("SELECT d.*, a.answers, a.revision FROM document_answers d JOIN applications a USING (user_id) WHERE d.upload_key = $1", [key])).toEqual(before);
    expect(json(await client.get("/api/document-answer"))).toEqual({});
  });
});
