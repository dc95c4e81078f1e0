// After the submit (issue 40): the office asks for information, the applicant is mailed that
// there is a message (never what it says), reads it on the status page and replies, with the
// file it asks for sent as a late upload of a checklist item; on each database. The checklist is
// the test's own, so staff's edits to the shipped one change nothing here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChecklistItem } from "../../src/engine/runtime";
import { serverFormOf } from "../../src/server/form";
import { messages } from "../../src/api-contract/messages";
import {
  Client, completeApplication, conversionOf, databaseKinds, json, loggedInApplicant, loggedInStaff, postUploadForm, startTestServer, testForm, TEST_DAY, type TestServer,
} from "./harness";

const shipped = testForm();
const CHECKLIST: ChecklistItem[] = [
  { id: "transcript", label: "Official transcript", help: "Ask your school to send it, or upload a copy.", upload: true },
  { id: "counselor", label: "Counselor recommendation" },
];
const form = serverFormOf({ ...shipped.files, institution: { ...shipped.files.institution, institution: { ...shipped.files.institution.institution, checklist: CHECKLIST } } }, TEST_DAY);
const formKey = shipped.documentKeys[0]!;
const MESSAGE = "We could not read your transcript's second page. Please upload a clearer copy.";

interface Request { id: number; message: string; item: string | null; state: string; reply: string | null; replied_at: string | null }
interface Status { state: string; checklist: { id: string; state: string }[]; requests: Request[] }

async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

