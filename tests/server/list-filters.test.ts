// The office list's decision and checklist filters (issue 40, item 5), on each database: by a
// decision's code or none, released or not, and the applicant's answer, where a reader learns a
// decision at its release moment and not a millisecond before, through the filter, the rows and
// the neighbours alike; and by a checklist item's state, or whether anything is outstanding, as
// the application's page shows it, listed again when a server starts on another checklist. The
// decisions and the checklist are the test's own, so staff's edits to the shipped ones change nothing here.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChecklistItem, DecisionsFile } from "../../src/engine/runtime";
import { serverFormOf, type ServerForm } from "../../src/server/form";
import type { Database } from "../../src/server/db/database";
import { messages } from "../../src/api-contract/messages";
import { Client, completeApplication, databaseKinds, freshDatabase, json, loggedInApplicant, loggedInStaff, newAddress, startTestServer, testForm, TEST_DAY, type TestServer } from "./harness";

const shipped = testForm();
const complete = completeApplication();
const documentKey = shipped.documentKeys[0]!;
const DECISIONS: DecisionsFile["decisions"] = [
  { code: "admit", label: "Admit", respondBy: "2026-12-01", letter: ["Dear {{first_name}}, welcome."] },
  { code: "deny", label: "Deny", letter: ["Dear {{first_name}}, we are sorry."] },
];
/** Items for everyone, one received by an upload, and two listed by the first name: Ada's and everyone else's. */
const checklistFor = (english: string): ChecklistItem[] => [
  { id: "transcript", label: "Official transcript" },
  { id: "upload", label: "The upload", document: documentKey },
  { id: "english", label: "English test scores", showWhen: { key: "first_name", op: "equals", value: english } },
  { id: "essay", label: "Graded essay", showWhen: { key: "first_name", op: "notEquals", value: english } },
];
const formWith = (checklist: ChecklistItem[]): ServerForm => serverFormOf({
  ...shipped.files,
  decisions: { $schema: "", decisions: DECISIONS },
  institution: { ...shipped.files.institution, institution: { ...shipped.files.institution.institution, checklist } },
}, TEST_DAY);
const form = formWith(checklistFor("Ada"));
/** A release a few minutes ahead: the sessions of the test's applicants and staff outlast it. */
const LATER = 10 * 60_000;
const STATES = ["received", "processing", "needed"] as const;

interface Row { id: number; decision: { code: string; label: string; released: boolean; response: string | null } | null }

