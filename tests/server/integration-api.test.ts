// The integration API on each database: a student information system pages through submitted
// applications with an API key (cursor, submitted_since), reads one by its reference with its
// answers' labels and document links valid 5 minutes; and what a key cannot do: open a staff
// route, outlive its revocation, exceed its rate. The 250 applications of the paging test are
// written directly; John comes through the real API, so his answers are the form's own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelOf, optionsOf } from "../support/definitions";
import { storageKey } from "../../src/server/convert/documents";
import { messages } from "../../src/api-contract/messages";
import { API_CALLS_PER_MINUTE } from "../../src/server/staff/integration";
import { checklistFor } from "../../src/engine/runtime";
import { allPages, Client, completeApplication, databaseKinds, json, loggedInApplicant, loggedInStaff, startTestServer, testForm, type TestServer } from "./harness";
import { runScript } from "../support/commands";

const complete = completeApplication();
const BULK = 250;

interface Answer { value: unknown; label: string | null; option_label?: string }
interface ChecklistLine { id: string; state: string; marked_at: string | null }
interface Application {
  reference: string; email: string; submitted_at: string; review_status: string; answers: Record<string, Answer>;
  documents: { answer_key: string; file_name: string; status: string; url: string; pdf_url: string | null }[];
  checklist: ChecklistLine[];
}
interface Page { applications: Application[]; next_cursor: string | null }

