// Staff accounts: an admin invites, the invitation sets a password and an authenticator, the login
// asks for all three at once; admins manage the staff and read the audit log.
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../src/api-contract";
import { OPERATOR, recordAudit } from "../../src/server/staff/audit";
import { changeStaff } from "../../src/server/staff/members";
import { Client, databaseKinds, json, loggedInApplicant, loggedInStaff, MANY_HASHES_MS, newAddress, PASSWORD, startTestServer, type TestServer } from "./harness";

const WRONG = { message: "Incorrect email address, password or code.", code: "staffLoginWrong" };
const INVITATION_INVALID = { message: "This invitation link is not valid or has expired. Ask an admin for a new one.", code: "invitationInvalid" };
const ADMIN_NEEDED = { message: "This needs the admin role. Ask an admin if you need it.", code: "roleNeeded" };

/** The authenticator's code now, or `steps` steps of 30 seconds away. */
const totp = (server: TestServer, secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(server.clock.now.getTime() / 1000) + steps * 30 });

/** The token in the latest invitation mailed to `email`. */
function invitationTo(server: TestServer, email: string): string {
  const mail = server.mail.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no invitation to ${email}`);
  return /\/staff\/welcome\?token=([\w-]+)/.exec(mail.text)![1]!;
}

type Admin = Awaited<ReturnType<typeof loggedInStaff>>;
type Enrolment = { secret: string; otpauth_url: string; qr_svg: string };
interface Enrolled { email: string; secret: string; recoveryCodes: string[]; staffId: number }

async function invite(admin: Admin, role: StaffRole, email = newAddress(role)): Promise<string> {
  const r = await admin.post("/staff/api/staff", { email, role });
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return email;
}

/** Invited by `admin` and through both enrolment steps; the clock is then one step on, as the enrolment's code is used. */
async function enrolled(server: TestServer, admin: Admin, role: StaffRole): Promise<Enrolled> {
  const email = await invite(admin, role);
  const token = invitationTo(server, email);
  const browser = new Client(server);
  const { secret } = json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD })) as { secret: string };
  const r = await browser.post("/staff/api/invitation/totp", { token, code: totp(server, secret) });
  const { recovery_codes: recoveryCodes } = json(r) as { recovery_codes: string[] };
  const [row] = await server.db.query<{ id: number }>("SELECT id FROM staff WHERE email = $1", [email]);
  server.advance(30_000);
  return { email, secret, recoveryCodes, staffId: row!.id };
}

async function logIn(server: TestServer, person: Enrolled, code = totp(server, person.secret), client = new Client(server)): Promise<Client> {
  const r = await client.post("/staff/api/login", { email: person.email, password: PASSWORD, code });
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return client;
}

describe.each(databaseKinds())("staff accounts (%s)", (kind) => {
  let server: TestServer;
  let admin: Admin;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await loggedInStaff(server, "admin");
  });
  afterAll(() => server.app.close());

  /** The admin's session ends after 15 idle minutes; tests that move the clock further log in again. */
  const freshAdmin = async () => (admin = await loggedInStaff(server, "admin"));

  it("invites, enrols with a password and an authenticator, hands out ten recovery codes once, and logs in with all three", async () => {
    const email = newAddress("Reviewer").toUpperCase();
    const invited = await admin.post("/staff/api/staff", { email, role: "reviewer" });
    expect(invited.statusCode).toBe(200);
    expect(json(invited)).toMatchObject({ email: email.toLowerCase(), role: "reviewer", state: "invited", last_login_at: null });

    const mail = server.mail.at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toBe("Your Westbrook University admissions office account");
    expect(mail.text).toMatch(/^You have been given an account in the Westbrook University admissions office, with the reviewer role\./);
    expect(mail.text).toContain("http://localhost:8080/staff/welcome?token=");
    expect(mail.text).toContain("The link works once, for 24 hours. If it has expired, ask an admin for a new one.");
    const token = invitationTo(server, email.toLowerCase());

    const browser = new Client(server);
    expect(json(await browser.get(`/staff/api/invitation?token=${token}`))).toEqual({ email: email.toLowerCase(), role: "reviewer" });
    const early = await browser.post("/staff/api/invitation/totp", { token, code: "123456" });
    expect([early.statusCode, json(early)]).toEqual([409, { message: "Please choose your password first.", code: "passwordFirst" }]);

    const weak = await browser.post("/staff/api/invitation/password", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(json(weak).message).toMatch(/^Your password must meet every requirement: it /);
    const common = await browser.post("/staff/api/invitation/password", { token, password: "Password123!" });
    expect(json(common)).toEqual({ message: "This password is too common and easy to guess. Please choose a different one.", code: "passwordCommon" });

    const first = json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD })) as Enrolment;
    const enrolment = json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD })) as Enrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.secret).not.toBe(first.secret);
    expect(enrolment.otpauth_url).toBe(`otpauth://totp/Westbrook%20University:${encodeURIComponent(email.toLowerCase())}?secret=${enrolment.secret}&issuer=Westbrook%20University`);
    expect(enrolment.qr_svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    // The first secret was replaced: its codes no longer enrol.
    expect(json(await browser.post("/staff/api/invitation/totp", { token, code: totp(server, first.secret) }))).toEqual({
      message: "That code is not right. Check that your phone's clock is set automatically, and type the code your authenticator app shows now.",
      code: "enrolmentCodeWrong",
    });
    const enrolled = await browser.post("/staff/api/invitation/totp", { token, code: totp(server, enrolment.secret) });
    expect(enrolled.statusCode).toBe(200);
    const codes = (json(enrolled) as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);

    // Used up: the link opens nothing any more.
    expect(json(await browser.get(`/staff/api/invitation?token=${token}`))).toEqual(INVITATION_INVALID);
    expect((await browser.get(`/staff/api/invitation?token=${token}`)).statusCode).toBe(404);
    expect(json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD }))).toEqual(INVITATION_INVALID);

    server.advance(30_000);
    const login = await browser.post("/staff/api/login", { email, password: PASSWORD, code: totp(server, enrolment.secret) });
    expect(login.statusCode).toBe(200);
    const [row] = await server.db.query<{ id: number; password_hash: string }>("SELECT id, password_hash FROM staff WHERE email = $1", [email.toLowerCase()]);
    expect(json(login)).toEqual({ id: row!.id, email: email.toLowerCase(), role: "reviewer" });
    expect(json(await browser.get("/staff/api/me"))).toEqual({ id: row!.id, email: email.toLowerCase(), role: "reviewer" });

    // Only hashes are kept: the password as Argon2id, the link and the recovery codes as HMACs.
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const stored = JSON.stringify([
      await server.db.query("SELECT * FROM staff_invitations WHERE staff_id = $1", [row!.id]),
      await server.db.query("SELECT * FROM staff_recovery_codes WHERE staff_id = $1", [row!.id]),
    ]);
    expect(stored).not.toContain(token);
    for (const code of codes) expect(stored).not.toContain(code);
  });

  it("answers an unknown address, a wrong password and a wrong code with the same message", async () => {
    const person = await enrolled(server, admin, "reader");
    const attempts = [
      { email: newAddress("nobody"), password: PASSWORD, code: totp(server, person.secret) },
      { email: person.email, password: "Wrong-Lantern-82", code: totp(server, person.secret) },
      { email: person.email, password: PASSWORD, code: totp(server, person.secret, 3) },
      { email: person.email, password: PASSWORD, code: "zzzz-zzzz-zzzz" },
    ];
    for (const body of attempts) {
      const r = await new Client(server).post("/staff/api/login", body);
      expect([r.statusCode, json(r)]).toEqual([400, WRONG]);
    }
    expect((await logIn(server, person)).cookies.has(server.ctx.staffCookie.name)).toBe(true);
  });

  it("locks an account out of the address that failed 5 times for 15 minutes, even for the right code, and lets it in after", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "reader");
    const address = "10.40.0.1";
    for (let i = 0; i < 5; i++) {
      expect(json(await new Client(server, address).post("/staff/api/login", { email: person.email, password: "Wrong-Lantern-82", code: totp(server, person.secret) }))).toEqual(WRONG);
    }
    const locked = await new Client(server, address).post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) });
    expect([locked.statusCode, json(locked)]).toEqual([429, { message: "Too many unsuccessful login attempts. Please wait 15 minutes and try again.", code: "staffLoginThrottled" }]);
    server.advance(14 * 60_000);
    expect((await new Client(server, address).post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) })).statusCode).toBe(429);
    server.advance(60_000 + 1);
    expect(json(await (await logIn(server, person, undefined, new Client(server, address))).get("/staff/api/me"))).toMatchObject({ email: person.email });
  });

  it("leaves an admin able to log in from elsewhere while 300 wrong passwords come from one address, and logs that storm in 7 rows", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "admin");
    const attacker = "10.41.0.1";
    const countRows = async () => (await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE actor = $1 AND action = 'login failed'", [person.email]))[0]!.n;
    const before = await countRows();
    const answers = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const r = await new Client(server, attacker).post("/staff/api/login", { email: person.email, password: `Wrong-Lantern-${i}`, code: "000000" });
      answers.set(r.statusCode, (answers.get(r.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ 400: 5, 429: 295 });
    // The stated bound (staff/login.ts): the account's 5 failures, its first refusal, and the address's (its 51st attempt).
    const rows = await server.db.query<{ detail: Record<string, unknown>; address: string }>(
      "SELECT detail, address FROM audit_log WHERE actor = $1 AND action = 'login failed' ORDER BY id", [person.email]);
    expect(rows.length - before).toBe(7);
    expect(rows.slice(before).map((row) => [row.address, row.detail])).toEqual([...Array(5).fill([attacker, {}]), [attacker, { throttled: true }], [attacker, { throttled: true }]]);
    // The admin, from the office, with the right password and code.
    const office = await logIn(server, person, undefined, new Client(server, "10.41.9.9"));
    expect(json(await office.get("/staff/api/me"))).toMatchObject({ email: person.email, role: "admin" });
    expect(await countRows()).toBe(before + 7);
  }, MANY_HASHES_MS);

  it("locks an account everywhere past 100 failures from many addresses, tells its owner once by mail, and still lets it in from an address it has used", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "admin");
    const home = "10.42.0.1";
    await logIn(server, person, undefined, new Client(server, home));
    server.advance(30_000);
    const mailsBefore = server.mail.filter((m) => m.to === person.email).length;
    // 20 addresses, 5 guesses each: 100 failures, each address at its own limit.
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) {
        const r = await new Client(server, `10.43.${a}.1`).post("/staff/api/login", { email: person.email, password: "Wrong-Lantern-1", code: "000000" });
        expect(r.statusCode).toBe(400);
      }
    }
    const elsewhere = await new Client(server, "10.43.99.1").post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) });
    expect([elsewhere.statusCode, json(elsewhere).code]).toEqual([429, "staffLoginThrottled"]);
    expect((await new Client(server, "10.43.98.1").post("/staff/api/login", { email: person.email, password: "Wrong-Lantern-1", code: "000000" })).statusCode).toBe(429);
    await server.ctx.background.idle();
    const mails = server.mail.filter((m) => m.to === person.email).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(["Many wrong passwords for your Westbrook University admissions office account"]);
    expect(mails[0]!.text).toContain("logins from addresses you have not used before are refused for the next 15 minutes");
    // From home, where the admin logged in before: in.
    expect(json(await (await logIn(server, person, undefined, new Client(server, home))).get("/staff/api/me"))).toMatchObject({ email: person.email });
    server.advance(15 * 60_000 + 1);
    await logIn(server, person, undefined, new Client(server, "10.43.99.1"));
  }, MANY_HASHES_MS);

  it("caps failed logins from one client address at 50 in 15 minutes, across accounts", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "reader");
    const guesser = new Client(server, "10.44.0.1");
    for (let i = 0; i < 50; i++) {
      expect((await guesser.post("/staff/api/login", { email: newAddress("guess"), password: "Guess-Lantern-1", code: "000000" })).statusCode).toBe(400);
    }
    const refused = await guesser.post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) });
    expect([refused.statusCode, json(refused)]).toEqual([429, { message: "Too many unsuccessful login attempts. Please wait 15 minutes and try again.", code: "staffLoginThrottled" }]);
    // One row for the first refusal, none for those after it.
    for (let i = 0; i < 10; i++) expect((await guesser.post("/staff/api/login", { email: newAddress("guess"), password: "x", code: "000000" })).statusCode).toBe(429);
    const [{ n }] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE address = '10.44.0.1' AND action = 'login failed'") as [{ n: number }];
    expect(n).toBe(51);
    await logIn(server, person);
  }, MANY_HASHES_MS);

  it("logs a storm from one address over many accounts in at most 51 rows a window, however long it lasts", async () => {
    const address = "10.45.0.1";
    const emails = Array.from({ length: 12 }, () => newAddress("storm"));
    // Each account to its 5 and past it, then every account again, three rounds.
    for (let round = 0; round < 3; round++) {
      for (const email of emails) {
        for (let i = 0; i < 7; i++) await new Client(server, address).post("/staff/api/login", { email, password: "Guess-Lantern-1", code: "000000" });
      }
    }
    const [{ n }] = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE address = $1", [address]) as [{ n: number }];
    // The address's 50: seven accounts of 5 failures and a first refusal (42 rows in 49 attempts),
    // the eighth's first failure; then its own first refusal. Nothing after, in any round.
    expect(n).toBe(44);
  }, MANY_HASHES_MS);

  it("takes each recovery code once, typed in any case, with spaces or without dashes", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "reader");
    const [code, other] = person.recoveryCodes as [string, string];
    await logIn(server, person, code.toUpperCase());
    expect(json(await new Client(server).post("/staff/api/login", { email: person.email, password: PASSWORD, code }))).toEqual(WRONG);
    await logIn(server, person, ` ${other.replace(/-/g, " ")} `);
  });

  it("refuses an authenticator code used once already, and the enrolment's code", async () => {
    const email = await invite(admin, "reader");
    const token = invitationTo(server, email);
    const browser = new Client(server);
    const { secret } = json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD })) as { secret: string };
    const code = totp(server, secret);
    expect((await browser.post("/staff/api/invitation/totp", { token, code })).statusCode).toBe(200);
    expect(json(await browser.post("/staff/api/login", { email, password: PASSWORD, code }))).toEqual(WRONG);

    server.advance(30_000);
    const person = { email, secret, recoveryCodes: [], staffId: 0 };
    const next = totp(server, secret);
    await logIn(server, person, next);
    expect(json(await new Client(server).post("/staff/api/login", { email, password: PASSWORD, code: next }))).toEqual(WRONG);
    // A code one step old is still in the window, but older than the one used: refused too.
    expect(json(await new Client(server).post("/staff/api/login", { email, password: PASSWORD, code: totp(server, secret, -1) }))).toEqual(WRONG);
    server.advance(30_000);
    await logIn(server, person);
  });

  it("starts a new session at every login and ends the one the browser held", async () => {
    const person = await enrolled(server, admin, "reader");
    const client = await logIn(server, person);
    const before = client.cookies.get(server.ctx.staffCookie.name)!;
    server.advance(30_000);
    await client.post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) });
    const after = client.cookies.get(server.ctx.staffCookie.name)!;
    expect(after).not.toBe(before);
    const stale = new Client(server);
    stale.cookies.set(server.ctx.staffCookie.name, before);
    expect((await stale.get("/staff/api/me")).statusCode).toBe(401);
  });

  it("accepts an enrolment code a step either side of now, and no further", async () => {
    const email = await invite(admin, "reader");
    const token = invitationTo(server, email);
    const browser = new Client(server);
    const { secret } = json(await browser.post("/staff/api/invitation/password", { token, password: PASSWORD })) as { secret: string };
    for (const code of [totp(server, secret, -2), totp(server, secret, 2), "12345", "abcdef"]) {
      const r = await browser.post("/staff/api/invitation/totp", { token, code });
      expect(r.statusCode).toBe(400);
    }
    expect((await browser.post("/staff/api/invitation/totp", { token, code: totp(server, secret, -1) })).statusCode).toBe(200);
  });

  it("lets an invitation work for 24 hours, and a new one replace the old", async () => {
    await freshAdmin();
    const email = await invite(admin, "reader");
    const old = invitationTo(server, email);
    await invite(admin, "reviewer", email);
    const fresh = invitationTo(server, email);
    expect(json(await new Client(server).get(`/staff/api/invitation?token=${old}`))).toEqual(INVITATION_INVALID);
    expect(json(await new Client(server).get(`/staff/api/invitation?token=${fresh}`))).toEqual({ email, role: "reviewer" });
    server.advance(24 * 60 * 60_000 - 1000);
    expect((await new Client(server).get(`/staff/api/invitation?token=${fresh}`)).statusCode).toBe(200);
    server.advance(2000);
    expect(json(await new Client(server).get(`/staff/api/invitation?token=${fresh}`))).toEqual(INVITATION_INVALID);
    expect(json(await new Client(server).post("/staff/api/invitation/password", { token: fresh, password: PASSWORD }))).toEqual(INVITATION_INVALID);
    expect(json(await new Client(server).get("/staff/api/invitation?token=made-up"))).toEqual(INVITATION_INVALID);
  });

  it("lets admins list staff, change a role, and disable an account, whose session ends at once and who cannot log in", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "reader");
    const client = await logIn(server, person);
    const invitedOnly = await invite(admin, "reader");

    const { staff } = json(await admin.get("/staff/api/staff")) as { staff: Record<string, unknown>[] };
    expect(staff.find((m) => m.email === person.email)).toEqual({
      id: person.staffId, email: person.email, role: "reader", state: "active", created_at: expect.any(String), last_login_at: server.clock.now.toISOString(),
    });
    expect(staff.find((m) => m.email === invitedOnly)).toMatchObject({ state: "invited", last_login_at: null });

    const promoted = await admin.call("PATCH", `/staff/api/staff/${person.staffId}`, { role: "reviewer" });
    expect(json(promoted)).toMatchObject({ id: person.staffId, role: "reviewer", state: "active" });
    expect(json(await client.get("/staff/api/me"))).toMatchObject({ role: "reviewer" });

    expect(json(await admin.call("PATCH", `/staff/api/staff/${person.staffId}`, { disabled: true }))).toMatchObject({ state: "disabled" });
    expect((await client.get("/staff/api/me")).statusCode).toBe(401);
    server.advance(30_000);
    expect(json(await new Client(server).post("/staff/api/login", { email: person.email, password: PASSWORD, code: totp(server, person.secret) }))).toEqual(WRONG);
    const again = await admin.post("/staff/api/staff", { email: person.email, role: "reader" });
    expect([again.statusCode, json(again)]).toEqual([409, { message: `${person.email} already has an account, which is disabled. Enable it in the staff list instead.`, code: "alreadyDisabled" }]);

    expect(json(await admin.call("PATCH", `/staff/api/staff/${person.staffId}`, { disabled: false }))).toMatchObject({ state: "active" });
    await logIn(server, person);
    const active = await admin.post("/staff/api/staff", { email: person.email, role: "admin" });
    expect([active.statusCode, json(active)]).toEqual([409, { message: `${person.email} already has an account. Change their role in the staff list instead.`, code: "alreadyActive" }]);

    expect(json(await admin.post("/staff/api/staff", { email: "not an address", role: "reader" }))).toEqual({ message: "Please enter a valid email address.", code: "staffEmailInvalid" });
    const unknown = await admin.call("PATCH", "/staff/api/staff/2147483647", { role: "reader" });
    expect([unknown.statusCode, json(unknown)]).toEqual([404, { message: "There is no staff member with this id.", code: "staffUnknown" }]);
  });

  it("does not let an invited account log in before it is enrolled", async () => {
    const email = await invite(admin, "reader");
    const token = invitationTo(server, email);
    const { secret } = json(await new Client(server).post("/staff/api/invitation/password", { token, password: PASSWORD })) as { secret: string };
    expect(json(await new Client(server).post("/staff/api/login", { email, password: PASSWORD, code: totp(server, secret) }))).toEqual(WRONG);
  });

  it("refuses staff management and the audit log to readers and reviewers", async () => {
    for (const role of ["reader", "reviewer"] as const) {
      const member = await loggedInStaff(server, role);
      for (const r of [
        await member.get("/staff/api/staff"),
        await member.post("/staff/api/staff", { email: newAddress(), role: "admin" }),
        await member.call("PATCH", `/staff/api/staff/${member.staffId}`, { role: "admin" }),
        await member.get("/staff/api/audit"),
      ]) expect([r.statusCode, json(r)]).toEqual([403, ADMIN_NEEDED]);
    }
  });

  it("does not let admins disable or demote themselves", async () => {
    for (const change of [{ disabled: true }, { role: "reviewer" }]) {
      const r = await admin.call("PATCH", `/staff/api/staff/${admin.staffId}`, change);
      expect([r.statusCode, json(r)]).toEqual([409, { message: "You cannot disable your own account or take away your own admin role. Ask another admin.", code: "notYourself" }]);
    }
    expect(json(await admin.get("/staff/api/me"))).toMatchObject({ role: "admin" });
  });

  it("records logins, failed logins, logouts, invitations, changes and enrolments, and never a password, code, token or link", async () => {
    await freshAdmin();
    const person = await enrolled(server, admin, "reader");
    const token = /\/staff\/welcome\?token=([\w-]+)/.exec(server.mail.at(-1)!.text)![1]!;
    const client = await logIn(server, person);
    await client.post("/staff/api/logout");
    const stranger = `Stranger.${Date.now()}@Example.com`;
    await new Client(server).post("/staff/api/login", { email: stranger, password: "Guess-Lantern-1", code: "000000" });
    await new Client(server).post("/staff/api/login", { email: person.email, password: "Guess-Lantern-2", code: "000000" });
    await admin.call("PATCH", `/staff/api/staff/${person.staffId}`, { role: "reviewer" });
    await admin.call("PATCH", `/staff/api/staff/${person.staffId}`, { disabled: true });

    const rows = await server.db.query<Record<string, unknown>>(
      "SELECT staff_id, actor, action, detail, address FROM audit_log WHERE actor IN ($1, $2, $3) OR detail->>'email' = $1 ORDER BY id",
      [person.email, admin.email, stranger.toLowerCase()],
    );
    const { staffId } = person;
    expect(rows).toEqual([
      { staff_id: admin.staffId, actor: admin.email, action: "invite staff", detail: { staff_id: staffId, email: person.email, role: "reader" }, address: expect.any(String) },
      { staff_id: staffId, actor: person.email, action: "staff enrolled", detail: {}, address: expect.any(String) },
      { staff_id: staffId, actor: person.email, action: "login", detail: {}, address: expect.any(String) },
      { staff_id: staffId, actor: person.email, action: "logout", detail: {}, address: expect.any(String) },
      { staff_id: null, actor: stranger.toLowerCase(), action: "login failed", detail: {}, address: expect.any(String) },
      { staff_id: staffId, actor: person.email, action: "login failed", detail: {}, address: expect.any(String) },
      { staff_id: admin.staffId, actor: admin.email, action: "change staff", detail: { staff_id: staffId, email: person.email, role: "reviewer" }, address: expect.any(String) },
      { staff_id: admin.staffId, actor: admin.email, action: "change staff", detail: { staff_id: staffId, email: person.email, disabled: true }, address: expect.any(String) },
    ]);
    expect(rows[2]!.address).toMatch(/^10\./);

    const everything = JSON.stringify(await server.db.query("SELECT * FROM audit_log"));
    for (const secret of [PASSWORD, "Guess-Lantern", token, person.secret, ...person.recoveryCodes, "/staff/welcome"]) expect(everything).not.toContain(secret);
  });

  it("reads the audit log newest first, 50 a page, filtered by actor, action, application and days", async () => {
    await freshAdmin();
    const actor = newAddress("auditor");
    const username = newAddress();
    await loggedInApplicant(server, username);
    const [application] = await server.db.query<{ user_id: number }>(
      "UPDATE applications SET reference = 'WU-FA26-000042' WHERE user_id = (SELECT id FROM users WHERE username = $1) RETURNING user_id",
      [username],
    );
    const at = (day: string) => new Date(`2026-11-${day}T10:00:00Z`);
    for (let i = 0; i < 55; i++) {
      await recordAudit(server.db, { staffId: null, actor, address: "10.0.0.1" }, { at: at("20"), action: "view application", applicationId: application!.user_id });
    }
    await recordAudit(server.db, { staffId: null, actor, address: null }, { at: at("21"), action: "note", applicationId: null });

    const first = json(await admin.get(`/staff/api/audit?actor=${encodeURIComponent(actor.toUpperCase())}`)) as { rows: Record<string, unknown>[]; next: number };
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toEqual({ id: expect.any(Number), at: at("21").toISOString(), actor, action: "note", application_id: null, reference: null, detail: {}, address: null });
    expect(first.rows[1]).toMatchObject({ action: "view application", application_id: application!.user_id, reference: "WU-FA26-000042", address: "10.0.0.1" });
    const ids = first.rows.map((r) => r.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next).toBe(ids.at(-1));

    const second = json(await admin.get(`/staff/api/audit?actor=${encodeURIComponent(actor)}&before=${first.next}`)) as { rows: Record<string, unknown>[]; next: number | null };
    expect(second.rows).toHaveLength(6);
    expect(second.next).toBeNull();

    const notes = json(await admin.get(`/staff/api/audit?actor=${encodeURIComponent(actor)}&action=note`)) as { rows: unknown[] };
    expect(notes.rows).toHaveLength(1);
    const byApplication = json(await admin.get(`/staff/api/audit?application=${application!.user_id}&actor=${encodeURIComponent(actor)}`)) as { rows: unknown[]; next: number };
    expect(byApplication.rows).toHaveLength(50);
    const days = (from: string, to: string) => admin.get(`/staff/api/audit?actor=${encodeURIComponent(actor)}&from=${from}&to=${to}`);
    expect((json(await days("2026-11-21", "2026-11-21")) as { rows: unknown[] }).rows).toHaveLength(1);
    expect((json(await days("2026-11-19", "2026-11-20")) as { rows: unknown[] }).rows).toHaveLength(50);
    expect((json(await days("2026-11-22", "2026-11-30")) as { rows: unknown[] }).rows).toHaveLength(0);
    // Days are the office's (New York): 03:00 UTC on the 24th is still the 23rd there.
    const late = newAddress("late");
    await recordAudit(server.db, { staffId: null, actor: late, address: null }, { at: new Date("2026-11-24T03:00:00Z"), action: "login failed" });
    const lateOn = async (day: string) => (json(await admin.get(`/staff/api/audit?actor=${encodeURIComponent(late)}&from=${day}&to=${day}`)) as { rows: unknown[] }).rows;
    expect(await lateOn("2026-11-23")).toHaveLength(1);
    expect(await lateOn("2026-11-24")).toHaveLength(0);

    const bad = await admin.get("/staff/api/audit?before=soon");
    expect([bad.statusCode, json(bad)]).toEqual([400, { message: "before must be a whole number.", code: "badRequest" }]);
  });
});

describe.each(databaseKinds())("the last admin (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(() => server.app.close());

  it("stays an admin: of two admins demoting each other at once, one is refused", async () => {
    const [a, b] = [await loggedInStaff(server, "admin"), await loggedInStaff(server, "admin")];
    const answers = await Promise.all([
      a.call("PATCH", `/staff/api/staff/${b.staffId}`, { role: "reader" }),
      b.call("PATCH", `/staff/api/staff/${a.staffId}`, { role: "reader" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    const refused = answers.find((r) => r.statusCode !== 200)!;
    expect([
      { message: "This is the last active admin: make someone else an admin first, so the office can still manage its staff.", code: "lastAdmin" },
      ADMIN_NEEDED,
    ]).toContainEqual(json(refused));
    const admins = await server.db.query("SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL");
    expect(admins).toHaveLength(1);
    expect(await changeStaff(server.ctx, OPERATOR, (admins[0] as { id: number }).id, { disabled: true })).toEqual({ ok: false, code: "lastAdmin" });
  });
});
