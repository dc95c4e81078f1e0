// The applicant's own account through the real server on each database (issue 22 item 5): a new
// e-mail address confirmed by a code mailed to it, a new password, a zip of everything held (read
// back here: its entries, its JSON, a PDF opened with pdf-lib), and deleting an application not
// yet submitted; each refusal with its message, and each action in the office's audit log.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeDateTime } from "../../src/engine/runtime";
import { messages } from "../../src/api-contract/messages";
import {
  Client, completeApplication, conversionOf, databaseKinds, json, loggedInApplicant, newAddress, PASSWORD, postUploadForm, startTestServer, testForm, type TestServer,
} from "./harness";

const MINUTE = 60_000;
/** The institution's name as staff wrote it (the mails' subjects name it). */
const INSTITUTION = testForm().form.institution.name;
const NEW_PASSWORD = "Amber-Harbor-Willow-47";

async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

describe.each(databaseKinds())("the applicant's own account on %s", (kind) => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "own-account-"));
    server = await startTestServer(kind, { dataDir, workJobs: true });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The code in the latest e-mail-change mail to `address`. */
  const changeCodeFor = (address: string) => {
    const mail = server.mail.filter((m) => m.to === address && /Confirm your new/.test(m.subject)).at(-1);
    if (!mail) throw new Error(`no e-mail change mail to ${address}`);
    return /code is (\d{6})/.exec(mail.text)![1]!;
  };
  const auditOf = (actor: string) =>
    server.db.query<{ action: string; staff_id: number | null; application_id: number | null; detail: Record<string, unknown>; address: string }>(
      "SELECT action, staff_id, application_id, detail, address FROM audit_log WHERE actor = $1 ORDER BY id", [actor]);
  const userIdOf = async (address: string) =>
    (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [address]))[0]?.id;
  const storedFiles = () => readdirSync(join(dataDir, "files/documents"));

  async function attachResume(client: Client, fileName: string, text: string): Promise<Buffer> {
    const bytes = await pdfWith(text);
    const presigned = json(await client.post("/api/presigned-url", { answer_key: "resume_pdf" })) as { fields: Record<string, string> };
    expect((await postUploadForm(server, presigned.fields, bytes)).statusCode).toBe(204);
    await client.post("/api/pdf/document-answer/resume_pdf", { file_key: presigned.fields.key, file_name: fileName });
    expect(await conversionOf(client, "resume_pdf")).toEqual({ status: "COMPLETED", message: null });
    expect((await client.put("/api/answer", { resume: "Y", resume_pdf: "ANSWERED" })).statusCode).toBe(200);
    return bytes;
  }

  describe("changing the e-mail address", () => {
    it("mails a code to the new address; the code changes the login address, and the old address is told", async () => {
      const old = newAddress("old");
      const fresh = newAddress("new");
      const client = await loggedInApplicant(server, old);
      const asked = await client.post("/api/account/email", { email: fresh.toUpperCase(), password: PASSWORD });
      expect([asked.statusCode, json(asked)]).toEqual([200, { message: messages.emailChangeSent }]);
      const code = changeCodeFor(fresh);
      expect(server.mail.at(-1)!.subject).toBe(`Confirm your new ${INSTITUTION} email address: ${code}`);

      const wrong = await client.post("/api/account/email/confirm", { code: code === "000000" ? "111111" : "000000" });
      expect([wrong.statusCode, json(wrong).message]).toEqual([400, messages.emailChangeCodeWrong]);
      const confirmed = await client.post("/api/account/email/confirm", { code });
      expect([confirmed.statusCode, json(confirmed)]).toEqual([200, { message: messages.emailChanged, username: fresh }]);
      const notice = server.mail.at(-1)!;
      expect(notice).toMatchObject({ to: old, subject: `Your ${INSTITUTION} email address was changed` });
      expect(notice.text).toContain(`was changed to ${fresh} on ${officeDateTime(server.clock.now, testForm().form.institution.time_zone)}`);

      expect(json(await client.get("/api/profile")).username, "the session goes on, under the new address").toBe(fresh);
      expect(json(await new Client(server).post("/public/login", { username: old, password: PASSWORD })).message).toBe(messages.loginWrong);
      expect((await new Client(server).post("/public/login", { username: fresh, password: PASSWORD })).statusCode).toBe(200);
      const again = await client.post("/api/account/email/confirm", { code });
      expect(json(again).message, "a code works once").toBe(messages.emailChangeCodeWrong);

      const audit = await auditOf(old);
      expect(audit.map((row) => [row.action, row.staff_id, row.detail])).toEqual([["change email", null, { new_email: fresh }]]);
      expect(audit[0]!.application_id).toBe(await userIdOf(fresh));
      expect(JSON.stringify(await server.db.query("SELECT * FROM audit_log")), "no code or password in the log").not.toMatch(new RegExp(`${code}|${PASSWORD}`));
    });

    it("answers an address that has an account exactly as a free one, mails its owner no code, and changes nothing", async () => {
      const taken = newAddress("taken");
      await loggedInApplicant(server, taken);
      const client = await loggedInApplicant(server);
      server.advance(2 * MINUTE);
      const free = await client.post("/api/account/email", { email: newAddress("free"), password: PASSWORD });
      server.advance(2 * MINUTE);
      const before = await client.get("/api/profile");
      const toTaken = await client.post("/api/account/email", { email: taken, password: PASSWORD });
      expect([toTaken.statusCode, toTaken.body]).toEqual([free.statusCode, free.body]);
      const mail = server.mail.at(-1)!;
      expect(mail).toMatchObject({ to: taken, subject: `You already have a ${INSTITUTION} account` });
      expect(mail.text).not.toMatch(/\d{6}/);
      for (const code of ["000000", "123456"]) expect(json(await client.post("/api/account/email/confirm", { code })).message).toBe(messages.emailChangeCodeWrong);
      expect(json(await client.get("/api/profile")).username).toBe(json(before).username);
    });

    it("refuses a wrong current password, counted with the login's failures: the sixth in 15 minutes waits", async () => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      const mailCount = server.mail.length;
      for (let i = 0; i < 5; i++) {
        const wrong = await client.post("/api/account/email", { email: newAddress(), password: "Not-The-Password-1" });
        expect([wrong.statusCode, json(wrong).message]).toEqual([400, messages.currentPasswordWrong]);
      }
      const sixth = await client.post("/api/account/email", { email: newAddress(), password: PASSWORD });
      expect([sixth.statusCode, json(sixth).message]).toEqual([429, messages.loginThrottled(15)]);
      expect(server.mail.length, "no mail went out").toBe(mailCount);
      server.advance(15 * MINUTE);
      expect((await new Client(server).post("/public/login", { username: address, password: PASSWORD })).statusCode).toBe(200);
    });

    it("kills the code after 5 wrong tries, and at 10 minutes; one mail to an address a minute", async () => {
      const client = await loggedInApplicant(server);
      const first = newAddress("first");
      await client.post("/api/account/email", { email: first, password: PASSWORD });
      const code = changeCodeFor(first);
      const other = code === "999999" ? "888888" : "999999";
      for (let i = 0; i < 5; i++) await client.post("/api/account/email/confirm", { code: other });
      expect(json(await client.post("/api/account/email/confirm", { code })).message).toBe(messages.emailChangeCodeWrong);

      const throttled = await client.post("/api/account/email", { email: first, password: PASSWORD });
      expect([throttled.statusCode, json(throttled).message]).toEqual([429, messages.mailThrottled]);
      server.advance(MINUTE);
      await client.post("/api/account/email", { email: first, password: PASSWORD });
      const late = changeCodeFor(first);
      server.advance(10 * MINUTE + 1000);
      expect(json(await client.post("/api/account/email/confirm", { code: late })).message).toBe(messages.emailChangeCodeWrong);
    });

    it("takes at most 10 requests for a change an account an hour, whatever the addresses", async () => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      for (let i = 0; i < 10; i++) expect((await client.post("/api/account/email", { email: newAddress("bombed"), password: PASSWORD })).statusCode).toBe(200);
      const mailCount = server.mail.length;
      const eleventh = await client.post("/api/account/email", { email: newAddress("bombed"), password: PASSWORD });
      expect([eleventh.statusCode, json(eleventh).message]).toEqual([429, messages.tooManyEmailChanges]);
      expect(server.mail.length).toBe(mailCount);
      server.advance(60 * MINUTE);
      // The session ended meanwhile (15 minutes idle): a new login, and the hour's count starts over.
      await client.post("/public/login", { username: address, password: PASSWORD });
      expect((await client.post("/api/account/email", { email: newAddress("bombed"), password: PASSWORD })).statusCode).toBe(200);
    });

    it.each([
      ["not-an-address", PASSWORD, 400, messages.emailInvalid],
      ["SELF", PASSWORD, 400, messages.emailSame],
    ])("refuses %s with a message", async (email, password, status, message) => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      const response = await client.post("/api/account/email", { email: email === "SELF" ? address.toUpperCase() : email, password });
      expect([response.statusCode, json(response).message]).toEqual([status, message]);
    });

    it("refuses a code of the wrong form, and bodies that are not the route's", async () => {
      const client = await loggedInApplicant(server);
      expect(json(await client.post("/api/account/email/confirm", { code: "12345" })).message).toBe(messages.codeFormat);
      const extra = await client.post("/api/account/email", { email: newAddress(), password: PASSWORD, username: "x@example.com" });
      expect([extra.statusCode, json(extra).message]).toEqual([400, 'Unknown field "username" in the request body.']);
      const missing = await client.post("/api/account/password", { new_password: NEW_PASSWORD });
      expect([missing.statusCode, json(missing).message]).toEqual([400, "password is required in the request body."]);
    });
  });

  describe("changing the password", () => {
    it("takes the current password and a new one; every other session ends, this one goes on", async () => {
      const address = newAddress();
      const here = await loggedInApplicant(server, address);
      const elsewhere = new Client(server);
      await elsewhere.post("/public/login", { username: address, password: PASSWORD });
      const changed = await here.post("/api/account/password", { password: PASSWORD, new_password: NEW_PASSWORD });
      expect([changed.statusCode, json(changed)]).toEqual([200, { message: messages.passwordChanged }]);
      expect((await here.get("/api/session")).statusCode).toBe(200);
      expect([(await elsewhere.get("/api/session")).statusCode, json(await elsewhere.get("/api/session")).message]).toEqual([401, messages.sessionInvalid]);
      expect(json(await new Client(server).post("/public/login", { username: address, password: PASSWORD })).message).toBe(messages.loginWrong);
      expect((await new Client(server).post("/public/login", { username: address, password: NEW_PASSWORD })).statusCode).toBe(200);
      expect(server.mail.at(-1)).toMatchObject({ to: address, subject: `Your ${INSTITUTION} password was changed` });
      expect((await auditOf(address)).map((row) => row.action)).toEqual(["change password"]);
    });

    it.each([
      [PASSWORD, "short-1A", "Your password must meet every requirement: it is at least 12 characters."],
      [PASSWORD, "Password123!", messages.passwordCommon],
      ["Not-The-Password-1", NEW_PASSWORD, messages.currentPasswordWrong],
    ])("refuses current %s / new %s, and the password stays", async (password, newPassword, message) => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      const response = await client.post("/api/account/password", { password, new_password: newPassword });
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
      expect((await new Client(server).post("/public/login", { username: address, password: PASSWORD })).statusCode).toBe(200);
    });
  });

  describe("downloading everything held", () => {
    it("streams a zip of application.json and each document as uploaded and as PDF, under names that stay in the folder", async () => {
      const address = newAddress();
      const signedUpAt = server.clock.now.toISOString();
      const client = await loggedInApplicant(server, address);
      const uploaded = await attachResume(client, "../../etc/Résumé.pdf", "Ada Lovelace, analyst");
      await client.put("/api/answer", { first_name: "Ada" });
      const response = await client.get("/api/account/data");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/zip");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="my-application-data-${signedUpAt.slice(0, 10)}.zip"; filename*=UTF-8''my-application-data-${signedUpAt.slice(0, 10)}.zip`);
      const entries = unzipSync(new Uint8Array(response.rawPayload));
      const names = Object.keys(entries);
      expect(names).toEqual(["application.json", "documents/resume_pdf/original - _.._etc_Résumé.pdf", "documents/resume_pdf/converted.pdf"]);
      expect(names.every((name) => !name.split("/").includes("..") && !name.startsWith("/"))).toBe(true);

      const data = JSON.parse(strFromU8(entries["application.json"]!)) as Record<string, Record<string, unknown>> & { documents: Record<string, unknown>[] };
      expect(data.account).toMatchObject({ email: address, created_at: signedUpAt, logins: [signedUpAt] });
      expect(data.application).toMatchObject({ answers: { first_name: "Ada", resume: "Y", resume_pdf: "ANSWERED" }, submitted_at: null, reference: null, tabs: {}, add_another: {} });
      expect(data.application!.status_history).toEqual([]);
      expect(data.documents).toEqual([{
        answer_key: "resume_pdf", file_name: "../../etc/Résumé.pdf", file_size: uploaded.length, status: "COMPLETED", message: null,
        files: { original: "documents/resume_pdf/original - _.._etc_Résumé.pdf", converted: "documents/resume_pdf/converted.pdf" },
      }]);
      expect(Buffer.from(entries["documents/resume_pdf/original - _.._etc_Résumé.pdf"]!).equals(uploaded)).toBe(true);
      const pdf = await PDFDocument.load(entries["documents/resume_pdf/converted.pdf"]!);
      expect(pdf.getPageCount()).toBe(1);
      expect((await auditOf(address)).map((row) => row.action)).toEqual(["download own data"]);
    });

    it("holds only the session's own applicant, needs a session, and allows 10 downloads an hour", async () => {
      const mine = newAddress("mine");
      const theirs = newAddress("theirs");
      const me = await loggedInApplicant(server, mine);
      await (await loggedInApplicant(server, theirs)).put("/api/answer", { first_name: "Grace" });
      const zip = unzipSync(new Uint8Array((await me.get("/api/account/data")).rawPayload));
      const text = strFromU8(zip["application.json"]!);
      expect(JSON.parse(text).account.email).toBe(mine);
      expect(text).not.toMatch(/Grace|theirs/);
      const anonymous = await new Client(server).get("/api/account/data");
      expect([anonymous.statusCode, json(anonymous).message]).toEqual([401, messages.sessionInvalid]);
      for (let i = 0; i < 9; i++) expect((await me.get("/api/account/data")).statusCode).toBe(200);
      const eleventh = await me.get("/api/account/data");
      expect([eleventh.statusCode, json(eleventh).message]).toEqual([429, messages.tooManyDownloads]);
    });
  });

  describe("deleting an application", () => {
    it("deletes the answers, the documents and every file made of them, the sessions and the account, and ends the session", async () => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      await client.put("/api/answer", { first_name: "Ada" });
      await attachResume(client, "resume.pdf", "Ada Lovelace, analyst");
      const userId = (await userIdOf(address))!;
      const [row] = await server.db.query<{ upload_key: string; pdf_key: string }>("SELECT upload_key, pdf_key FROM document_answers WHERE user_id = $1", [userId]);
      const files = [row!.upload_key, row!.pdf_key, row!.pdf_key.replace(/\.pdf$/, ".png")].map((key) => key.replace(/^documents\//, ""));
      expect(storedFiles(), "the upload, its PDF and the PDF's thumbnail").toEqual(expect.arrayContaining(files));
      const deleted = await client.delete("/api/account");
      expect([deleted.statusCode, json(deleted)]).toEqual([200, { message: messages.applicationDeleted }]);
      expect(deleted.cookies.filter((c) => c.value === "").map((c) => c.name).sort()).toEqual(["apply_logged_in", "apply_session"]);
      expect(storedFiles().filter((file) => files.includes(file)), "removed from the store").toEqual([]);
      for (const table of ["users WHERE id", "applications WHERE user_id", "document_answers WHERE user_id", "sessions WHERE user_id", "successful_logins WHERE user_id"]) {
        expect(await server.db.query(`SELECT 1 FROM ${table} = $1`, [userId]), table).toHaveLength(0);
      }
      expect((await client.get("/api/profile")).statusCode).toBe(401);
      expect(json(await new Client(server).post("/public/login", { username: address, password: PASSWORD })).message).toBe(messages.loginWrong);
      expect((await auditOf(address)).map((row) => [row.action, row.application_id, row.detail])).toEqual([["delete application", userId, { files: 2 }]]);
    });

    it("keeps a submitted application: 409 with the message, and nothing goes", async () => {
      const client = await loggedInApplicant(server);
      expect((await client.put("/api/answer", completeApplication())).statusCode).toBe(200);
      expect((await client.post("/api/submit")).statusCode).toBe(200);
      const refused = await client.delete("/api/account");
      expect([refused.statusCode, json(refused)]).toEqual([409, { message: messages.keptSubmitted, code: "keptSubmitted" }]);
      expect(json(await client.get("/api/profile")).reference).toMatch(/^WU-/);
    });

    it("refuses a delete sent from another site, and deletes nobody else's", async () => {
      const address = newAddress();
      const client = await loggedInApplicant(server, address);
      const forged = await client.call("DELETE", "/api/account", undefined, { origin: "https://evil.example" });
      expect([forged.statusCode, json(forged).message]).toEqual([403, messages.crossSite]);
      const other = await loggedInApplicant(server);
      expect((await other.delete("/api/account")).statusCode).toBe(200);
      expect(await userIdOf(address), "only the session's own account goes").toBeDefined();
      expect((await client.get("/api/session")).statusCode).toBe(200);
    });
  });
});