describe.each(databaseKinds())("the integration API (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;
  let john: { id: number; reference: string };
  /** The bulk applications in the order the API must give them: (submitted_at, id). */
  let bulk: { id: number; reference: string; submitted_at: string }[];

  const withKey = (key: string, url: string, method: "GET" | "PUT" | "POST" = "GET", body?: unknown) =>
    new Client(server).call(method, url, body, { authorization: `Bearer ${key}` });
  const newKey = async (name: string) => {
    const r = await admin.post("/staff/api/api-keys", { name });
    expect(r.statusCode, r.body).toBe(201);
    return json(r) as { id: number; key: string };
  };
  const pageOf = async (key: string, query: string) => {
    const r = await withKey(key, `/staff/api/applications${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Page;
  };
  /** Every application from `query` (empty, or beginning with ?), following next_cursor. */
  const allApplications = (key: string, query: string) =>
    allPages(async (cursor) => {
      const page = await pageOf(key, cursor ? `${query}${query ? "&" : "?"}cursor=${cursor}` : query);
      expect(page.applications.length).toBeLessThanOrEqual(100);
      return { items: page.applications, next: page.next_cursor };
    });
  const refusal = (r: LightMyRequestResponse) => [r.statusCode, json(r).message];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "integration-"));
    server = await startTestServer(kind, { dataDir });
    admin = await loggedInStaff(server, "admin");
    const applicant = await loggedInApplicant(server, "john.smith@example.com");
    expect((await applicant.put("/api/answer", { ...complete, first_name: "John", last_name: "Smith" })).statusCode).toBe(200);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    const [row] = await server.db.query<{ id: number; reference: string }>(
      "SELECT a.user_id AS id, a.reference FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = 'john.smith@example.com'");
    john = row!;

    // October 2026, before John's submit; every fifth shares its moment with the one before (ties
    // the cursor must not split), and one in ten is only started (never listed).
    bulk = [];
    let submittedAt = Date.UTC(2026, 9, 1, 4, 0, 0);
    for (let i = 0; i < BULK + BULK / 10; i++) {
      const isStarted = i % 11 === 10;
      if (i % 5 !== 4) submittedAt += 97 * 60_000;
      const [user] = await server.db.query<{ id: number }>(
        "INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', $2) RETURNING id", [`bulk${i}@example.org`, new Date(submittedAt)]);
      const reference = `WU-PG01-${String(900000 + i)}`;
      await server.db.query(
        "INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference, review_status) VALUES ($1, $2::jsonb, $3, $4, $5, $6)",
        [user!.id, JSON.stringify({ first_name: `Bulk${i}` }), new Date(submittedAt), isStarted ? null : new Date(submittedAt),
          isStarted ? null : reference, isStarted ? null : "received"],
      );
      if (!isStarted) bulk.push({ id: user!.id, reference, submitted_at: new Date(submittedAt).toISOString() });
    }
    expect(bulk).toHaveLength(BULK);
    bulk.sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.id - b.id);
  }, 120_000);
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("paging", () => {
    it("gives every submitted application once, oldest submission first, following the cursor", async () => {
      const { key } = await newKey("sis-paging");
      const first = await pageOf(key, "");
      expect(first.applications).toHaveLength(100);
      expect(first.next_cursor).toEqual(expect.any(String));
      const all = await allApplications(key, "");
      expect(all.map((a) => a.reference)).toEqual([...bulk.map((b) => b.reference), john.reference]);
      expect(all[0]).toEqual({
        reference: bulk[0]!.reference, email: "bulk0@example.org", submitted_at: bulk[0]!.submitted_at, review_status: "received", request_state: null, decision: null,
        answers: { first_name: { value: "Bulk0", label: labelOf("first_name") } }, documents: [],
        // Everything the checklist lists for these answers, nothing received yet.
        checklist: checklistFor(testForm().form, { first_name: "Bulk0" })
          .map(({ id, label, help, document }) => ({ id, label, help: help ?? null, state: "needed", document: document ?? null, marked_at: null })),
      });
    });

    it("is what examples/sis-pull.ts reads: every application submitted since a day, as JSON Lines", async () => {
      const { key } = await newKey("sis-script");
      const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
      const run = await runScript("examples/sis-pull.ts", [address, "2026-10-08"], { API_KEY: key });
      const expected = [...bulk.filter((b) => b.submitted_at >= "2026-10-08T04:00:00.000Z").map((b) => b.reference), john.reference];
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim().split("\n").map((line) => (JSON.parse(line) as Application).reference)).toEqual(expected);
      expect(run.stderr).toBe(`${expected.length} applications submitted since 2026-10-08\n`);
    }, 60_000);

    it("starts at submitted_since: a day from its start in the office's time zone, or a moment", async () => {
      const { key } = await newKey("sis-since");
      // 2026-10-08 starts at 04:00 UTC in New York (UTC-4 in October).
      const fromDay = bulk.filter((b) => b.submitted_at >= "2026-10-08T04:00:00.000Z").map((b) => b.reference);
      expect(fromDay.length).toBeGreaterThan(100);
      expect((await allApplications(key, "?submitted_since=2026-10-08")).map((a) => a.reference)).toEqual([...fromDay, john.reference]);
      // A moment two rows share: both are in.
      const tie = bulk.findIndex((b, i) => i > 150 && bulk[i + 1]?.submitted_at === b.submitted_at);
      const since = encodeURIComponent(bulk[tie]!.submitted_at.replace("Z", "+00:00"));
      expect((await allApplications(key, `?submitted_since=${since}`)).map((a) => a.reference)).toEqual([...bulk.slice(tie).map((b) => b.reference), john.reference]);
      expect((await allApplications(key, "?submitted_since=2026-11-23")).map((a) => a.reference)).toEqual([]);
    });

    it("refuses a submitted_since or a cursor that is not one, with a message", async () => {
      const { key } = await newKey("sis-refusals");
      // Years PostgreSQL has not (0) or JavaScript writes otherwise (10000) once reached the database with a 500.
      for (const since of ["yesterday", "2026-13-01", "2026-10-10T09:00:00", "2026-02-30", "0000-01-01", "0000-01-01T00:00:00Z", "10000-01-01"]) {
        expect(refusal(await withKey(key, `/staff/api/applications?submitted_since=${since}`)), since).toEqual([400, messages.submittedSinceInvalid]);
      }
      const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      for (const cursor of [
        "not-a-cursor", forged(["2026-10-10", 1]), forged(["2026-10-10T00:00:00.000000Z", -1]), forged({ id: 1 }), forged(["0000-01-01T00:00:00.000000Z", 1]),
      ]) {
        expect(refusal(await withKey(key, `/staff/api/applications?cursor=${cursor}`)), cursor).toEqual([400, messages.badCursor]);
      }
    });
  });

  describe("one application", () => {
    it("has its answers with their questions' labels, and a choice's option label", async () => {
      const { key } = await newKey("sis-one");
      const r = await withKey(key, `/staff/api/applications/${john.reference}`);
      expect(r.statusCode, r.body).toBe(200);
      const application = r.json() as Application;
      expect(application).toMatchObject({ reference: john.reference, email: "john.smith@example.com", submitted_at: server.clock.now.toISOString(), review_status: "received" });
      const term = optionsOf("entry_term").find((o) => o.value === complete.entry_term)!;
      expect(application.answers.first_name).toEqual({ value: "John", label: labelOf("first_name") });
      expect(application.answers.entry_term).toEqual({ value: term.value, label: labelOf("entry_term"), option_label: term.label });
      // The choice's label is its answer's option_label, not an answer of its own.
      expect(Object.keys(application.answers).filter((k) => k.endsWith("_desc"))).toEqual([]);
      // Every answer John gave is there, unanswered ones are not.
      const given = Object.entries((await server.db.query<{ answers: Record<string, unknown> }>("SELECT answers FROM applications WHERE user_id = $1", [john.id]))[0]!.answers)
        .filter(([k, v]) => v !== "" && !k.endsWith("_desc")).map(([k]) => k).sort();
      expect(Object.keys(application.answers).sort()).toEqual(given);
    });

    it("flags an answer holding bidirectional controls, which may display in another order than it is stored", async () => {
      const { key } = await newKey("sis-bidi");
      const [user] = await server.db.query<{ id: number }>("INSERT INTO users (username, password_hash, created_at) VALUES ('bidi@example.org', 'x', $1) RETURNING id", [server.clock.now]);
      await server.db.query(
        "INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference, review_status) VALUES ($1, $2::jsonb, $3, $3, 'WU-PG02-000001', 'received')",
        [user!.id, JSON.stringify({ first_name: "Ann\u202Efdp.exe", last_name: "Lee" }), server.clock.now]);
      const application = (await withKey(key, "/staff/api/applications/WU-PG02-000001")).json() as Application;
      expect(application.answers.first_name).toEqual({ value: "Ann\u202Efdp.exe", label: labelOf("first_name"), has_bidi_controls: true });
      expect(application.answers.last_name).toEqual({ value: "Lee", label: labelOf("last_name") });
    });

    it("has the checklist as the office sees it, each item received or still needed, in the list too", async () => {
      const { key } = await newKey("sis-checklist");
      // What the shipped checklist lists for John's answers; the first item arrived and is ticked.
      const listed = checklistFor(testForm().form, complete).map((item) => item.id);
      if (listed[0]) expect((await admin.put(`/staff/api/applications/${john.id}/checklist/${listed[0]}`, { received: true })).statusCode).toBe(200);
      const application = (await withKey(key, `/staff/api/applications/${john.reference}`)).json() as Application;
      expect(application.checklist.map((line) => line.id)).toEqual(listed);
      if (listed[0]) expect(application.checklist[0]).toMatchObject({ state: "received", marked_at: server.clock.now.toISOString() });
      const office = json(await admin.get(`/staff/api/applications/${john.id}`)) as { checklist: ChecklistLine[] };
      expect(application.checklist).toEqual(office.checklist);
      const inList = (await allApplications(key, "")).find((a) => a.reference === john.reference)!;
      expect(inList.checklist).toEqual(application.checklist);
    });

    it("gives a decision once released, never before, and finds applications by their released decision", async () => {
      const { key } = await newKey("sis-decisions");
      const [released, scheduled] = [bulk[0]!, bulk[1]!];
      const later = new Date(server.clock.now.getTime() + 60_000);
      await server.db.query(
        `INSERT INTO decisions (application_id, code, recorded_by, recorded_at, release_at, letter, response, responded_at)
         VALUES ($1, 'admit', $3, $4, $4, 'Welcome.', 'accepted', $4), ($2, 'admit', $3, $4, $5, 'Welcome.', NULL, NULL)`,
        [released.id, scheduled.id, admin.staffId, server.clock.now, later]);
      try {
        const now = server.clock.now.toISOString();
        expect(((await withKey(key, `/staff/api/applications/${released.reference}`)).json() as Application & { decision: unknown }).decision)
          .toEqual({ code: "admit", released_at: now, response: "accepted", responded_at: now });
        expect(((await withKey(key, `/staff/api/applications/${scheduled.reference}`)).json() as Application & { decision: unknown }).decision).toBeNull();
        const references = async (query: string) => (await allApplications(key, query)).map((a) => a.reference);
        expect(await references("?decision=admit&released=true")).toEqual([released.reference]);
        expect(await references("?decision=admit")).toEqual([released.reference]);
        expect(await references("?released=false")).not.toContain(released.reference);
        expect(await references("?released=false")).toContain(scheduled.reference);
        expect(refusal(await withKey(key, "/staff/api/applications?decision=Admit!")).at(0)).toBe(400);
        expect(refusal(await withKey(key, "/staff/api/applications?decision=admitted"))).toEqual([400, messages.decisionUnknown("admitted")]);
        server.advance(60_000);
        expect(await references("?decision=admit")).toEqual([released.reference, scheduled.reference]);
      } finally {
        server.clock.now = new Date(server.clock.now.getTime() - 60_000);
        await server.db.query("DELETE FROM decisions WHERE application_id = ANY($1::int[])", [[released.id, scheduled.id]]);
      }
    });

    it("says where the office's request for information stands: open, then replied", async () => {
      const { key } = await newKey("sis-requests");
      const asked = await admin.post(`/staff/api/applications/${john.id}/requests`, { message: "Which school did you attend in 2024?", item: null });
      expect(asked.statusCode, asked.body).toBe(201);
      const stateOf = async () => ((await withKey(key, `/staff/api/applications/${john.reference}`)).json() as Application & { request_state: string | null }).request_state;
      expect(await stateOf()).toBe("open");
      expect((await admin.post(`/staff/api/applications/${john.id}/requests/${json(asked).id}/withdraw`)).statusCode).toBe(200);
      expect(await stateOf()).toBeNull();
      // John as the other tests find him: received, never asked.
      await server.db.query("DELETE FROM information_requests WHERE application_id = $1", [john.id]);
      await server.db.query("UPDATE applications SET review_status = 'received' WHERE user_id = $1", [john.id]);
    });

    it("answers 404 for a reference no submitted application has", async () => {
      const { key } = await newKey("sis-missing");
      expect(refusal(await withKey(key, "/staff/api/applications/WU-FA26-999999"))).toEqual([404, messages.submittedNotFound]);
      expect(refusal(await withKey(key, `/staff/api/applications/${john.id}`))).toEqual([404, messages.submittedNotFound]);
    });

    it("links a document, as uploaded and converted, through links that work for 5 minutes and no longer", async () => {
      const { key } = await newKey("sis-documents");
      const uploadKey = storageKey("documents", ".docx");
      const pdfKey = storageKey("documents", ".pdf");
      await server.ctx.storage.write(uploadKey, Buffer.from("the essay"), "application/octet-stream");
      await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 the essay"), "application/pdf");
      await server.db.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, file_size, pdf_key, status, updated_at)
         VALUES ($1, 'essay_upload', 'My essay.docx', $2, 9, $3, 'COMPLETED', $4)`, [john.id, uploadKey, pdfKey, server.clock.now]);
      const { documents } = json(await withKey(key, `/staff/api/applications/${john.reference}`)) as unknown as Application;
      expect(documents).toEqual([{ answer_key: "essay_upload", file_name: "My essay.docx", status: "COMPLETED", url: expect.any(String), pdf_url: expect.any(String) }]);
      const download = (url: string) => {
        const link = new URL(url);
        return server.app.inject({ url: link.pathname + link.search });
      };
      const [original, pdf] = [documents[0]!.url, documents[0]!.pdf_url!];
      expect([(await download(original)).statusCode, (await download(original)).body]).toEqual([200, "the essay"]);
      expect((await download(pdf)).body).toBe("%PDF-1.7 the essay");
      // The page lists the same links.
      const listed = (await allApplications(key, "?submitted_since=2026-11-22")).find((a) => a.reference === john.reference)!;
      expect(listed.documents.map((d) => d.answer_key)).toEqual(["essay_upload"]);

      server.advance(5 * 60_000 + 1000);
      for (const url of [original, pdf]) expect(refusal(await download(url))).toEqual([403, messages.downloadExpiredLink]);
    });
  });

  describe("keys", () => {
    it("refuses a revoked key, an unknown one, a malformed one, and a call without one, with a message", async () => {
      const { id, key } = await newKey("sis-revoked");
      expect((await withKey(key, "/staff/api/applications?submitted_since=2026-11-22")).statusCode).toBe(200);
      expect((await admin.post(`/staff/api/api-keys/${id}/revoke`)).statusCode).toBe(200);
      const revoked = await withKey(key, "/staff/api/applications?submitted_since=2026-11-22");
      expect(refusal(revoked)).toEqual([401, messages.apiKeyInvalid]);
      expect(revoked.headers["www-authenticate"]).toBe('Bearer realm="integration"');
      const unknown = `wuk_${Buffer.alloc(32, 7).toString("base64url")}`;
      for (const presented of [unknown, "wuk_short", `wuk_${key.slice(4).toUpperCase()}`, `${key}x`, `wuk_${"\u00e9".repeat(43)}`]) {
        expect(refusal(await withKey(presented, `/staff/api/applications/${john.reference}`)), presented).toEqual([401, messages.apiKeyInvalid]);
      }
      // A key sent without "Bearer " is told how to send it.
      for (const authorization of [key, `Token ${key}`]) {
        const r = await new Client(server).call("GET", "/staff/api/applications", undefined, { authorization });
        expect(refusal(r), authorization).toEqual([401, messages.apiKeyNeeded]);
      }
    });

    it("never opens a staff route with a key, not even beside a staff cookie", async () => {
      const { key } = await newKey("sis-staff");
      const reviewer = await loggedInStaff(server, "admin");
      const calls: [method: "GET" | "PUT" | "POST", url: string, body?: unknown][] = [
        ["GET", "/staff/api/me"], ["GET", "/staff/api/audit"], ["GET", "/staff/api/staff"], ["GET", "/staff/api/api-keys"],
        ["PUT", `/staff/api/applications/${john.id}/review`, { review_status: "complete" }],
        ["POST", `/staff/api/applications/${john.id}/notes`, { body: "From a key" }],
        ["POST", "/staff/api/api-keys", { name: "made-by-a-key" }],
        ["GET", `/staff/api/applications/${john.id}/documents/essay_upload?version=original`],
        ["GET", "/staff/applications"], ["GET", "/staff"],
        // Percent-encoded, the router still reads /staff/api/me.
        ["GET", "/%73taff/api/me"],
      ];
      for (const [method, url, body] of calls) {
        for (const client of [new Client(server), reviewer]) {
          const r = await client.call(method, url, body, { authorization: `Bearer ${key}` });
          expect(refusal(r), `${method} ${url}`).toEqual([404, messages.notFound(method, url.split("?")[0]!)]);
        }
      }
      expect((await server.db.query("SELECT review_status FROM applications WHERE user_id = $1", [john.id]))[0]).toEqual({ review_status: "received" });
      expect(await server.db.query("SELECT 1 FROM review_notes WHERE application_id = $1", [john.id])).toEqual([]);
      expect(await server.db.query("SELECT 1 FROM api_keys WHERE name = 'made-by-a-key'")).toEqual([]);
    });

    it("leaves a staff cookie without a key on the staff's own routes of the same paths", async () => {
      const reader = await loggedInStaff(server, "reader");
      const list = json(await reader.get("/staff/api/applications?q=john.smith@example.com"));
      expect(list).toMatchObject({ total: 1, rows: [{ id: john.id, reference: john.reference }] });
      expect(json(await reader.get(`/staff/api/applications/${john.id}`))).toMatchObject({ id: john.id, reference: john.reference, name: "John Smith" });
      // The key routes' parameters mean nothing to the staff's.
      expect((await reader.get("/staff/api/applications?submitted_since=2026-10-10")).statusCode).toBe(400);
      expect((await reader.get(`/staff/api/applications/${john.reference}`)).statusCode).toBe(400);
      // Without a staff session or a key: the staff's login message.
      expect(refusal(await new Client(server).get("/staff/api/applications?submitted_since=2026-10-10"))).toEqual([401, messages.loginNeeded]);
      // A proxy's own Authorization header (HTTP Basic, an SSO proxy's bearer token: sent with every page) is no key: the staff's routes answer.
      for (const authorization of ["Basic c3RhZmY6c3RhZ2luZw==", "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln"]) {
        expect(json(await reader.call("GET", "/staff/api/me", undefined, { authorization })), authorization).toMatchObject({ email: reader.email });
        expect(json(await reader.call("GET", "/staff/api/applications?q=john.smith@example.com", undefined, { authorization }))).toMatchObject({ total: 1 });
        expect(refusal(await new Client(server).call("GET", "/staff/api/applications", undefined, { authorization }))).toEqual([401, messages.loginNeeded]);
      }
    });

    it(`answers 429 with Retry-After after ${API_CALLS_PER_MINUTE} calls a minute with one key, and counts each key apart`, async () => {
      const { key } = await newKey("sis-busy");
      for (let i = 0; i < API_CALLS_PER_MINUTE; i++) {
        expect((await withKey(key, "/staff/api/applications/WU-FA26-999999")).statusCode).toBe(404);
      }
      const limited = await withKey(key, `/staff/api/applications/${john.reference}`);
      const seconds = Number(limited.headers["retry-after"]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect([limited.statusCode, json(limited)]).toEqual([429, { message: messages.apiRateLimited(seconds), code: "apiRateLimited" }]);
      const { key: other } = await newKey("sis-quiet");
      expect((await withKey(other, `/staff/api/applications/${john.reference}`)).statusCode).toBe(200);
      // Refused calls are not recorded: a runaway script does not fill the audit log.
      expect((await server.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'api call' AND actor = 'sis-busy'"))[0]).toEqual({ n: API_CALLS_PER_MINUTE });
    });

    it(`counts a call with bad parameters before checking them: a key adds at most ${API_CALLS_PER_MINUTE} audit rows a minute, whatever it sends`, async () => {
      const { key } = await newKey("sis-sloppy");
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) statuses.push((await withKey(key, `/staff/api/applications?submitted_since=0000-01-${i}`)).statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(API_CALLS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(300 - API_CALLS_PER_MINUTE);
      expect((await server.db.query("SELECT count(*)::int AS n FROM audit_log WHERE actor = 'sis-sloppy'"))[0]).toEqual({ n: API_CALLS_PER_MINUTE });
    });

    it("records each call with the route, the query and the key's name, never the key", async () => {
      const { id, key } = await newKey("sis-audited");
      await withKey(key, `/staff/api/applications/${john.reference}`);
      await withKey(key, "/staff/api/applications?submitted_since=2026-11-22");
      await withKey(key, "/staff/api/applications?submitted_since=never&token=a-secret");
      const rows = await server.db.query<{ staff_id: number | null; actor: string; application_id: number | null; detail: unknown }>(
        "SELECT staff_id, actor, application_id, detail FROM audit_log WHERE action = 'api call' AND actor = 'sis-audited' ORDER BY id");
      expect(rows).toEqual([
        { staff_id: null, actor: "sis-audited", application_id: john.id, detail: { key_id: id, route: "GET /staff/api/applications/:reference", query: "", status: 200 } },
        { staff_id: null, actor: "sis-audited", application_id: null, detail: { key_id: id, route: "GET /staff/api/applications", query: "submitted_since=2026-11-22", status: 200 } },
        { staff_id: null, actor: "sis-audited", application_id: null, detail: { key_id: id, route: "GET /staff/api/applications", query: "submitted_since=never&token=[redacted]", status: 400 } },
      ]);
      // Each application a page of the list gave is a row of its own: who read which is the first question after an incident.
      const reads = async () => server.db.query<{ application_id: number; detail: unknown }>(
        "SELECT application_id, detail FROM audit_log WHERE action = 'view application' AND actor = 'sis-audited' ORDER BY id");
      const before = (await reads()).length;
      const page = (await withKey(key, "/staff/api/applications")).json() as Page;
      expect(page.applications.length).toBeGreaterThan(1);
      const ids = await server.db.query<{ user_id: number }>(
        "SELECT user_id FROM applications WHERE reference = ANY($1::text[]) ORDER BY submitted_at, user_id", [page.applications.map((a) => a.reference)]);
      expect((await reads()).slice(before)).toEqual(ids.map((row) => ({ application_id: row.user_id, detail: { key_id: id } })));
      const secret = key.slice(4);
      expect(await server.db.query("SELECT 1 FROM audit_log WHERE detail::text LIKE $1 OR actor LIKE $1", [`%${secret}%`])).toEqual([]);
      expect(await server.db.query("SELECT 1 FROM api_keys WHERE key_hash LIKE $1 OR name LIKE $1", [`%${secret}%`])).toEqual([]);
    });

    it("lets admins make, list and revoke keys, shown once, each step in the audit log", async () => {
      const made = json(await admin.post("/staff/api/api-keys", { name: "sis" }));
      expect(made).toEqual({
        id: expect.any(Number), name: "sis", key: expect.stringMatching(/^wuk_[A-Za-z0-9_-]{43}$/), created_by: admin.email, held_by: admin.email,
        created_at: server.clock.now.toISOString(), last_used_at: null, revoked_at: null,
      });
      const keys = async () => ((await admin.get("/staff/api/api-keys")).json() as { keys: Record<string, unknown>[] }).keys;
      expect((await keys()).find((k) => k.id === made.id)).toEqual({ ...made, key: undefined });
      expect(Object.keys((await keys())[0]!)).not.toContain("key");

      // Last use: noted on the first call, then at most once a minute.
      const firstUse = server.clock.now.toISOString();
      await withKey(made.key as string, `/staff/api/applications/${john.reference}`);
      server.advance(30_000);
      await withKey(made.key as string, `/staff/api/applications/${john.reference}`);
      expect((await keys()).find((k) => k.id === made.id)!.last_used_at).toBe(firstUse);
      server.advance(30_000);
      await withKey(made.key as string, `/staff/api/applications/${john.reference}`);
      expect((await keys()).find((k) => k.id === made.id)!.last_used_at).toBe(server.clock.now.toISOString());

      expect(refusal(await admin.post("/staff/api/api-keys", { name: "sis" }))).toEqual([409, messages.apiKeyNameTaken("sis")]);
      for (const name of ["SIS", "", "a b", "operator", "x".repeat(41)]) {
        expect(refusal(await admin.post("/staff/api/api-keys", { name })), name).toEqual(
          name.length > 40 ? [400, expect.any(String)] : [400, messages.apiKeyNameInvalid(name)]);
      }
      const revoked = json(await admin.post(`/staff/api/api-keys/${made.id}/revoke`));
      expect(revoked).toMatchObject({ id: made.id, revoked_at: server.clock.now.toISOString() });
      expect(refusal(await admin.post(`/staff/api/api-keys/${made.id}/revoke`))).toEqual([404, messages.apiKeyNotFound(String(made.id))]);
      // A revoked key's name may be given again.
      expect((await admin.post("/staff/api/api-keys", { name: "sis" })).statusCode).toBe(201);

      const audit = await server.db.query<{ actor: string; action: string; detail: unknown }>(
        "SELECT actor, action, detail FROM audit_log WHERE action IN ('create api key', 'revoke api key') AND detail->>'name' = 'sis' ORDER BY id");
      expect(audit.map((a) => [a.actor, a.action])).toEqual([[admin.email, "create api key"], [admin.email, "revoke api key"], [admin.email, "create api key"]]);
      expect(audit[0]!.detail).toEqual({ key_id: made.id, name: "sis" });

      const reader = await loggedInStaff(server, "reader");
      expect(refusal(await reader.get("/staff/api/api-keys"))).toEqual([403, messages.roleNeeded("admin")]);
      expect(refusal(await reader.post("/staff/api/api-keys", { name: "mine" }))).toEqual([403, messages.roleNeeded("admin")]);
    });
  });

  describe("keys of an admin who leaves", () => {
    const keysNamed = async (name: string) => ((await admin.get("/staff/api/api-keys")).json() as { keys: Record<string, unknown>[] }).keys.filter((k) => k.name === name);

    it("go to the admin they are handed to and keep working; revoked when nobody takes them; handed only to another active admin", async () => {
      const leaving = await loggedInStaff(server, "admin");
      const kept = json(await leaving.post("/staff/api/api-keys", { name: "sis-kept" })) as { id: number; key: string };
      const reader = await loggedInStaff(server, "reader");
      expect(refusal(await admin.call("PATCH", `/staff/api/staff/${leaving.staffId}`, { role: "reviewer", keys_to: reader.staffId })))
        .toEqual([409, messages.keysToInvalid]);
      expect(refusal(await admin.call("PATCH", `/staff/api/staff/${leaving.staffId}`, { role: "reviewer", keys_to: leaving.staffId })))
        .toEqual([409, messages.keysToInvalid]);
      expect((await admin.call("PATCH", `/staff/api/staff/${leaving.staffId}`, { role: "reviewer", keys_to: admin.staffId })).statusCode).toBe(200);
      expect(await keysNamed("sis-kept")).toEqual([expect.objectContaining({ created_by: leaving.email, held_by: admin.email, revoked_at: null })]);
      expect((await withKey(kept.key, `/staff/api/applications/${john.reference}`)).statusCode).toBe(200);

      const second = await loggedInStaff(server, "admin");
      const gone = json(await second.post("/staff/api/api-keys", { name: "sis-gone" })) as { id: number; key: string };
      expect((await admin.call("PATCH", `/staff/api/staff/${second.staffId}`, { disabled: true })).statusCode).toBe(200);
      expect((await withKey(gone.key, `/staff/api/applications/${john.reference}`)).statusCode).toBe(401);
      expect(await keysNamed("sis-gone")).toEqual([expect.objectContaining({ held_by: second.email, revoked_at: server.clock.now.toISOString() })]);
      const audit = await server.db.query<{ actor: string; detail: unknown }>(
        "SELECT actor, detail FROM audit_log WHERE action IN ('revoke api key', 'change staff') AND (detail->>'name' = 'sis-gone' OR detail->>'staff_id' = $1) ORDER BY id", [String(second.staffId)]);
      expect(audit).toEqual([
        { actor: admin.email, detail: { key_id: gone.id, name: "sis-gone", holder_left: true } },
        { actor: admin.email, detail: { staff_id: second.staffId, email: second.email, disabled: true, keys_revoked: 1 } },
      ]);
    });
  });

  it("documents the key routes in the OpenAPI document, to the office and a key's holder only, with the bearer scheme", async () => {
    expect(refusal(await new Client(server).get("/api/openapi.json"))).toEqual([401, messages.loginNeeded]);
    expect(refusal(await (await loggedInApplicant(server)).get("/api/openapi.json"))).toEqual([401, messages.loginNeeded]);
    const { key } = await newKey("sis-reads-the-docs");
    expect((await withKey(key, "/api/openapi.json")).statusCode).toBe(200);
    // Anyone may read the applicant's routes' description, and nothing of the office's.
    const publicPaths = Object.keys((json(await new Client(server).get("/public/openapi.json")) as { paths: Record<string, unknown> }).paths);
    expect(publicPaths).toEqual(expect.arrayContaining(["/public/login", "/api/answer"]));
    expect(publicPaths.filter((path) => path.startsWith("/staff"))).toEqual([]);
    const doc = json(await admin.get("/api/openapi.json")) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security: unknown; parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const list = doc.paths["/staff/api/applications"]!.get!;
    expect(list.security).toEqual([{ apiKey: [] }]);
    expect(list.parameters.map((p) => `${p.in} ${p.name}`).sort()).toEqual(["query cursor", "query decision", "query released", "query submitted_since"]);
    expect(Object.keys(list.responses)).toEqual(["200", "4XX"]);
    const one = doc.paths["/staff/api/applications/{reference}"]!.get!;
    expect(one.security).toEqual([{ apiKey: [] }]);
    expect(one.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(["path reference"]);
  });
});
