// After the submit (issue 40): the applicant's status (GET /api/status) with the checklist of
// what the office needs, and the office marking its items received, on each database. The
// checklist is the test's own (a copy of the definitions with it), on questions the form asks, so
// staff's edits to the shipped checklist change nothing here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChecklistItem } from "../../src/engine/runtime";
import { serverFormOf } from "../../src/server/form";
import { messages } from "../../src/api-contract/messages";
import { completeApplication, databaseKinds, json, loggedInApplicant, loggedInStaff, startTestServer, testForm, TEST_DAY, type Client, type TestServer } from "./harness";

const complete = completeApplication();
const shipped = testForm();
/** A text question the complete answers answer, and a file question. */
const textKey = [...shipped.form.owners].find(([key, owner]) => owner.item.item.type === "text" && typeof complete[key] === "string" && complete[key] !== "")![0];
const documentKey = shipped.documentKeys[0]!;
const CHECKLIST: ChecklistItem[] = [
  { id: "transcript", label: "Official transcript", help: "Ask your school to send it." },
  { id: "upload", label: "The upload", document: documentKey },
  { id: "listed", label: "Listed for these answers", showWhen: { key: textKey, op: "equals", value: complete[textKey] as string } },
  { id: "not_listed", label: "Not listed for these answers", showWhen: { key: textKey, op: "notEquals", value: complete[textKey] as string } },
];
const form = serverFormOf({ ...shipped.files, institution: { ...shipped.files.institution, institution: { ...shipped.files.institution.institution, checklist: CHECKLIST } } }, TEST_DAY);

interface Status { state: string; reference: string | null; submitted_at: string | null; checklist: { id: string; state: string; help: string | null; document: string | null; marked_at: string | null }[] }

describe.each(databaseKinds())("the status and its checklist (%s)", (kind) => {
  let server: TestServer;
  let applicant: Client;
  let id: number;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, undefined, form);
    applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", complete)).statusCode).toBe(200);
    [{ id }] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1") as [{ id: number }];
  });
  afterAll(() => server.app.close());

  const status = async () => {
    const response = await applicant.get("/api/status");
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Status;
  };
  const states = async () => Object.fromEntries((await status()).checklist.map((line) => [line.id, line.state]));
  const mark = (client: Client, item: string, received: boolean, application = id) => client.put(`/staff/api/applications/${application}/checklist/${item}`, { received });

  it("says an application in progress is in progress, and lists the items its answers call for", async () => {
    const got = await status();
    expect(got).toMatchObject({ state: "in_progress", reference: null, submitted_at: null });
    expect(got.checklist).toEqual([
      { id: "transcript", label: "Official transcript", help: "Ask your school to send it.", state: "needed", document: null, marked_at: null },
      { id: "upload", label: "The upload", help: null, state: "needed", document: documentKey, marked_at: null },
      { id: "listed", label: "Listed for these answers", help: null, state: "needed", document: null, marked_at: null },
    ]);
  });

  it("counts an upload's item received once the upload is converted, and processing while it converts", async () => {
    await server.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, status, updated_at) VALUES ($1, $2, 'scan.png', 'documents/checklist', 'IN_PROGRESS', $3)`,
      [id, documentKey, server.clock.now]);
    expect((await states()).upload).toBe("processing");
    await server.db.query("UPDATE document_answers SET status = 'FAILED' WHERE user_id = $1", [id]);
    expect((await states()).upload).toBe("needed");
    await server.db.query("UPDATE document_answers SET status = 'COMPLETED', pdf_key = 'documents/checklist.pdf' WHERE user_id = $1", [id]);
    expect((await states()).upload).toBe("received");
  });

  it("says submitted once submitted, and under review once the office has given it a review status", async () => {
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    const submitted = await status();
    expect(submitted).toMatchObject({ state: "submitted", submitted_at: server.clock.now.toISOString() });
    expect(submitted.reference).toMatch(/-\d{6}$/);
    const reviewer = await loggedInStaff(server, "reviewer");
    expect((await reviewer.put(`/staff/api/applications/${id}/review`, { review_status: "in review" })).statusCode).toBe(200);
    expect((await status()).state).toBe("under_review");
  });

  it("lets a reviewer mark an item received and take the mark away, each change in the audit log once", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    const marked = await mark(reviewer, "transcript", true);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(json(marked)).toMatchObject({ id: "transcript", state: "received", marked_at: server.clock.now.toISOString() });
    expect((await mark(reviewer, "transcript", true)).statusCode).toBe(200);
    expect((await states()).transcript).toBe("received");
    const office = json(await reviewer.get(`/staff/api/applications/${id}`)) as { checklist: Status["checklist"] };
    expect(office.checklist.map((line) => [line.id, line.state])).toEqual([["transcript", "received"], ["upload", "received"], ["listed", "needed"]]);

    expect(json(await mark(reviewer, "transcript", false))).toMatchObject({ state: "needed", marked_at: null });
    expect((await states()).transcript).toBe("needed");
    const audit = await server.db.query<{ actor: string; detail: unknown }>("SELECT actor, detail FROM audit_log WHERE action = 'checklist' AND application_id = $1 ORDER BY id", [id]);
    expect(audit).toEqual([{ actor: reviewer.email, detail: { item: "transcript", received: true } }, { actor: reviewer.email, detail: { item: "transcript", received: false } }]);
  });

  it("refuses an item the application's checklist does not list, a reader, an applicant and a stranger, changing nothing", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    for (const item of ["not_listed", "no_such_item"]) {
      const refused = await mark(reviewer, item, true);
      expect([refused.statusCode, json(refused).message]).toEqual([404, messages.checklistItemNotFound(item)]);
    }
    expect(json(await mark(reviewer, "transcript", true, 999_999)).message).toBe(messages.applicationNotFound);
    expect((await mark(reviewer, "Transcript", true)).statusCode).toBe(400);
    expect((await mark(await loggedInStaff(server, "reader"), "listed", true)).statusCode).toBe(403);
    expect((await mark(applicant, "listed", true)).statusCode).toBe(401);
    expect((await states()).listed).toBe("needed");
    expect((await server.db.query("SELECT item FROM checklist_marks WHERE application_id = $1", [id]))).toEqual([]);
  });
});
