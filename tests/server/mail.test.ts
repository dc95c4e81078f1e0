// Account mail for real: through an SMTP server (the smtp-server package) when an SMTP URL is
// set, and as .eml files in DATA_DIR/outbox by default.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeDateTime } from "../../src/engine/runtime";
import { buildServer } from "../../src/server/app";
import { mailReleasedDecisions } from "../../src/server/decisions/mail";
import { completeApplication, freshDatabase, PASSWORD, testConfig, testForm, TEST_DAY } from "./harness";

const complete = completeApplication();

const signUp = (app: Awaited<ReturnType<typeof buildServer>>["app"], username: string) =>
  app.inject({ method: "POST", url: "/public/signup", payload: { username, password: PASSWORD } });
/** Confirms from the browser that signed up: its sign-up attempt's cookie goes with the code. */
const confirm = (app: Awaited<ReturnType<typeof buildServer>>["app"], signedUp: { cookies: { name: string; value: string }[] }, username: string, code: string) =>
  app.inject({ method: "POST", url: "/public/confirm", payload: { username, code }, cookies: Object.fromEntries(signedUp.cookies.map((c) => [c.name, c.value])) });

/** Bytes written =XX (quoted-printable, and Q encoded-words with _ for space) as text. */
const unquote = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");

/** The subject and text of a plain-text message as nodemailer writes it (Q-encoded subject, quoted-printable body). */
function readMessage(data: string): { subject: string; text: string } {
  const [head, ...body] = data.replace(/\r\n/g, "\n").split("\n\n");
  const subject = /^Subject: (.*(?:\n .*)*)/m.exec(head!)![1]!
    .replace(/\n /g, "")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, words: string) => unquote(words.replace(/_/g, " ")));
  const text = body.join("\n\n");
  return { subject, text: /^Content-Transfer-Encoding: quoted-printable$/m.test(head!) ? unquote(text.replace(/=\n/g, "")) : text };
}

