// The admissions office's applications on each database: the list (search with typos, filters,
// sorts, keyset pages), one application with its timeline and notes, neighbours, downloads, and
// the review. Applicants come through the real API; the 120 of the paging tests are written
// directly, with the sort values the tests need (ties, NULLs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionsOf } from "../support/definitions";
import type { Answers } from "../../src/engine/runtime";
import { pdfCopyOf, finishPdfCopy } from "../../src/server/data/pdf-copies";
import { storageKey } from "../../src/server/convert/documents";
import { messages } from "../../src/api-contract/messages";
import { allPages, Client, completeApplication, databaseKinds, json, loggedInApplicant, loggedInStaff, startTestServer, type TestServer } from "./harness";

const complete = completeApplication();
/** The cycle's term (complete applications apply for it), and the next. */
const TERM = complete.entry_term as string;
const LATER_TERM = optionsOf("entry_term")[1]!.value;

interface Row {
  id: number; reference: string | null; name: string; email: string; status: string; entry_term: string | null; submitted_at: string | null; last_activity: string; review_status: string | null;
  decision: unknown;
}
interface Page { rows: Row[]; next: string | null; total: number }

/** The 120 rows of the paging tests: their own term, so no other test's applicants are in their lists. */
const BULK_TERM = "PG01";
const BULK = 120;