describe.each(databaseKinds())("the office list's decision and checklist filters (%s)", (kind) => {
  let server: TestServer;
  /** The database, and the same with a close that waits for the last server (each server closes its database). */
  let opened: Database;
  let db: Database;
  let reader: Client;
  let reviewer: Client;
  let admin: Client;

  /** A new applicant who has submitted the complete answers with this first name. */
  async function submitted(server: TestServer, first_name = "Ada"): Promise<{ client: Client; id: number; email: string }> {
    const email = newAddress();
    const client = await loggedInApplicant(server, email);
    expect((await client.put("/api/answer", { ...complete, first_name })).statusCode).toBe(200);
    expect((await client.post("/api/submit")).statusCode).toBe(200);
    const [row] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [email]);
    return { client, id: row!.id, email };
  }
  /** The rows of a filter, among `among` (the test's own applications). */
  const rows = async (client: Client, query: string, among: number[]) => {
    const response = await client.get(`/staff/api/applications?${query}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const page = response.json() as { rows: Row[]; next: string | null };
    expect(page.next, query).toBeNull();
    return page.rows.filter((row) => among.includes(row.id));
  };
  const ids = async (client: Client, query: string, among: number[]) => (await rows(client, query, among)).map((row) => row.id).sort((a, b) => a - b);
  const sorted = (...found: number[]) => [...found].sort((a, b) => a - b);
  const decide = async (id: number, code: string) => expect((await reviewer.put(`/staff/api/applications/${id}/decision`, { code })).statusCode).toBe(200);
  const release = async (email: string, at: string | null) =>
    expect(json(await admin.post("/staff/api/decisions/release", { filter: { q: email }, at }))).toMatchObject({ released: 1 });

  beforeAll(async () => {
    // Shared with a second server started on another checklist (the last test), as web processes share one.
    opened = await freshDatabase(kind);
    db = { ...opened, close: async () => {} };
    server = await startTestServer(kind, {}, db, form);
  });
  // Sessions of their own for each test: a test moves the clock past a staff session's idle limit.
  beforeEach(async () => {
    [reader, reviewer, admin] = await Promise.all([loggedInStaff(server, "reader"), loggedInStaff(server, "reviewer"), loggedInStaff(server, "admin")]);
  });
  afterAll(async () => {
    await server.app.close();
    await opened.close();
  });

  it("finds a decision by its code, none, released or not and the applicant's answer; a reader only once released, from the release moment", async () => {
    const released = await submitted(server);
    const scheduled = await submitted(server);
    const recorded = await submitted(server);
    const none = await submitted(server);
    const accepted = await submitted(server);
    const mine = [released.id, scheduled.id, recorded.id, none.id, accepted.id];
    await decide(released.id, "admit");
    await decide(scheduled.id, "admit");
    await decide(recorded.id, "deny");
    await decide(accepted.id, "admit");
    await release(released.email, null);
    await release(accepted.email, null);
    expect((await accepted.client.post("/api/decision/response", { accept: true })).statusCode).toBe(200);
    const at = new Date(server.clock.now.getTime() + LATER).toISOString();
    await release(scheduled.email, at);

    for (const [who, client] of [["a reviewer", reviewer], ["an admin", admin]] as const) {
      expect(await ids(client, "decision=admit", mine), who).toEqual(sorted(released.id, scheduled.id, accepted.id));
      expect(await ids(client, "decision=deny", mine), who).toEqual([recorded.id]);
      expect(await ids(client, "decision=none", mine), who).toEqual([none.id]);
      expect(await ids(client, "released=true", mine), who).toEqual(sorted(released.id, accepted.id));
      expect(await ids(client, "released=false", mine), who).toEqual(sorted(scheduled.id, recorded.id, none.id));
      expect(await ids(client, "decision=admit&released=false", mine), who).toEqual([scheduled.id]);
      expect(await ids(client, "response=accepted", mine), who).toEqual([accepted.id]);
      expect(await ids(client, "response=declined", mine), who).toEqual([]);
      expect(await ids(client, "response=none", mine), who).toEqual(sorted(released.id, scheduled.id, recorded.id, none.id));
      expect((await rows(client, "decision=admit&released=false", mine))[0]!.decision, who).toEqual({ code: "admit", label: "Admit", released: false, response: null });
    }
    // To a reader a decision not released yet is as none: in the filter, the rows and the neighbours.
    const readerFinds = async () => ({
      admit: await ids(reader, "decision=admit", mine), deny: await ids(reader, "decision=deny", mine), none: await ids(reader, "decision=none", mine),
      released: await ids(reader, "released=true", mine), unreleased: await ids(reader, "released=false", mine),
    });
    expect(await readerFinds()).toEqual({
      admit: sorted(released.id, accepted.id), deny: [], none: sorted(scheduled.id, recorded.id, none.id),
      released: sorted(released.id, accepted.id), unreleased: sorted(scheduled.id, recorded.id, none.id),
    });
    const readerRows = new Map((await rows(reader, "", mine)).map((row) => [row.id, row.decision]));
    expect(readerRows.get(scheduled.id)).toBeNull();
    expect(readerRows.get(recorded.id)).toBeNull();
    expect(readerRows.get(accepted.id)).toEqual({ code: "admit", label: "Admit", released: true, response: "accepted" });
    for (const id of [released.id, accepted.id]) {
      const around = json(await reader.get(`/staff/api/applications/${id}/neighbours?decision=admit&sort=submitted_at`));
      expect([around.previous, around.next], "the neighbours of a reader's list").not.toContain(scheduled.id);
    }

    server.advance(LATER - 1);
    expect((await readerFinds()).admit, "a millisecond before the release").toEqual(sorted(released.id, accepted.id));
    expect((await rows(reader, `q=${scheduled.email}`, mine))[0]!.decision, "a millisecond before the release").toBeNull();
    server.advance(1);
    expect(await readerFinds(), "at the release").toEqual({
      admit: sorted(released.id, scheduled.id, accepted.id), deny: [], none: sorted(recorded.id, none.id),
      released: sorted(released.id, scheduled.id, accepted.id), unreleased: sorted(recorded.id, none.id),
    });
    expect((await rows(reader, `q=${scheduled.email}`, mine))[0]!.decision).toEqual({ code: "admit", label: "Admit", released: true, response: null });
  });

  it("refuses a decision or a checklist item the definitions do not have, and a state without its item, wherever the list's filter goes", async () => {
    const { id } = await submitted(server);
    const refusals: [string, string][] = [
      ["decision=admitted", messages.decisionUnknown("admitted")],
      ["checklist=no_such_item", messages.checklistItemUnknown("no_such_item")],
      ["checklist_state=needed", messages.checklistStateNeedsItem],
      ["response=maybe", 'response must be one of: "accepted", "declined", "none".'],
      ["released=maybe", "released must be a boolean."],
      ["checklist=transcript&checklist_state=lost", 'checklist_state must be one of: "received", "processing", "needed".'],
    ];
    for (const [query, message] of refusals) {
      for (const url of [`/staff/api/applications?${query}`, `/staff/api/applications/${id}/neighbours?${query}`, `/staff/api/exports/csv?${query}`]) {
        const refused = await admin.get(url);
        expect([refused.statusCode, json(refused).message], url).toEqual([400, message]);
      }
    }
    const filter = { decision: "admitted" };
    for (const [path, body] of [["/staff/api/decisions/release", { filter, at: null }], ["/staff/api/export-jobs", { format: "csv", filter }]] as const) {
      const refused = await admin.post(path, body);
      expect([refused.statusCode, json(refused).message], path).toEqual([400, messages.decisionUnknown("admitted")]);
    }
    expect(await server.db.query("SELECT 1 FROM decisions WHERE application_id = $1", [id])).toEqual([]);
  });

  it("finds who still needs an item, and who has nothing outstanding, as each application's page says", async () => {
    const ada = await submitted(server, "Ada");
    const grace = await submitted(server, "Grace");
    const started = await loggedInApplicant(server);
    expect((await started.put("/api/answer", { ...complete, first_name: "Ada" })).statusCode).toBe(200);
    const [{ id: startedId }] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1") as [{ id: number }];
    const mine = [ada.id, grace.id, startedId];
    const mark = async (id: number, item: string) => expect((await reviewer.put(`/staff/api/applications/${id}/checklist/${item}`, { received: true })).statusCode).toBe(200);
    const upload = (status: string) => server.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, status, updated_at) VALUES ($1, $2, 'scan.pdf', 'documents/list-filter', $3, $4)
       ON CONFLICT (user_id, answer_key) DO UPDATE SET status = $3`, [ada.id, documentKey, status, server.clock.now]);
    /** Each submitted application is found by each item's state exactly as its page lists the item (and not by an item it does not list). */
    const agreesWithPages = async () => {
      for (const { id } of [ada, grace]) {
        const page = json(await reader.get(`/staff/api/applications/${id}`)) as { checklist: { id: string; state: string }[] };
        for (const item of form.form.checklist) {
          const listed = page.checklist.find((line) => line.id === item.id);
          expect((await ids(reader, `checklist=${item.id}`, [id])).length, `${item.id} listed`).toBe(listed ? 1 : 0);
          for (const state of STATES) {
            expect((await ids(reader, `checklist=${item.id}&checklist_state=${state}`, [id])).length, `${item.id} ${state}`).toBe(listed?.state === state ? 1 : 0);
          }
        }
      }
    };

    expect(await ids(reader, "checklist=english", mine)).toEqual([ada.id]);
    expect(await ids(reader, "checklist=essay", mine)).toEqual([grace.id]);
    expect(await ids(reader, "checklist=transcript&checklist_state=needed", mine), "an application in progress has no checklist here").toEqual(sorted(ada.id, grace.id));
    expect(await ids(reader, "outstanding=true", mine)).toEqual(sorted(ada.id, grace.id));
    expect(await ids(reader, "outstanding=false", mine)).toEqual([]);
    await agreesWithPages();

    await mark(ada.id, "transcript");
    expect(await ids(reader, "checklist=transcript&checklist_state=received", mine)).toEqual([ada.id]);
    expect(await ids(reader, "checklist=transcript&checklist_state=needed", mine)).toEqual([grace.id]);
    await upload("IN_PROGRESS");
    expect(await ids(reader, "checklist=upload&checklist_state=processing", mine)).toEqual([ada.id]);
    await agreesWithPages();
    await upload("FAILED");
    expect(await ids(reader, "checklist=upload&checklist_state=needed", mine)).toEqual(sorted(ada.id, grace.id));
    await upload("COMPLETED");
    expect(await ids(reader, "checklist=upload&checklist_state=received", mine)).toEqual([ada.id]);
    await mark(ada.id, "english");
    // Everything Ada's checklist lists is received; Grace's essay and the rest are not.
    expect(await ids(reader, "outstanding=false", mine)).toEqual([ada.id]);
    expect(await ids(reader, "outstanding=true", mine)).toEqual([grace.id]);
    expect(await ids(reader, "outstanding=true&checklist=essay&checklist_state=needed", mine)).toEqual([grace.id]);
    await agreesWithPages();
    // Taking a mark away makes it outstanding again.
    expect((await reviewer.put(`/staff/api/applications/${ada.id}/checklist/english`, { received: false })).statusCode).toBe(200);
    expect(await ids(reader, "outstanding=false", mine)).toEqual([]);
  });

  it("lists the checklist again when a server starts on a checklist that lists otherwise, and those submitted before it was stored", async () => {
    const ada = await submitted(server, "Ada");
    const grace = await submitted(server, "Grace");
    const mine = [ada.id, grace.id];
    expect(await ids(reader, "checklist=english", mine)).toEqual([ada.id]);
    // As an application submitted before migration 024 left it.
    await db.query("DELETE FROM application_checklists WHERE application_id = $1", [ada.id]);

    const next = await startTestServer(kind, {}, db, formWith(checklistFor("Grace")), server.clock.now);
    try {
      const nextReader = await loggedInStaff(next, "reader");
      expect(await ids(nextReader, "checklist=english", mine)).toEqual([grace.id]);
      expect(await ids(nextReader, "checklist=essay", mine)).toEqual([ada.id]);
      const stored = await db.query<{ id: number; items: unknown; states: unknown }>(
        "SELECT application_id AS id, items, states FROM application_checklists WHERE application_id = ANY($1::int[]) ORDER BY application_id", [mine]);
      expect(stored).toEqual([
        { id: ada.id, items: { transcript: null, upload: documentKey, essay: null }, states: { transcript: "needed", upload: "needed", essay: "needed" } },
        { id: grace.id, items: { transcript: null, upload: documentKey, english: null }, states: { transcript: "needed", upload: "needed", english: "needed" } },
      ]);
    } finally {
      await next.app.close();
    }
  });
});
