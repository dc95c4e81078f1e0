import { mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueServiceToken } from "../../src/server/auth/service-tokens";
import { png } from "../support/files";
import { UPLOAD_KEY_MS } from "../../src/server/routes/documents";
import { sweepExpired, UNREFERENCED_MS } from "../../src/server/jobs/sweep";
import { Client, loggedInApplicant, loggedInStaff, newAddress, postUploadForm, startTestServer, type TestServer } from "./harness";

describe("sweeping expired rows", () => {
  let server: TestServer;
  let dataDir: string;
  // A store of its own: the sweep removes any old object its database does not name.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "sweep-"));
    server = await startTestServer("pglite", { dataDir });
  });
  afterAll(async () => {
    await server.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  it("removes ended sessions, old limits, dead codes, resets, saved answers, upload forms and service tokens, and keeps live ones", async () => {
    const old = await loggedInApplicant(server);
    await new Client(server).post("/public/signup", { username: newAddress(), password: "Quiet-Lantern-82" });
    await new Client(server).post("/public/forgot-password", { username: newAddress() });
    await new Client(server).post("/public/tmp", { first_name: "Ana" });
    await old.post("/api/presigned-url", { answer_key: "resume_pdf" });
    await issueServiceToken(server.db, server.ctx.hash, (await server.db.query<{ id: number }>("SELECT min(id) AS id FROM users"))[0]!.id, server.clock.now);
    server.advance(31 * 24 * 60 * 60_000);
    const currentAddress = newAddress();
    const current = await loggedInApplicant(server, currentAddress);
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await count("sessions")).toBe(1);
    expect(await count("temporary_answers")).toBe(0);
    expect(await count("signup_attempts")).toBe(0);
    expect(await count("upload_keys")).toBe(0);
    expect(await count("service_tokens")).toBe(0);
    const limits = await server.db.query<{ key: string }>("SELECT key FROM throttles ORDER BY key");
    expect(limits.map((l) => l.key.replace(/^signup:.*/, "signup"))).toEqual([`mail:${currentAddress}`, "signup"]);
    expect((await old.get("/api/profile")).statusCode).toBe(401);
    expect((await current.get("/api/profile")).statusCode).toBe(200);
  });

  it("removes a file uploaded with a form whose conversion was never asked for, and keeps the one being converted", async () => {
    const client = await loggedInApplicant(server);
    const upload = async () => {
      const { fields } = (await client.post("/api/presigned-url", { answer_key: "resume_pdf" })).json() as { fields: Record<string, string> };
      expect((await postUploadForm(server, fields, png(20, 20, () => [0, 90, 200]))).statusCode).toBe(204);
      return fields.key!;
    };
    const left = await upload();
    const used = await upload();
    expect((await client.post("/api/pdf/document-answer/resume_pdf", { file_key: used, file_name: "resume.png" })).statusCode).toBe(200);
    const stored = async (key: string) => (await server.ctx.storage.read(key)) !== null;
    expect([await stored(left), await stored(used)]).toEqual([true, true]);

    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await stored(left)).toBe(true);
    server.advance(UPLOAD_KEY_MS);
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect([await stored(left), await stored(used)]).toEqual([false, true]);
    expect(await count("upload_keys")).toBe(0);
    expect(await server.db.query("SELECT answer_key, upload_key FROM document_answers")).toEqual([{ answer_key: "resume_pdf", upload_key: used }]);
  });

  it("removes, a day after, documents no answer gives and files no row names, and keeps what an answer needs", async () => {
    const client = await loggedInApplicant(server);
    const [user] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1");
    const [answeredKey, droppedKey] = ["resume_pdf", "personal_statement_doc"];
    const file = async (key: string) => {
      await server.ctx.storage.write(key, Buffer.from("%PDF-1.4\n"), "application/pdf");
      return key;
    };
    const row = async (answerKey: string, uploadKey: string, pdfKey: string) => server.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, pdf_key, status, updated_at) VALUES ($1, $2, 'a.pdf', $3, $4, 'COMPLETED', $5)`,
      [user!.id, answerKey, uploadKey, pdfKey, server.clock.now]);
    // Each PDF with its first page's thumbnail beside it, which no row names.
    const kept = [await file("documents/aaaa0001"), await file("documents/aaaa0001.pdf"), await file("documents/aaaa0001.png")];
    const dropped = [await file("documents/bbbb0002"), await file("documents/bbbb0002.pdf"), await file("documents/bbbb0002.png")];
    await row(answeredKey!, kept[0]!, kept[1]!);
    await row(droppedKey!, dropped[0]!, dropped[1]!);
    expect((await client.put("/api/answer", { resume: "Y", [answeredKey!]: "ANSWERED" })).statusCode).toBe(200);
    const stray = await file("pdf/cccc0003.pdf");
    const strayThumbnail = await file("documents/eeee0005.png");
    const fresh = await file("pdf/dddd0004.pdf");

    server.advance(UNREFERENCED_MS + 60_000);
    // The files' own times, as the clock the test moves sees them: all old but the fresh stray.
    const at = (ms: number) => new Date(server.clock.now.getTime() - ms);
    for (const key of [...kept, ...dropped, stray, strayThumbnail]) await utimes(join(dataDir, "files", key), at(UNREFERENCED_MS + 1000), at(UNREFERENCED_MS + 1000));
    await utimes(join(dataDir, "files", fresh), at(60_000), at(60_000));

    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    const stored = async (key: string) => (await server.ctx.storage.read(key)) !== null;
    expect(await Promise.all(kept.map(stored)), "an answered document's files").toEqual([true, true, true]);
    expect(await Promise.all(dropped.map(stored)), "a document no answer gives").toEqual([false, false, false]);
    expect([await stored(stray), await stored(fresh)], "a file no row names, old and fresh").toEqual([false, true]);
    expect(await stored(strayThumbnail), "a thumbnail beside no PDF a row names").toBe(false);
    expect(await server.db.query("SELECT answer_key FROM document_answers WHERE user_id = $1", [user!.id])).toEqual([{ answer_key: answeredKey }]);
  });

  it("removes ended staff sessions and expired staff invitations, and keeps live ones", async () => {
    const earlier = await loggedInStaff(server, "admin");
    await earlier.post("/staff/api/staff", { email: newAddress("expired"), role: "reader" });
    server.advance(24 * 60 * 60_000 + 1);
    const now = await loggedInStaff(server, "admin");
    await now.post("/staff/api/staff", { email: newAddress("invited"), role: "reader" });
    await sweepExpired(server.db, server.ctx.storage, server.clock.now);
    expect(await count("staff_sessions")).toBe(1);
    expect(await count("staff_invitations")).toBe(1);
  });
});