describe.each(databaseKinds())("requests for information (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let applicant: Client;
  let id: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "requests-"));
    server = await startTestServer(kind, { dataDir, workJobs: true }, undefined, form);
    applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", completeApplication())).statusCode).toBe(200);
    [{ id }] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1") as [{ id: number }];
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (client = applicant) => {
    const response = await client.get("/api/status");
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Status;
  };
  const ask = (client: Client, body: unknown, application = id) => client.post(`/staff/api/applications/${application}/requests`, body);
  const listed = async (client: Client, request: string) =>
    ((json(await client.get(`/staff/api/applications?request=${request}`)).rows as { id: number }[]).map((row) => row.id));
  const refused = async (response: Promise<{ statusCode: number; json: () => unknown }>, statusCode: number, message: string) => {
    const r = await response;
    expect([r.statusCode, (r.json() as { message: string }).message]).toEqual([statusCode, message]);
  };
  /** Asks for an upload form for `key` and posts the file with it; answers the storage key. */
  const upload = async (key: string, bytes: Buffer) => {
    const presigned = await applicant.post("/api/presigned-url", { answer_key: key });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const { fields } = presigned.json() as { fields: Record<string, string> };
    expect((await postUploadForm(server, fields, bytes)).statusCode).toBe(204);
    return fields.key!;
  };

  it("asks only about a submitted application, and takes an item's upload only once it is submitted", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    await refused(ask(reviewer, { message: MESSAGE, item: null }), 409, messages.requestNeedsSubmitted);
    await refused(applicant.post("/api/presigned-url", { answer_key: "transcript" }), 409, messages.uploadAfterSubmit);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
  });

  it("asks the applicant, who is mailed that there is a message, never what it says, and reads it on the status page", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    const asked = await ask(reviewer, { message: `  ${MESSAGE}\n`, item: "transcript" });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(json(asked)).toMatchObject({ message: MESSAGE, item: "transcript", state: "open", asked_by: reviewer.email, asked_at: server.clock.now.toISOString(), reply: null, withdrawn_at: null });

    const [email] = await server.db.query<{ email: string }>("SELECT username AS email FROM users WHERE id = $1", [id]);
    const mails = server.mail.filter((m) => m.to === email!.email && /message/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`A message about your ${form.form.institution.name} application`);
    expect(mails[0]!.text).toContain("/login");
    expect(mails[0]!.text).not.toContain("transcript");

    const got = await status();
    expect(got.state).toBe("information_requested");
    expect(got.requests).toEqual([{ id: json(asked).id, message: MESSAGE, item: "transcript", asked_at: server.clock.now.toISOString(), state: "open", reply: null, replied_at: null }]);
    expect(await listed(reviewer, "open")).toContain(id);
    expect(json(await reviewer.get(`/staff/api/applications/${id}`)).review_status).toBe("needs information");
    const audit = await server.db.query<{ actor: string; detail: unknown }>("SELECT actor, detail FROM audit_log WHERE action = 'information request' AND application_id = $1", [id]);
    expect(audit).toEqual([{ actor: reviewer.email, detail: { request: json(asked).id, item: "transcript" } }]);
    await refused(ask(reviewer, { message: "Another question", item: null }), 409, messages.requestOpen);
  });

  it("takes the file the request asks for from the status page without opening the answers, and then only that", async () => {
    const [request] = (await status()).requests;
    await refused(applicant.post(`/api/requests/${request!.id}/reply`, { message: " " }), 400, messages.emptyReply);
    const [before] = await server.db.query("SELECT answers, revision, updated_at FROM applications WHERE user_id = $1", [id]);

    const key = await upload("transcript", await pdfWith("Transcript: all A grades"));
    const started = await applicant.post("/api/pdf/document-answer/transcript", { file_key: key, file_name: "transcript.pdf" });
    expect(started.statusCode, started.body).toBe(200);
    expect((await conversionOf(applicant, "transcript")).status).toBe("COMPLETED");
    expect((await status()).checklist).toEqual([expect.objectContaining({ id: "transcript", state: "received" }), expect.objectContaining({ id: "counselor", state: "needed" })]);
    expect(await server.db.query("SELECT answers, revision, updated_at FROM applications WHERE user_id = $1", [id])).toEqual([before]);

    await refused(applicant.post("/api/presigned-url", { answer_key: "transcript" }), 409, messages.uploadNotNeeded("Official transcript"));
    await refused(applicant.post("/api/presigned-url", { answer_key: formKey }), 409, messages.alreadySubmitted);
    await refused(applicant.post("/api/presigned-url", { answer_key: "counselor" }), 400, messages.notADocumentQuestion("counselor"));
    await refused(applicant.delete("/api/document-answer/transcript"), 409, messages.alreadySubmitted);

    const reviewer = await loggedInStaff(server, "reviewer");
    expect((await reviewer.get(`/staff/api/applications/${id}/documents/transcript?version=pdf`)).statusCode).toBe(303);
  });

  it("takes the reply once: the review is back in review, the list's 'replied' shows it until a reviewer sets the review status", async () => {
    const [request] = (await status()).requests;
    server.advance(60_000);
    const replied = await applicant.post(`/api/requests/${request!.id}/reply`, { message: "Sent a clearer scan." });
    expect([replied.statusCode, json(replied).message]).toEqual([200, messages.replySent]);
    const got = await status();
    expect(got.state).toBe("under_review");
    expect(got.requests[0]).toMatchObject({ state: "replied", reply: "Sent a clearer scan.", replied_at: server.clock.now.toISOString() });
    await refused(applicant.post(`/api/requests/${request!.id}/reply`, { message: "And again" }), 409, messages.requestClosed);

    const reviewer = await loggedInStaff(server, "reviewer");
    const office = json(await reviewer.get(`/staff/api/applications/${id}`)) as { review_status: string; timeline: { kind: string; by?: string }[] };
    expect(office.review_status).toBe("in review");
    expect(office.timeline.filter((e) => e.kind.includes("information")).map((e) => e.kind)).toEqual(["information requested", "information reply"]);
    const [email] = await server.db.query<{ email: string }>("SELECT username AS email FROM users WHERE id = $1", [id]);
    const audit = await server.db.query<{ actor: string; detail: unknown }>("SELECT actor, detail FROM audit_log WHERE action = 'information reply' AND application_id = $1", [id]);
    expect(audit).toEqual([{ actor: email!.email, detail: { request: request!.id } }]);

    expect(await listed(reviewer, "replied")).toContain(id);
    expect(await listed(reviewer, "open")).not.toContain(id);
    expect((await reviewer.put(`/staff/api/applications/${id}/review`, { review_status: "complete" })).statusCode).toBe(200);
    expect(await listed(reviewer, "replied")).not.toContain(id);
  });

  it("lets a reviewer withdraw an open request, which then takes no reply", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    const asked = json(await ask(reviewer, { message: "Which school did you attend in 2024?", item: null }));
    expect((await status()).state).toBe("information_requested");
    const withdrawn = await reviewer.post(`/staff/api/applications/${id}/requests/${asked.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(json(withdrawn)).toMatchObject({ state: "withdrawn", withdrawn_at: server.clock.now.toISOString() });
    expect((await status()).state).toBe("under_review");
    await refused(applicant.post(`/api/requests/${asked.id}/reply`, { message: "Lincoln High" }), 409, messages.requestClosed);
    await refused(reviewer.post(`/staff/api/applications/${id}/requests/${asked.id}/withdraw`), 409, messages.requestClosed);
    expect((await server.db.query("SELECT 1 FROM audit_log WHERE action = 'withdraw request' AND application_id = $1", [id]))).toHaveLength(1);
  });

  it("refuses what a reader, an applicant, a stranger or a bad request sends, changing nothing", async () => {
    const reviewer = await loggedInStaff(server, "reviewer");
    const rows = async () => server.db.query("SELECT id, reply, replied_at, withdrawn_at FROM information_requests ORDER BY id");
    const before = await rows();
    await refused(ask(reviewer, { message: "   ", item: null }), 400, messages.emptyRequest);
    await refused(ask(reviewer, { message: MESSAGE, item: "no_such_item" }), 404, messages.checklistItemNotFound("no_such_item"));
    await refused(ask(reviewer, { message: MESSAGE, item: null }, 999_999), 404, messages.applicationNotFound);
    expect((await ask(reviewer, { message: "x".repeat(5001), item: null })).statusCode).toBe(400);
    expect((await ask(reviewer, { message: MESSAGE })).statusCode).toBe(400);
    expect((await ask(await loggedInStaff(server, "reader"), { message: MESSAGE, item: null })).statusCode).toBe(403);
    expect((await ask(applicant, { message: MESSAGE, item: null })).statusCode).toBe(401);
    await refused(reviewer.post(`/staff/api/applications/${id}/requests/999999/withdraw`), 404, messages.requestNotFound);

    const open = json(await ask(reviewer, { message: "One more thing", item: null }));
    const stranger = await loggedInApplicant(server);
    await refused(stranger.post(`/api/requests/${open.id}/reply`, { message: "Not mine" }), 404, messages.requestNotFound);
    expect((await new Client(server).post(`/api/requests/${open.id}/reply`, { message: "Nobody" })).statusCode).toBe(401);
    expect((await applicant.post(`/api/requests/${open.id}/reply`, { message: "x".repeat(5001) })).statusCode).toBe(400);
    expect((await applicant.post("/api/requests/0/reply", { message: "x" })).statusCode).toBe(400);
    expect(await rows()).toEqual([...before, expect.objectContaining({ id: open.id, reply: null, replied_at: null, withdrawn_at: null })]);
  });
});