describe.each(databaseKinds())("the office's applications (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let john: { client: Client; id: number; email: string };
  let maria: { client: Client; id: number; email: string };
  let bulk: { id: number; name: string; submitted_at: string | null; last_activity: string }[];

  const staff = (role: "reader" | "reviewer" | "admin") => loggedInStaff(server, role);
  const page = async (client: Client, query: string) => {
    const r = await client.get(`/staff/api/applications?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Page;
  };
  /** Every row of a list, following `next`. */
  const allRows = (client: Client, query: string) =>
    allPages(async (after) => {
      const got = await page(client, `${query}${after ? `&after=${after}` : ""}`);
      expect(got.rows.length).toBeLessThanOrEqual(50);
      return { items: got.rows, next: got.next };
    });
  const idOf = async (email: string) => (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [email]))[0]!.id;

  /** Signs up an applicant who saves `answers` in two saves (the second the same day), and submits when asked. */
  async function applicant(email: string, answers: Answers, { submit }: { submit: boolean }) {
    const client = await loggedInApplicant(server, email);
    const { first_name, ...rest } = answers;
    expect((await client.put("/api/answer", { first_name })).statusCode).toBe(200);
    expect((await client.put("/api/answer", rest)).statusCode).toBe(200);
    if (submit) expect((await client.post("/api/submit")).statusCode).toBe(200);
    return { client, id: await idOf(email), email };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "office-"));
    server = await startTestServer(kind, { dataDir });
    john = await applicant("john.smith@example.com", { ...complete, first_name: "John", last_name: "Smith", citizenship_us: "Y" }, { submit: true });
    // A reference of its own, far from the counter the other submits draw from.
    await server.db.query("UPDATE applications SET reference = 'WU-FA26-000123' WHERE user_id = $1", [john.id]);
    maria = await applicant("maria.garcia@example.com", { first_name: "Maria", last_name: "Garcia", entry_term: LATER_TERM }, { submit: false });

    // Ten names, twelve of each (ties for the name sort); a third submitted, some at the same moment, the rest NULL.
    bulk = [];
    for (let i = 0; i < BULK; i++) {
      const name = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"][i % 10]!;
      // The first or the last second of an October day in the office's time zone (New York, UTC-4 then).
      const submittedAt = i % 3 === 0 ? new Date(i % 2 ? Date.UTC(2026, 9, 2 + (i % 7), 3, 59, 59) : Date.UTC(2026, 9, 1 + (i % 7), 4, 0, 0)).toISOString() : null;
      const lastActivity = new Date(Date.UTC(2026, 10, 1, 0, i % 40)).toISOString();
      const [user] = await server.db.query<{ id: number }>(
        "INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', $2) RETURNING id", [`bulk${i}@example.org`, lastActivity]);
      await server.db.query(
        "INSERT INTO applications (user_id, answers, updated_at, submitted_at, review_status) VALUES ($1, $2::jsonb, $3, $4, $5)",
        [user!.id, JSON.stringify({ first_name: name, last_name: "Bulk", entry_term: BULK_TERM, citizenship_us: i % 2 ? "Y" : "N" }), lastActivity, submittedAt,
          submittedAt ? "in review" : null],
      );
      bulk.push({ id: user!.id, name: `${name} Bulk`, submitted_at: submittedAt, last_activity: lastActivity });
    }
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("the list", () => {
    it("has a row for each application, with its columns", async () => {
      const reader = await staff("reader");
      const { rows, total } = await page(reader, "q=john.smith@example.com");
      expect(total).toBe(1);
      expect(rows).toEqual([{
        id: john.id, reference: "WU-FA26-000123", name: "John Smith", email: "john.smith@example.com", status: "submitted", entry_term: TERM,
        submitted_at: server.clock.now.toISOString(), last_activity: server.clock.now.toISOString(), review_status: "received", decision: null,
      }]);
      expect((await page(reader, "q=maria.garcia@example.com")).rows[0]).toMatchObject({
        id: maria.id, reference: null, name: "Maria Garcia", status: "started", entry_term: LATER_TERM, submitted_at: null, review_status: null,
      });
      expect((await page(reader, "")).total).toBe(BULK + 2);
    });

    it("finds a misspelled name, best match first", async () => {
      const reader = await staff("reader");
      for (const q of ["Jonh Smith", "John Smiht", "Jonh Smiht", "smith", "JOHN"]) {
        expect((await page(reader, `q=${encodeURIComponent(q)}`)).rows[0]?.id, q).toBe(john.id);
      }
      expect((await page(reader, "q=Garcai")).rows.map((r) => r.id)).toEqual([maria.id]);
      expect((await page(reader, "q=Zebediah")).rows).toEqual([]);
    });

    it("finds an e-mail address, whole or in part, and a reference", async () => {
      const reader = await staff("reader");
      expect((await page(reader, "q=maria.garcia")).rows[0]?.id).toBe(maria.id);
      expect((await page(reader, "q=MARIA.GARCIA%40EXAMPLE.COM")).rows.map((r) => r.id)).toEqual([maria.id]);
      expect((await page(reader, "q=WU-FA26-000123")).rows[0]?.id).toBe(john.id);
      expect((await page(reader, "q=wu-fa26-000123")).rows[0]?.id).toBe(john.id);
    });

    it("filters by status, term, review status, citizenship and submitted days", async () => {
      const reader = await staff("reader");
      const ids = async (query: string) => (await allRows(reader, query)).map((r) => r.id).sort((a, b) => a - b);
      const bulkIds = (keep: (i: number) => boolean) => bulk.filter((_, i) => keep(i)).map((b) => b.id).sort((a, b) => a - b);
      expect(await ids(`status=started&term=${LATER_TERM}`)).toEqual([maria.id]);
      expect(await ids(`status=submitted&term=${TERM}`)).toEqual([john.id]);
      expect(await ids(`term=${TERM}&review=received`)).toEqual([john.id]);
      expect(await ids(`term=${BULK_TERM}&review=none`)).toEqual(bulkIds((i) => i % 3 !== 0));
      expect(await ids(`term=${BULK_TERM}&review=in%20review&status=submitted`)).toEqual(bulkIds((i) => i % 3 === 0));
      expect(await ids(`term=${BULK_TERM}&citizenship=Y`)).toEqual(bulkIds((i) => i % 2 === 1));
      // Whole days of the office's time zone: 2026-10-03 00:00:00 to 2026-10-04 23:59:59 in New York are in, a second either side is not.
      expect(await ids(`term=${BULK_TERM}&submitted_from=2026-10-03&submitted_to=2026-10-04`)).toEqual(bulkIds((i) => i % 3 === 0 && [2, 3].includes(i % 7)));
      expect((await page(reader, `term=${BULK_TERM}&submitted_from=2026-10-03&submitted_to=2026-10-04`)).total).toBe(bulkIds((i) => i % 3 === 0 && [2, 3].includes(i % 7)).length);
      const refused = await reader.get("/staff/api/applications?submitted_from=2026-13-01");
      expect([refused.statusCode, json(refused).message]).toEqual([400, "submitted_from is not in the expected form."]);
    });

    /** The bulk rows as the list should order them: NULLs last either way, ties by id in the sort's direction. */
    const expected = (key: "submitted_at" | "name" | "last_activity", descending: boolean) => [...bulk].sort((a, b) => {
      const [x, y] = [a[key], b[key]];
      if (x === null || y === null) return x === y ? (descending ? b.id - a.id : a.id - b.id) : x === null ? 1 : -1;
      const order = x < y ? -1 : x > y ? 1 : (a.id - b.id);
      return descending ? -order : order;
    }).map((b) => b.id);

    it("pages through 120 applications by keyset, every row once and in order, whatever the sort", async () => {
      const reader = await staff("reader");
      for (const [sort, key, descending] of [
        ["submitted_at", "submitted_at", false], ["-submitted_at", "submitted_at", true], ["name", "name", false], ["-name", "name", true],
        ["-last_activity", "last_activity", true],
      ] as const) {
        const first = await page(reader, `term=${BULK_TERM}&sort=${sort}`);
        expect([first.rows.length, first.total], sort).toEqual([50, BULK]);
        expect((await allRows(reader, `term=${BULK_TERM}&sort=${sort}`)).map((r) => r.id), sort).toEqual(expected(key, descending));
      }
    });

    it("refuses a day PostgreSQL cannot hold in any date filter, naming the parameter", async () => {
      const reader = await staff("reader");
      for (const parameter of ["submitted_from", "submitted_to", "started_from", "started_to"]) {
        for (const day of ["0000-01-01", "0999-12-31", "10000-01-01"]) {
          const r = await reader.get(`/staff/api/applications?${parameter}=${day}`);
          expect([r.statusCode, json(r).message], `${parameter}=${day}`).toEqual([400, `${parameter} is not in the expected form.`]);
        }
      }
      expect((await reader.get("/staff/api/applications?submitted_from=1000-01-01&submitted_to=9999-12-31")).statusCode).toBe(200);
      const admin = await staff("admin");
      for (const query of ["from=0000-01-01", "to=0000-01-01", "before=1e20", "before=99999999999999999999", "before=Infinity", "application=Infinity", "application=-Infinity"]) {
        const r = await admin.get(`/staff/api/audit?${query}`);
        expect(r.statusCode, query).toBe(400);
        expect(json(r).message, query).toMatch(new RegExp(`^${query.split("=")[0]} `));
      }
    });

    it("records who looked at which page of the list, with its filter", async () => {
      const reader = await staff("reader");
      await page(reader, `term=${BULK_TERM}&sort=name`);
      const [row] = await server.db.query<{ actor: string; detail: unknown }>("SELECT actor, detail FROM audit_log WHERE action = 'view list' ORDER BY id DESC LIMIT 1");
      expect(row).toEqual({ actor: reader.email, detail: { filter: `term=${BULK_TERM}&sort=name`, rows: 50 } });
    });

    it("refuses a tampered cursor, and one of another order, with a message", async () => {
      const reader = await staff("reader");
      const { next } = await page(reader, `term=${BULK_TERM}&sort=submitted_at`);
      const cursor = JSON.parse(Buffer.from(next!, "base64url").toString()) as unknown[];
      const tampered = [
        "not-a-cursor", Buffer.from("{}").toString("base64url"),
        Buffer.from(JSON.stringify([cursor[0], "2026-02-30T00:00:00+00:00", 1])).toString("base64url"),
        Buffer.from(JSON.stringify([cursor[0], "yesterday", 1])).toString("base64url"),
        Buffer.from(JSON.stringify([cursor[0], cursor[1], "1; DROP TABLE users"])).toString("base64url"),
        // Values PostgreSQL refuses with an error of its own (a 500 once): an offset past 15:59, year 0.
        Buffer.from(JSON.stringify([cursor[0], "2026-11-22T12:00:00.123456+99:99", 1])).toString("base64url"),
        Buffer.from(JSON.stringify([cursor[0], "0000-01-01T00:00:00+00:00", 1])).toString("base64url"),
      ];
      for (const after of tampered) {
        const r = await reader.get(`/staff/api/applications?term=${BULK_TERM}&sort=submitted_at&after=${after}`);
        expect([r.statusCode, json(r).message], after).toEqual([400, messages.badCursor]);
      }
      const other = await reader.get(`/staff/api/applications?term=${BULK_TERM}&sort=name&after=${next}`);
      expect([other.statusCode, json(other).message]).toEqual([400, messages.cursorOfAnotherOrder]);
    });

    it("names the applications before and after one within the same filter and sort", async () => {
      const reader = await staff("reader");
      const order = expected("submitted_at", true);
      for (const at of [0, 37, 40, 79, BULK - 1]) {
        const r = await reader.get(`/staff/api/applications/${order[at]}/neighbours?term=${BULK_TERM}&sort=-submitted_at`);
        expect(json(r)).toEqual({ previous: order[at - 1] ?? null, next: order[at + 1] ?? null });
      }
      expect(json(await reader.get(`/staff/api/applications/${john.id}/neighbours?q=Jonh%20Smiht`))).toMatchObject({ previous: null });
      const missing = await reader.get("/staff/api/applications/2147483647/neighbours");
      expect([missing.statusCode, json(missing).message]).toEqual([404, messages.applicationNotFound]);
    });
  });

  describe("one application", () => {
    it("has the service view's answers, documents, a timeline and the notes, and records the view", async () => {
      const reviewer = await staff("reviewer");
      expect((await reviewer.put(`/staff/api/applications/${john.id}/review`, { review_status: "in review" })).statusCode).toBe(200);
      const noted = await reviewer.post(`/staff/api/applications/${john.id}/notes`, { body: "Transcript looks fine." });
      expect(noted.statusCode).toBe(201);
      expect(json(noted)).toEqual({ id: expect.any(Number), author: reviewer.email, body: "Transcript looks fine.", created_at: server.clock.now.toISOString() });

      const r = await reviewer.get(`/staff/api/applications/${john.id}`);
      expect(r.statusCode).toBe(200);
      const got = json(r);
      const profile = json(await john.client.get("/api/profile"));
      expect(got).toMatchObject({
        id: john.id, reference: "WU-FA26-000123", email: john.email, name: "John Smith", status: "submitted", entry_term: TERM,
        review_status: "in review", answer: profile.answer, add_another: {}, tabs: {}, document_answer: {}, documents: [],
        notes: [{ id: json(noted).id, author: reviewer.email, body: "Transcript looks fine.", created_at: server.clock.now.toISOString() }],
      });
      const now = server.clock.now.toISOString();
      expect(got.timeline).toEqual([
        { at: "2026-11-22T00:00:00.000Z", kind: "saves", count: 2 },
        { at: now, kind: "created" },
        { at: now, kind: "login" },
        { at: now, kind: "submitted" },
        { at: now, kind: "review status", status: "in review", by: reviewer.email },
        { at: now, kind: "note", by: reviewer.email },
      ]);
      const [audit] = await server.db.query<{ action: string; actor: string; address: string }>(
        "SELECT action, actor, address FROM audit_log WHERE application_id = $1 AND action = 'view application'", [john.id]);
      expect(audit).toMatchObject({ action: "view application", actor: reviewer.email });
      expect(audit!.address).toMatch(/^10\./);

      const missing = await reviewer.get("/staff/api/applications/2147483647");
      expect([missing.statusCode, json(missing).message]).toEqual([404, messages.applicationNotFound]);
    });

    it("gives a document as uploaded and as converted through links valid 5 minutes, and records each download", async () => {
      const reader = await staff("reader");
      const uploadKey = storageKey("documents", ".docx");
      const pdfKey = storageKey("documents", ".pdf");
      await server.ctx.storage.write(uploadKey, Buffer.from("the essay"), "application/octet-stream");
      await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 the essay"), "application/pdf");
      await server.db.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, file_size, pdf_key, status, updated_at)
         VALUES ($1, 'essay_upload', 'My essay.docx', $2, 18, $3, 'COMPLETED', $4), ($1, 'resume_upload', 'cv.pdf', $2, NULL, NULL, 'IN_PROGRESS', $4)`,
        [maria.id, uploadKey, pdfKey, server.clock.now]);

      expect(json(await reader.get(`/staff/api/applications/${maria.id}`)).documents).toEqual(expect.arrayContaining([
        { answer_key: "essay_upload", file_name: "My essay.docx", status: "COMPLETED", has_pdf: true },
        { answer_key: "resume_upload", file_name: "cv.pdf", status: "IN_PROGRESS", has_pdf: false },
      ]));
      for (const [version, body, fileName] of [["original", "the essay", "My essay.docx"], ["pdf", "%PDF-1.7 the essay", "essay_upload.pdf"]] as const) {
        const r = await reader.get(`/staff/api/applications/${maria.id}/documents/essay_upload?version=${version}`);
        expect(r.statusCode).toBe(303);
        const link = new URL(r.headers.location as string);
        expect(Number(link.searchParams.get("expires")) * 1000 - server.clock.now.getTime()).toBeLessThanOrEqual(300_000);
        const file = await server.app.inject({ url: link.pathname + link.search });
        expect([file.statusCode, file.body]).toEqual([200, body]);
        expect(file.headers["content-disposition"]).toContain(fileName.replace(" ", "%20"));
      }
      const details = await server.db.query<{ detail: unknown }>(
        "SELECT detail FROM audit_log WHERE application_id = $1 AND action = 'download document' ORDER BY id", [maria.id]);
      expect(details.map((d) => d.detail)).toEqual([{ answer_key: "essay_upload", version: "original" }, { answer_key: "essay_upload", version: "pdf" }]);

      for (const [url, message] of [
        [`/staff/api/applications/${maria.id}/documents/resume_upload?version=pdf`, messages.pdfNotFound("resume_upload")],
        [`/staff/api/applications/${maria.id}/documents/transcript_upload?version=original`, messages.documentNotFound("transcript_upload")],
        ["/staff/api/applications/2147483647/documents/essay_upload?version=original", messages.applicationNotFound],
      ]) {
        const r = await reader.get(url!);
        expect([r.statusCode, json(r).message]).toEqual([404, message]);
      }
    });

    it("starts the PDF copy, and gives it once made", async () => {
      const reader = await staff("reader");
      const url = `/staff/api/applications/${john.id}/pdf-copy`;
      expect(json(await reader.post(url))).toEqual({ status: "UNPROCESSED", url: null, message: null });
      const early = await reader.get(`${url}/download`);
      expect([early.statusCode, json(early).message]).toEqual([409, messages.pdfCopyNotReady]);

      // Jobs do not run in tests: the copy is made here as the job would make it.
      const pdfKey = storageKey("pdf", ".pdf");
      await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 the copy"), "application/pdf");
      const copy = await pdfCopyOf(server.db, john.id);
      await finishPdfCopy(server.db, john.id, copy!.madeFrom, { status: "COMPLETED", pdfKey, message: null }, server.clock.now);
      expect(json(await reader.post(url))).toEqual({ status: "COMPLETED", url: null, message: null });

      const r = await reader.get(`${url}/download`);
      expect(r.statusCode).toBe(303);
      const link = new URL(r.headers.location as string);
      const file = await server.app.inject({ url: link.pathname + link.search });
      expect([file.statusCode, file.body, file.headers["content-disposition"]]).toEqual([200, "%PDF-1.7 the copy", expect.stringContaining("WU-FA26-000123.pdf")]);
      expect(await server.db.query("SELECT 1 FROM audit_log WHERE application_id = $1 AND action = 'download pdf copy'", [john.id])).toHaveLength(1);
    });
  });

  describe("the review", () => {
    it("lets reviewers, not readers, change the review status and add notes", async () => {
      const reader = await staff("reader");
      for (const r of [
        await reader.put(`/staff/api/applications/${john.id}/review`, { review_status: "complete" }),
        await reader.post(`/staff/api/applications/${john.id}/notes`, { body: "Looks good" }),
      ]) expect([r.statusCode, json(r).message]).toEqual([403, messages.roleNeeded("reviewer")]);
    });

    it("changes the status of submitted applications only, and records from what to what", async () => {
      const reviewer = await staff("reviewer");
      const started = await reviewer.put(`/staff/api/applications/${maria.id}/review`, { review_status: "in review" });
      expect([started.statusCode, json(started).message]).toEqual([409, messages.reviewNeedsSubmitted]);
      const missing = await reviewer.put("/staff/api/applications/2147483647/review", { review_status: "in review" });
      expect(missing.statusCode).toBe(404);

      const changed = await reviewer.put(`/staff/api/applications/${john.id}/review`, { review_status: "needs information" });
      expect(json(changed)).toEqual({ review_status: "needs information" });
      const [audit] = await server.db.query<{ detail: unknown; staff_id: number }>(
        "SELECT detail, staff_id FROM audit_log WHERE application_id = $1 AND action = 'review status' ORDER BY id DESC LIMIT 1", [john.id]);
      expect(audit).toEqual({ detail: { from: "in review", to: "needs information" }, staff_id: reviewer.staffId });
      const blank = await reviewer.post(`/staff/api/applications/${john.id}/notes`, { body: "   " });
      expect([blank.statusCode, json(blank).message]).toEqual([400, messages.emptyNote]);
    });

    it("never shows the applicant the review status or the notes", async () => {
      const reviewer = await staff("reviewer");
      await reviewer.post(`/staff/api/applications/${john.id}/notes`, { body: "Secret remark about the essay" });
      const profile = (await john.client.get("/api/profile")).body;
      expect(profile).not.toMatch(/review|Secret remark|needs information/);
      // The status page says only whether the office has taken it up.
      const status = (await john.client.get("/api/status")).body;
      expect(status).not.toMatch(/Secret remark|needs information|in review|complete/);
    });

    it("writes no answer and no note's text into the audit log", async () => {
      const rows = await server.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log");
      expect(rows.length).toBeGreaterThan(5);
      const values = new Set([...Object.values(complete), "John", "Smith", "Maria", "Garcia"].filter((v) => typeof v === "string" && v.length > 2));
      for (const { detail } of rows) {
        for (const value of Object.values(detail)) expect(values.has(value as string), JSON.stringify(detail)).toBe(false);
        expect(JSON.stringify(detail)).not.toMatch(/Transcript looks fine|Secret remark|Looks good/);
      }
    });
  });
});
