// Who may call each /staff/api route: every route the app has (read from the app itself, so a new
// route without a row here fails) against every kind of caller — anonymous, an applicant, a
// reader, a reviewer, an admin and a disabled staff member — each cell asserted with its status
// and message. The routes before a session (login, invitation) answer everyone alike.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../src/api-contract";
import { storageKey } from "../../src/server/convert/documents";
import { messages } from "../../src/api-contract/messages";
import { checklistFor } from "../../src/engine/runtime";
import { Client, completeApplication, databaseKinds, json, loggedInApplicant, loggedInStaff, newAddress, startTestServer, testForm, type TestServer } from "./harness";

const complete = completeApplication();
/** An item the shipped checklist lists for the complete answers; with none listed, the route's refusal is what an allowed caller gets. */
const checklistItem = checklistFor(testForm().form, complete)[0]?.id;

type Caller = "anonymous" | "applicant" | "reader" | "reviewer" | "admin" | "disabled";
const CALLERS: Caller[] = ["anonymous", "applicant", "reader", "reviewer", "admin", "disabled"];
const ROLES: StaffRole[] = ["reader", "reviewer", "admin"];

interface Fixture {
  applicationId: number;
  /** A staff member the admin may change. */
  colleagueId: number;
  /** The definition version the server runs on. */
  version: string;
  /** A request for information already withdrawn; the application has another, open. */
  closedRequestId: number;
}

interface Row {
  /** The least role, or "anyone" for the routes before a session. */
  least: StaffRole | "anyone";
  request: (f: Fixture) => { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: string; body?: unknown };
  /** What an allowed caller gets: a status, and the message of a refusal the route makes itself. */
  allowed: number;
  message?: string;
}

let keyNames = 0;