describe("mail through SMTP", () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // The release's connections stay open for more: closed at once when the test ends.
      closeTimeout: 100,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("delivers the confirmation code, which then confirms the account", async () => {
    const { app } = await buildServer({ config: testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), db: await freshDatabase("pglite"), form: testForm() });
    try {
      const signedUp = await signUp(app, "smtp.user@example.com");
      expect(signedUp.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(["smtp.user@example.com"]);
      expect(received[0]!.from).toBe("admission@westbrook.example.edu");
      const code = /code is (\d{6})/.exec(received[0]!.data)![1]!;
      expect((await confirm(app, signedUp, "smtp.user@example.com", code)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("delivers the confirmation of a submit, with the reference and none of the answers", async () => {
    const { app, ctx } = await buildServer({
      config: testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), db: await freshDatabase("pglite"), form: testForm(), now: () => new Date(`${TEST_DAY}T12:00:00Z`),
    });
    try {
      const username = "smtp.submitter@example.com";
      const signedUp = await signUp(app, username);
      const code = /code is (\d{6})/.exec(received.at(-1)!.data)![1]!;
      expect((await confirm(app, signedUp, username, code)).statusCode).toBe(200);
      const login = await app.inject({ method: "POST", url: "/public/login", payload: { username, password: PASSWORD } });
      const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      const answers = { ...complete, first_name: "Seraphina", phone_mobile: "(555) 555-0177" };
      expect((await app.inject({ method: "PUT", url: "/api/answer", payload: answers, cookies })).statusCode).toBe(200);
      const submitted = await app.inject({ method: "POST", url: "/api/submit", cookies });
      expect(submitted.statusCode).toBe(200);
      await ctx.background.idle();

      const mail = received.at(-1)!;
      expect(mail.to).toEqual([username]);
      const message = readMessage(mail.data);
      expect(message.subject).toBe(`We received your application — WU-${complete.entry_term}-000001`);
      expect(message.text).toContain(`Your reference number is WU-${complete.entry_term}-000001.`);
      expect(message.text).toContain("November 22, 2026 at 7:00 AM EST");
      expect(message.text).toContain("http://localhost:8080/login");
      for (const answer of ["Seraphina", "555-0177", "Okafor"]) expect(message.text).not.toContain(answer);
    } finally {
      await app.close();
    }
  });

  it("delivers an e-mail change's code to the new address, which then changes it, and tells the old address", async () => {
    const { app, ctx } = await buildServer({
      config: testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), db: await freshDatabase("pglite"), form: testForm(), now: () => new Date(`${TEST_DAY}T12:00:00Z`),
    });
    try {
      const username = "smtp.mover@example.com";
      const signedUp = await signUp(app, username);
      expect((await confirm(app, signedUp, username, /code is (\d{6})/.exec(received.at(-1)!.data)![1]!)).statusCode).toBe(200);
      const login = await app.inject({ method: "POST", url: "/public/login", payload: { username, password: PASSWORD } });
      const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      const asked = await app.inject({ method: "POST", url: "/api/account/email", payload: { email: "smtp.moved@example.com", password: PASSWORD }, cookies });
      expect(asked.statusCode).toBe(200);
      const codeMail = received.at(-1)!;
      expect(codeMail.to).toEqual(["smtp.moved@example.com"]);
      const code = /code is (\d{6})/.exec(readMessage(codeMail.data).text)![1]!;
      expect(readMessage(codeMail.data).subject).toBe(`Confirm your new ${testForm().form.institution.name} email address: ${code}`);
      const confirmed = await app.inject({ method: "POST", url: "/api/account/email/confirm", payload: { code }, cookies });
      expect([confirmed.statusCode, confirmed.json().username]).toEqual([200, "smtp.moved@example.com"]);
      await ctx.background.idle();
      const notice = received.at(-1)!;
      expect(notice.to).toEqual([username]);
      expect(readMessage(notice.data).subject).toBe(`Your ${testForm().form.institution.name} email address was changed`);
      expect(readMessage(notice.data).text).toContain(`was changed to smtp.moved@example.com on ${officeDateTime(new Date(`${TEST_DAY}T12:00:00Z`), testForm().form.institution.time_zone)}`);
    } finally {
      await app.close();
    }
  });

  it("delivers a release's mails over a few connections kept open, each with the Message-ID of its decision", async () => {
    const db = await freshDatabase("pglite");
    const { app, ctx } = await buildServer({ config: testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), db, form: testForm() });
    try {
      await db.query("INSERT INTO users (username, password_hash, created_at) SELECT 'offer' || i || '@example.org', 'x', now() FROM generate_series(1, 40) i");
      await db.query("INSERT INTO applications (user_id, updated_at, submitted_at, reference) SELECT id, now(), now(), 'OFFER-' || id FROM users");
      const [staff] = await db.query<{ id: number }>("INSERT INTO staff (email, role, password_hash, created_at) VALUES ('dean@example.edu', 'admin', 'x', now()) RETURNING id");
      await db.query("INSERT INTO decisions (application_id, code, recorded_by, recorded_at, release_at, letter) SELECT user_id, 'admit', $1, now(), now(), 'Dear Ada,' FROM applications", [staff!.id]);
      const [before, connectedBefore] = [received.length, connections];
      expect(await mailReleasedDecisions(ctx, 1000)).toEqual({ sent: 40, next: null });
      const mails = received.slice(before);
      expect(mails.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `offer${i + 1}@example.org`).sort());
      expect(new Set(mails.map((m) => /^Message-ID: (<decision-\d+-\d+-\d+@localhost>)$/m.exec(m.data)?.[1])).size).toBe(40);
      expect(connections - connectedBefore).toBeLessThanOrEqual(8);
    } finally {
      await app.close();
    }
  });

  it("tells the applicant to try again when the mail server cannot be reached", async () => {
    const { app } = await buildServer({ config: testConfig({ smtpUrl: "smtp://127.0.0.1:1" }), db: await freshDatabase("pglite"), form: testForm() });
    try {
      const response = await signUp(app, "unlucky@example.com");
      expect([response.statusCode, response.json().message]).toEqual([503, "We could not send the email just now. Please try again in a minute."]);
    } finally {
      await app.close();
    }
  });
});

describe("mail to the outbox folder (the embedded default)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "outbox-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes each mail as an .eml file a mail program opens, with the code in it", async () => {
    const { app } = await buildServer({ config: testConfig({ dataDir }), db: await freshDatabase("pglite"), form: testForm() });
    try {
      const signedUp = await signUp(app, "outbox.user@example.com");
      const files = readdirSync(join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(join(dataDir, "outbox", files[0]!), "utf8");
      expect(eml).toMatch(/^From: Office of Undergraduate Admission <admission@westbrook\.example\.edu>$/m);
      expect(eml).toMatch(/^To: outbox\.user@example\.com$/m);
      expect(eml).toMatch(/^Subject: Your Westbrook University confirmation code: \d{6}$/m);
      const code = /code is (\d{6})/.exec(eml)![1]!;
      expect((await confirm(app, signedUp, "outbox.user@example.com", code)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