/** Every /staff/api route, by method and OpenAPI path. */
const MATRIX: Record<string, Row> = {
  "POST /staff/api/login": { least: "anyone", allowed: 400, message: messages.staffLoginWrong, request: () => ({ method: "POST", url: "/staff/api/login", body: { email: newAddress("nobody"), password: "x", code: "123456" } }) },
  "GET /staff/api/invitation": { least: "anyone", allowed: 404, message: messages.invitationInvalid, request: () => ({ method: "GET", url: "/staff/api/invitation?token=not-a-token" }) },
  "POST /staff/api/invitation/password": { least: "anyone", allowed: 404, message: messages.invitationInvalid, request: () => ({ method: "POST", url: "/staff/api/invitation/password", body: { token: "not-a-token", password: "Amber-Orchard-Ledger-41" } }) },
  "POST /staff/api/invitation/totp": { least: "anyone", allowed: 404, message: messages.invitationInvalid, request: () => ({ method: "POST", url: "/staff/api/invitation/totp", body: { token: "not-a-token", code: "123456" } }) },
  "GET /staff/api/me": { least: "reader", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/me" }) },
  "POST /staff/api/logout": { least: "reader", allowed: 200, request: () => ({ method: "POST", url: "/staff/api/logout" }) },
  "GET /staff/api/applications": { least: "reader", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/applications?q=whitfield" }) },
  "GET /staff/api/dashboard": { least: "reader", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/dashboard" }) },
  "GET /staff/api/applications/{id}": { least: "reader", allowed: 200, request: (f) => ({ method: "GET", url: `/staff/api/applications/${f.applicationId}` }) },
  "GET /staff/api/applications/{id}/neighbours": { least: "reader", allowed: 200, request: (f) => ({ method: "GET", url: `/staff/api/applications/${f.applicationId}/neighbours?status=submitted` }) },
  "GET /staff/api/applications/{id}/documents/{answer_key}": {
    least: "reader", allowed: 303, request: (f) => ({ method: "GET", url: `/staff/api/applications/${f.applicationId}/documents/resume_pdf?version=pdf` }),
  },
  "POST /staff/api/applications/{id}/pdf-copy": { least: "reader", allowed: 200, request: (f) => ({ method: "POST", url: `/staff/api/applications/${f.applicationId}/pdf-copy` }) },
  "GET /staff/api/applications/{id}/pdf-copy/download": { least: "reader", allowed: 409, message: messages.pdfCopyNotReady, request: (f) => ({ method: "GET", url: `/staff/api/applications/${f.applicationId}/pdf-copy/download` }) },
  "PUT /staff/api/applications/{id}/review": { least: "reviewer", allowed: 200, request: (f) => ({ method: "PUT", url: `/staff/api/applications/${f.applicationId}/review`, body: { review_status: "in review" } }) },
  "POST /staff/api/applications/{id}/notes": { least: "reviewer", allowed: 201, request: (f) => ({ method: "POST", url: `/staff/api/applications/${f.applicationId}/notes`, body: { body: "Seen." } }) },
  "PUT /staff/api/applications/{id}/checklist/{item}": {
    least: "reviewer", ...(checklistItem ? { allowed: 200 } : { allowed: 404, message: messages.checklistItemNotFound("none") }),
    request: (f) => ({ method: "PUT", url: `/staff/api/applications/${f.applicationId}/checklist/${checklistItem ?? "none"}`, body: { received: true } }),
  },
  // The application already has an open request: an allowed caller gets the route's own refusal.
  "POST /staff/api/applications/{id}/requests": {
    least: "reviewer", allowed: 409, message: messages.requestOpen,
    request: (f) => ({ method: "POST", url: `/staff/api/applications/${f.applicationId}/requests`, body: { message: "Please send your transcript.", item: null } }),
  },
  "POST /staff/api/applications/{id}/requests/{request}/withdraw": {
    least: "reviewer", allowed: 409, message: messages.requestClosed,
    request: (f) => ({ method: "POST", url: `/staff/api/applications/${f.applicationId}/requests/${f.closedRequestId}/withdraw` }),
  },
  // Codes the shipped decisions.json may not have: the route's own refusal of an unknown code is what an allowed caller gets.
  "PUT /staff/api/applications/{id}/decision": {
    least: "reviewer", allowed: 400, message: messages.decisionUnknown("no_such_decision"),
    request: (f) => ({ method: "PUT", url: `/staff/api/applications/${f.applicationId}/decision`, body: { code: "no_such_decision" } }),
  },
  "DELETE /staff/api/applications/{id}/decision": {
    least: "reviewer", allowed: 404, message: messages.decisionNotFound,
    request: (f) => ({ method: "DELETE", url: `/staff/api/applications/${f.applicationId}/decision` }),
  },
  "GET /staff/api/decisions": { least: "reader", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/decisions" }) },
  "POST /staff/api/decisions/release": {
    least: "admin", allowed: 400, message: messages.decisionUnknown("no_such_decision"),
    request: () => ({ method: "POST", url: "/staff/api/decisions/release", body: { filter: {}, code: "no_such_decision", at: null } }),
  },
  "GET /staff/api/staff": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/staff" }) },
  "POST /staff/api/staff": { least: "admin", allowed: 200, request: () => ({ method: "POST", url: "/staff/api/staff", body: { email: newAddress("invitee"), role: "reader" } }) },
  "PATCH /staff/api/staff/{id}": { least: "admin", allowed: 200, request: (f) => ({ method: "PATCH", url: `/staff/api/staff/${f.colleagueId}`, body: { role: "reviewer" } }) },
  "GET /staff/api/audit": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/audit" }) },
  "GET /staff/api/exports/{format}": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/exports/csv?status=submitted" }) },
  // Export jobs.
  "POST /staff/api/export-jobs": { least: "admin", allowed: 202, request: () => ({ method: "POST", url: "/staff/api/export-jobs", body: { format: "csv", filter: { status: "submitted" } } }) },
  "GET /staff/api/export-jobs": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/export-jobs" }) },
  "GET /staff/api/export-jobs/{id}/download": {
    least: "admin", allowed: 404, message: messages.exportNotFound, request: () => ({ method: "GET", url: "/staff/api/export-jobs/6a1c3c52-2d4e-4c36-9e4a-0d3b0f1c2a11/download" }),
  },
  "GET /staff/api/api-keys": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/api-keys" }) },
  "GET /staff/api/versions": { least: "admin", allowed: 200, request: () => ({ method: "GET", url: "/staff/api/versions" }) },
  "GET /staff/api/versions/{from}/changes/{to}": {
    least: "admin", allowed: 200, request: (f) => ({ method: "GET", url: `/staff/api/versions/${f.version}/changes/${f.version}` }),
  },
  "POST /staff/api/api-keys": { least: "admin", allowed: 201, request: () => ({ method: "POST", url: "/staff/api/api-keys", body: { name: `matrix-${keyNames++}` } }) },
  "POST /staff/api/api-keys/{id}/revoke": {
    least: "admin", allowed: 404, message: messages.apiKeyNotFound("2147483647"), request: () => ({ method: "POST", url: "/staff/api/api-keys/2147483647/revoke" }),
  },
  // The integration API's (a key in the Authorization header: tests/server/integration-api.test.ts); with a
  // staff cookie and no key the path is the staff's application by id, which a reference is not.
  "GET /staff/api/applications/{reference}": {
    least: "reader", allowed: 400, message: "id must be a whole number.", request: () => ({ method: "GET", url: "/staff/api/applications/WU-FA26-000001" }),
  },
};

describe.each(databaseKinds())("who may call each /staff/api route (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let fixture: Fixture;

  /** A fresh client of each kind for each cell: a logout or a refusal in one cell never changes another. */
  async function caller(who: Caller): Promise<Client> {
    if (who === "anonymous") return new Client(server);
    if (who === "applicant") return loggedInApplicant(server);
    if (who !== "disabled") return loggedInStaff(server, who);
    const disabled = await loggedInStaff(server, "admin");
    await server.db.query("UPDATE staff SET disabled_at = $2 WHERE id = $1", [disabled.staffId, server.clock.now]);
    return disabled;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "staff-matrix-"));
    server = await startTestServer(kind, { dataDir });
    const applicant = await loggedInApplicant(server);
    expect((await applicant.put("/api/answer", { ...complete, first_name: "Johnathan", last_name: "Whitfield" })).statusCode).toBe(200);
    expect((await applicant.post("/api/submit")).statusCode).toBe(200);
    const [application] = await server.db.query<{ user_id: number }>("SELECT user_id FROM applications WHERE applicant_name = 'Johnathan Whitfield'");
    const uploadKey = storageKey("documents", ".pdf");
    const pdfKey = storageKey("documents", ".pdf");
    await server.ctx.storage.write(uploadKey, Buffer.from("%PDF-1.7 resume"), "application/pdf");
    await server.ctx.storage.write(pdfKey, Buffer.from("%PDF-1.7 resume"), "application/pdf");
    await server.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, file_size, pdf_key, status, updated_at)
       VALUES ($1, 'resume_pdf', 'resume.pdf', $2, 15, $3, 'COMPLETED', $4)`,
      [application!.user_id, uploadKey, pdfKey, server.clock.now]);
    const colleague = await loggedInStaff(server, "reader");
    // Two admins: the one changing the colleague is never the last.
    await loggedInStaff(server, "admin");
    const [closed] = await server.db.query<{ id: number }>(
      `INSERT INTO information_requests (application_id, message, asked_by, asked_at, withdrawn_by, withdrawn_at) VALUES ($1, 'Withdrawn', $2, $3, $2, $3) RETURNING id`,
      [application!.user_id, colleague.staffId, server.clock.now]);
    await server.db.query("INSERT INTO information_requests (application_id, message, asked_by, asked_at) VALUES ($1, 'Open', $2, $3)", [application!.user_id, colleague.staffId, server.clock.now]);
    fixture = { applicationId: application!.user_id, colleagueId: colleague.staffId, version: server.ctx.version.hash, closedRequestId: closed!.id };
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("has a row for every /staff/api route the app has, and none it lacks", async () => {
    const openapi = json(await (await loggedInStaff(server, "reader")).get("/api/openapi.json")) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(openapi.paths)
      .filter(([path]) => path.startsWith("/staff/api/"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: ${row.least === "anyone" ? "anyone, alike" : `${row.least} and above`}`, async () => {
      const cells: Record<string, [number, string | undefined]> = {};
      const expected: typeof cells = {};
      for (const who of CALLERS) {
        const client = await caller(who);
        const { method, url, body } = row.request(fixture);
        const response: LightMyRequestResponse = await client.call(method, url, body);
        cells[who] = [response.statusCode, response.statusCode >= 400 ? (json(response).message as string) : undefined];
        expected[who] = expectedCell(row, who);
      }
      expect(cells).toEqual(expected);
    });
  }
});

/** What `who` must get from `row`'s route. */
function expectedCell(row: Row, who: Caller): [number, string | undefined] {
  if (row.least !== "anyone") {
    if (who === "anonymous" || who === "applicant" || who === "disabled") return [401, messages.loginNeeded];
    if (ROLES.indexOf(who) < ROLES.indexOf(row.least)) return [403, messages.roleNeeded(row.least)];
  }
  return [row.allowed, row.message];
}
