// Accounts through the real server on each database: sign-up, confirmation, login, reset, logout,
// with the spec's messages and the time limits checked on a clock the test moves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/api-contract/messages";
import { Client, codeFor, databaseKinds, json, loggedInApplicant, MANY_HASHES_MS, newAddress, PASSWORD, startTestServer, type TestServer } from "./harness";

const MINUTE = 60_000;

describe.each(databaseKinds())("accounts on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => { await server.app.close(); });

  const signUp = async (username: string, password = PASSWORD, client = new Client(server)) => client.post("/public/signup", { username, password });
  const resetIdFor = (username: string) => {
    const mail = server.mail.filter((m) => m.to === username && /Reset your/.test(m.subject)).at(-1)!;
    return new URL(/http\S+/.exec(mail.text)![0]).searchParams.get("id")!;
  };

  describe("sign-up", () => {
    it("sends a six-digit code and stores only its hash", async () => {
      const username = newAddress();
      const response = await signUp(username);
      expect(response.statusCode).toBe(200);
      expect(json(response).message).toBe(messages.signedUp);
      const code = codeFor(server, username);
      expect(code).toMatch(/^\d{6}$/);
      const rows = await server.db.query<{ code_hash: string }>(
        "SELECT code_hash FROM signup_attempts a JOIN users u ON u.id = a.user_id WHERE username = $1", [username]);
      expect(rows[0]!.code_hash).not.toContain(code);
    });

    it("stores the address in lower case and the password as an Argon2id hash", async () => {
      const username = newAddress("Mixed.Case");
      await signUp(username);
      const [user] = await server.db.query<{ username: string; password_hash: string }>("SELECT username, password_hash FROM users WHERE username = $1", [username.toLowerCase()]);
      expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    });

    it("answers an existing address exactly as a new one, and mails the owner instead of a code", async () => {
      const existing = newAddress();
      await loggedInApplicant(server, existing);
      server.advance(2 * MINUTE);
      const fresh = await signUp(newAddress());
      const again = await signUp(existing, "Another-Secret-93");
      expect([again.statusCode, again.body]).toEqual([fresh.statusCode, fresh.body]);
      expect(server.mail.at(-1)).toMatchObject({ to: existing, subject: "You already have a Westbrook University account" });
      const login = await new Client(server).post("/public/login", { username: existing, password: "Another-Secret-93" });
      expect(json(login).message).toBe(messages.loginWrong);
    });

    it.each([
      ["not-an-address", PASSWORD, messages.emailInvalid],
      [newAddress(), "short-1A", "Your password must meet every requirement: it is at least 12 characters."],
      [newAddress(), "alllowercase-12", "Your password must meet every requirement: it contains at least one uppercase letter."],
      [newAddress(), "NoDigitsHere-Ok", "Your password must meet every requirement: it contains at least one number."],
      [newAddress(), "NoSpecials12345", "Your password must meet every requirement: it contains at least one special character."],
      [newAddress(), " Leading-Space1", "Your password must meet every requirement: it contains no leading or trailing whitespace."],
      [newAddress(), "Password123!", messages.passwordCommon],
      [newAddress(), "Basketball2025!", messages.passwordCommon],
    ])("refuses %s / %s with a message", async (username, password, message) => {
      const response = await signUp(username, password);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(message);
      expect(await server.db.query("SELECT 1 FROM users WHERE username = $1", [username])).toHaveLength(0);
    });

    it("allows 20 sign-ups an hour from one client address", async () => {
      const school = new Client(server, "10.9.9.9");
      for (let i = 0; i < 20; i++) expect((await signUp(newAddress(), PASSWORD, school)).statusCode).toBe(200);
      const response = await signUp(newAddress(), PASSWORD, school);
      expect([response.statusCode, json(response).message]).toEqual([429, messages.tooManySignups]);
      server.advance(60 * MINUTE);
      expect((await signUp(newAddress(), PASSWORD, school)).statusCode).toBe(200);
    });

    it("lists every failed requirement at once", async () => {
      const response = await signUp(newAddress(), "abc");
      expect(json(response).message).toBe(
        "Your password must meet every requirement: it is at least 12 characters, contains at least one uppercase letter, contains at least one number, contains at least one special character.");
    });
  });

  describe("confirmation", () => {
    it("confirms with the code; the account can then log in", async () => {
      const username = newAddress();
      await signUp(username);
      const client = new Client(server);
      expect(json(await client.post("/public/login", { username, password: PASSWORD })).message).toBe(messages.loginUnconfirmed);
      const confirm = await client.post("/public/confirm", { username, code: codeFor(server, username) });
      expect([confirm.statusCode, json(confirm).message]).toEqual([200, messages.confirmed]);
      expect((await client.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    });

    it("accepts the code at 9:59 and refuses it at 10:01", async () => {
      const early = newAddress();
      const late = newAddress();
      const [earlyBrowser, lateBrowser] = [new Client(server), new Client(server)];
      await signUp(early, PASSWORD, earlyBrowser);
      await signUp(late, PASSWORD, lateBrowser);
      server.advance(9 * MINUTE + 59_000);
      expect((await earlyBrowser.post("/public/confirm", { username: early, code: codeFor(server, early) })).statusCode).toBe(200);
      server.advance(2_000);
      const response = await lateBrowser.post("/public/confirm", { username: late, code: codeFor(server, late) });
      expect([response.statusCode, json(response).message]).toEqual([400, messages.codeWrong]);
    });

    it("kills the code after 5 wrong tries", async () => {
      const username = newAddress();
      const browser = new Client(server);
      await signUp(username, PASSWORD, browser);
      const code = codeFor(server, username);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        expect(json(await browser.post("/public/confirm", { username, code: wrong })).message).toBe(messages.codeWrong);
      }
      expect((await browser.post("/public/confirm", { username, code })).statusCode).toBe(400);
    });

    it("kills the old code when a new one is sent, at most once a minute", async () => {
      const username = newAddress();
      const browser = new Client(server);
      await signUp(username, PASSWORD, browser);
      const first = codeFor(server, username);
      const tooSoon = await browser.post("/public/resend-confirm", { username });
      expect([tooSoon.statusCode, json(tooSoon).message]).toEqual([429, messages.mailThrottled]);
      server.advance(MINUTE);
      const resend = await browser.post("/public/resend-confirm", { username });
      expect([resend.statusCode, json(resend).message]).toEqual([200, messages.codeResent]);
      const second = codeFor(server, username);
      if (first !== second) expect((await browser.post("/public/confirm", { username, code: first })).statusCode).toBe(400);
      expect((await browser.post("/public/confirm", { username, code: second })).statusCode).toBe(200);
    });

    it("limits resends for unknown addresses the same way, so the limit tells nothing", async () => {
      const username = newAddress("nobody");
      expect((await new Client(server).post("/public/resend-confirm", { username })).statusCode).toBe(200);
      expect((await new Client(server).post("/public/resend-confirm", { username })).statusCode).toBe(429);
    });

    it.each([
      [{ username: "x@example.com", code: "12345" }, messages.codeFormat],
      [{ username: "x@example.com", code: "12a456" }, messages.codeFormat],
      [{ username: "nope", code: "123456" }, messages.emailInvalid],
    ])("refuses %j", async (body, message) => {
      const response = await new Client(server).post("/public/confirm", body);
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
    });

    it("asks for a valid address to resend a code", async () => {
      const response = await new Client(server).post("/public/resend-confirm", { username: "nope" });
      expect([response.statusCode, json(response).message]).toEqual([400, messages.resendEmailInvalid]);
    });
  });

  describe("login", () => {
    it("sets an HttpOnly session cookie of at least 128 bits and a readable logged-in cookie", async () => {
      const username = newAddress();
      const client = await loggedInApplicant(server, username);
      const response = await client.post("/public/login", { username, password: PASSWORD });
      const session = response.cookies.find((c) => c.name === "apply_session")!;
      const marker = response.cookies.find((c) => c.name === "apply_logged_in")!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(Buffer.from(session.value, "base64url").length).toBeGreaterThanOrEqual(16);
      expect(marker.httpOnly).toBeFalsy();
      expect(marker.value).toBe("1");
    });

    it("gives a new session id at every login and ends the one it replaces", async () => {
      const username = newAddress();
      const client = await loggedInApplicant(server, username);
      const before = client.cookies.get("apply_session")!;
      const stolen = new Client(server);
      stolen.cookies.set("apply_session", before);
      await client.post("/public/login", { username, password: PASSWORD });
      expect(client.cookies.get("apply_session")).not.toBe(before);
      expect((await stolen.get("/api/profile")).statusCode).toBe(401);
      expect((await client.get("/api/profile")).statusCode).toBe(200);
    });

    it("counts logins in the profile", async () => {
      const username = newAddress();
      const client = await loggedInApplicant(server, username);
      await client.post("/public/login", { username, password: PASSWORD });
      expect(json(await client.get("/api/profile")).successful_login).toHaveLength(2);
    });

    it("answers a wrong password and an unknown address alike", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      const wrong = await new Client(server, "10.0.0.2").post("/public/login", { username, password: "Wrong-Password-1" });
      const unknown = await new Client(server, "10.0.0.2").post("/public/login", { username: newAddress(), password: PASSWORD });
      expect([wrong.statusCode, wrong.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(json(wrong).message).toBe(messages.loginWrong);
    });

    it.each([
      [{ username: "nope", password: "x" }, messages.loginEmailInvalid],
      [{ username: "a@example.com", password: "" }, messages.passwordRequired],
    ])("refuses %j", async (body, message) => {
      const response = await new Client(server).post("/public/login", body);
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
    });

    it("throttles an account from the address that failed 5 times for 15 minutes, even with the right password, and not from another", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      for (let i = 0; i < 5; i++) await new Client(server, "10.1.0.1").post("/public/login", { username, password: "Wrong-Password-1" });
      const blocked = await new Client(server, "10.1.0.1").post("/public/login", { username, password: PASSWORD });
      expect([blocked.statusCode, json(blocked).message]).toEqual([429, messages.loginThrottled(15)]);
      expect((await new Client(server, "10.1.1.1").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
      server.advance(15 * MINUTE);
      expect((await new Client(server, "10.1.0.1").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    });

    it("leaves an applicant able to log in from their phone while 300 wrong passwords come from one address", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) statuses.push((await new Client(server, "10.5.0.1").post("/public/login", { username, password: `Wrong-Password-${i}` })).statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(295);
      expect((await new Client(server, "10.5.9.9").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    });

    it("throttles an account everywhere for 15 minutes past 100 failures from many addresses", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      for (let a = 0; a < 20; a++) {
        for (let i = 0; i < 5; i++) expect((await new Client(server, `10.6.${a}.1`).post("/public/login", { username, password: "Wrong-Password-1" })).statusCode).toBe(400);
      }
      const blocked = await new Client(server, "10.6.99.1").post("/public/login", { username, password: PASSWORD });
      expect([blocked.statusCode, json(blocked).message]).toEqual([429, messages.loginThrottled(15)]);
      server.advance(15 * MINUTE);
      expect((await new Client(server, "10.6.99.1").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    }, MANY_HASHES_MS);

    it("checks at most 5 of 30 wrong passwords sent at once from one address, and answers the rest 429", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) =>
        new Client(server, "10.3.0.1").post("/public/login", { username, password: `Wrong-Password-${i}` })));
      const answers = responses.map((r) => [r.statusCode, json(r).message]);
      expect(answers.filter(([status]) => status === 400), "checked").toHaveLength(5);
      expect(answers.filter(([status]) => status === 400).every(([, message]) => message === messages.loginWrong)).toBe(true);
      expect(answers.filter(([status]) => status === 429), "refused unchecked").toHaveLength(25);
    });

    it("throttles a client address after 50 failures across accounts", async () => {
      for (let i = 0; i < 50; i++) await new Client(server, "10.2.0.1").post("/public/login", { username: newAddress(), password: "Wrong-Password-1" });
      const username = newAddress();
      await loggedInApplicant(server, username, "10.2.0.2");
      const blocked = await new Client(server, "10.2.0.1").post("/public/login", { username, password: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect((await new Client(server, "10.2.0.3").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    }, MANY_HASHES_MS);
  });

  describe("sessions", () => {
    it("ends a session after 15 minutes without a request", async () => {
      const client = await loggedInApplicant(server);
      server.advance(14 * MINUTE);
      expect((await client.get("/api/profile")).statusCode).toBe(200);
      server.advance(14 * MINUTE);
      expect((await client.get("/api/profile")).statusCode).toBe(200);
      // The session is renewed at most once a minute, so it may outlive its last request by up to 16 minutes (RENEW_MS).
      server.advance(16 * MINUTE + 1);
      const expired = await client.get("/api/profile");
      expect([expired.statusCode, json(expired).message]).toEqual([401, messages.sessionInvalid]);
      expect(client.cookies.size).toBe(0);
    });

    const lastSeen = async (client: Client) => (await server.db.query<{ last_seen_at: Date }>(
      "SELECT last_seen_at FROM sessions WHERE id_hash = $1", [server.ctx.hash(client.cookies.get("apply_session")!)]))[0]!.last_seen_at.getTime();

    it("renews the session's last_seen only when it is more than a minute old", async () => {
      const client = await loggedInApplicant(server);
      const loggedInAt = await lastSeen(client);
      server.advance(MINUTE);
      expect((await client.get("/api/session")).statusCode).toBe(200);
      expect(await lastSeen(client)).toBe(loggedInAt);
      server.advance(1_000);
      expect((await client.get("/api/session")).statusCode).toBe(200);
      expect(await lastSeen(client)).toBe(server.clock.now.getTime());
    });

    // A save of answers asked behind no condition checks and renews the session in the statement
    // that writes (data/applications.ts mergeAnswersOfSession), the same way.
    it("renews the session's last_seen from a save's own statement, and refuses the save once the session ended", async () => {
      const username = newAddress();
      const client = await loggedInApplicant(server, username);
      const loggedInAt = await lastSeen(client);
      server.advance(30_000);
      expect((await client.put("/api/answer", { first_name: "Ada" })).statusCode).toBe(200);
      expect(await lastSeen(client)).toBe(loggedInAt);
      server.advance(MINUTE);
      expect((await client.put("/api/answer", { first_name: "Ada" })).statusCode).toBe(200);
      expect(await lastSeen(client)).toBe(server.clock.now.getTime());
      const answers = async () => (await server.db.query<{ answers: object; revision: number }>(
        "SELECT answers, revision FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = $1", [username]))[0];
      const before = await answers();
      server.advance(16 * MINUTE + 1);
      const expired = await client.put("/api/answer", { first_name: "Bea" });
      expect([expired.statusCode, json(expired).message]).toEqual([401, messages.sessionInvalid]);
      expect(client.cookies.size).toBe(0);
      expect(await answers()).toEqual(before);
    });

    it("keeps a session 15 minutes after a request that did not renew it", async () => {
      const client = await loggedInApplicant(server);
      server.advance(50_000);
      expect((await client.put("/api/answer", { first_name: "Ada" })).statusCode).toBe(200);
      server.advance(15 * MINUTE - 1_000);
      expect((await client.get("/api/profile")).statusCode).toBe(200);
    });

    it("ends a session after 12 hours however active", async () => {
      const client = await loggedInApplicant(server);
      for (let hour = 0; hour < 12 * 6 - 1; hour++) {
        server.advance(10 * MINUTE);
        expect((await client.get("/api/tabs")).statusCode).toBe(200);
      }
      server.advance(10 * MINUTE);
      expect((await client.get("/api/profile")).statusCode).toBe(401);
    });

    it("keeps a session alive with GET /api/session while the applicant reads without saving", async () => {
      const client = await loggedInApplicant(server);
      server.advance(14 * MINUTE);
      const alive = await client.get("/api/session");
      expect([alive.statusCode, json(alive).message]).toEqual([200, messages.sessionActive]);
      server.advance(14 * MINUTE);
      expect((await client.get("/api/profile")).statusCode).toBe(200);
    });

    it("logs out: the session ends and both cookies are cleared", async () => {
      const client = await loggedInApplicant(server);
      const session = client.cookies.get("apply_session")!;
      const response = await client.get("/api/logout");
      expect([response.statusCode, json(response).message]).toEqual([200, messages.loggedOut]);
      expect(client.cookies.size).toBe(0);
      const replay = new Client(server);
      replay.cookies.set("apply_session", session);
      expect((await replay.get("/api/profile")).statusCode).toBe(401);
    });
  });

  describe("password reset", () => {
    it("answers a known and an unknown address alike, and mails a link only to the known one", async () => {
      const known = newAddress();
      await loggedInApplicant(server, known);
      server.advance(MINUTE);
      const mails = server.mail.length;
      const a = await new Client(server).post("/public/forgot-password", { username: known });
      const b = await new Client(server).post("/public/forgot-password", { username: newAddress() });
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
      expect(json(a).message).toBe(messages.forgotSent);
      expect(server.mail.slice(mails).map((m) => m.to)).toEqual([known]);
      expect(server.mail.at(-1)!.text).toContain(`http://localhost:8080/reset?username=${encodeURIComponent(known)}&id=`);
    });

    it("resets with an id of 256 bits once, and ends every session of the account", async () => {
      const username = newAddress();
      const phone = await loggedInApplicant(server, username);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      const id = resetIdFor(username);
      expect(Buffer.from(id, "base64url").length).toBe(32);
      const body = { username, password: "Brand-New-Secret-7", confirm_password: "Brand-New-Secret-7", id };
      const reset = await new Client(server).post("/public/reset-password", body);
      expect([reset.statusCode, json(reset).message]).toEqual([200, messages.resetDone]);
      expect((await phone.get("/api/profile")).statusCode).toBe(401);
      expect((await new Client(server).post("/public/login", { username, password: PASSWORD })).statusCode).toBe(400);
      expect((await new Client(server).post("/public/login", { username, password: "Brand-New-Secret-7" })).statusCode).toBe(200);
      const again = await new Client(server).post("/public/reset-password", { ...body, password: "Other-Secret-77", confirm_password: "Other-Secret-77" });
      expect([again.statusCode, json(again).message]).toEqual([400, messages.resetWrong]);
    });

    it("refuses an id older than 30 minutes", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      server.advance(30 * MINUTE + 1_000);
      const response = await new Client(server).post("/public/reset-password", { username, password: "Brand-New-Secret-7", id: resetIdFor(username) });
      expect([response.statusCode, json(response).message]).toEqual([400, messages.resetWrong]);
    });

    it("refuses passwords that do not match, and one that breaks the rules", async () => {
      const body = { username: newAddress(), password: "Brand-New-Secret-7", confirm_password: "Brand-New-Secret-8", id: "x" };
      expect(json(await new Client(server).post("/public/reset-password", body)).message).toBe(messages.passwordsMustMatch);
      expect(json(await new Client(server).post("/public/reset-password", { ...body, password: "weak", confirm_password: "weak" })).message)
        .toMatch(/^Your password must meet every requirement/);
    });

    it("tells the reset page whether its link still works, without using it up: live, then refused once used", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      const id = resetIdFor(username);
      const check = (body: object) => new Client(server).post("/public/reset-password/check", body).then((r) => [r.statusCode, json(r).message]);

      expect(await check({ username, id })).toEqual([200, messages.resetLive]);
      expect(await check({ username: username.toUpperCase(), id })).toEqual([200, messages.resetLive]);
      expect(await check({ username, id })).toEqual([200, messages.resetLive]);
      const reset = await new Client(server).post("/public/reset-password", { username, password: "Brand-New-Secret-7", confirm_password: "Brand-New-Secret-7", id });
      expect(reset.statusCode).toBe(200);
      expect(await check({ username, id })).toEqual([400, messages.resetWrong]);
    });

    it("refuses to check a link older than 30 minutes, another account's, or an unknown address's, all alike", async () => {
      const username = newAddress();
      const other = newAddress();
      await loggedInApplicant(server, username);
      await loggedInApplicant(server, other);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      const id = resetIdFor(username);
      const check = (body: object) => new Client(server).post("/public/reset-password/check", body).then((r) => [r.statusCode, r.body]);

      const refused = [400, JSON.stringify({ message: messages.resetWrong, code: "resetWrong" })];
      expect(await check({ username: other, id })).toEqual(refused);
      expect(await check({ username: newAddress(), id })).toEqual(refused);
      expect(await check({ username, id: `${id}x` })).toEqual(refused);
      expect(await check({ username: "not-an-address", id })).toEqual([400, JSON.stringify({ message: messages.emailInvalid, code: "emailInvalid" })]);
      expect((await check({ username, id: "x".repeat(129) }))[0]).toBe(400);
      expect((await check({ username }))[0]).toBe(400);
      server.advance(30 * MINUTE + 1_000);
      expect(await check({ username, id })).toEqual(refused);
    });

    it("ends the account's login counts, from every address: the guesses were at the old password", async () => {
      const username = newAddress();
      await loggedInApplicant(server, username);
      for (let i = 0; i < 5; i++) await new Client(server, "10.7.0.1").post("/public/login", { username, password: "Wrong-Password-1" });
      expect((await new Client(server, "10.7.0.1").post("/public/login", { username, password: PASSWORD })).statusCode).toBe(429);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      await new Client(server).post("/public/reset-password", { username, password: "Brand-New-Secret-7", id: resetIdFor(username) });
      expect((await new Client(server, "10.7.0.1").post("/public/login", { username, password: "Brand-New-Secret-7" })).statusCode).toBe(200);
    });

    it("confirms an account never confirmed: the reset mail proved the address", async () => {
      const username = newAddress();
      await signUp(username);
      server.advance(MINUTE);
      await new Client(server).post("/public/forgot-password", { username });
      await new Client(server).post("/public/reset-password", { username, password: "Brand-New-Secret-7", id: resetIdFor(username) });
      expect((await new Client(server).post("/public/login", { username, password: "Brand-New-Secret-7" })).statusCode).toBe(200);
    });
  });

  describe("attacks on accounts", () => {
    it("never lets a password someone else chose for an unconfirmed address open the account (pre-hijack)", async () => {
      const victim = newAddress("victim");
      const [attacker, owner] = [new Client(server, "10.66.0.1"), new Client(server, "10.66.0.2")];
      expect((await signUp(victim, "Attacker-Chose-71!", attacker)).statusCode).toBe(200);
      server.advance(MINUTE);
      expect((await signUp(victim, PASSWORD, owner)).statusCode).toBe(200);
      const ownersCode = codeFor(server, victim);
      // The attacker signs up once more, so the newest mail carries the attacker's attempt's code.
      server.advance(MINUTE);
      expect((await signUp(victim, "Attacker-Again-72!", attacker)).statusCode).toBe(200);
      const attackersCode = codeFor(server, victim);
      // The attacker cannot read the mail; the owner confirms with the code of their own attempt.
      if (attackersCode !== ownersCode) expect((await owner.post("/public/confirm", { username: victim, code: attackersCode })).statusCode).toBe(400);
      expect((await owner.post("/public/confirm", { username: victim, code: ownersCode })).statusCode).toBe(200);
      for (const password of ["Attacker-Chose-71!", "Attacker-Again-72!"]) {
        expect(json(await new Client(server).post("/public/login", { username: victim, password })).message).toBe(messages.loginWrong);
      }
      expect((await new Client(server).post("/public/login", { username: victim, password: PASSWORD })).statusCode).toBe(200);
    });

    it("refuses a code confirmed from a browser that did not sign up (the mail's reader must also hold the attempt)", async () => {
      const username = newAddress();
      await signUp(username);
      const response = await new Client(server).post("/public/confirm", { username, code: codeFor(server, username) });
      expect([response.statusCode, json(response).message]).toEqual([400, messages.codeWrong]);
    });

    it("lets the owner confirm on another device after logging in there with the password chosen at sign-up", async () => {
      const username = newAddress();
      await signUp(username, PASSWORD, new Client(server));
      server.advance(MINUTE);
      const phone = new Client(server);
      expect(json(await phone.post("/public/login", { username, password: "Not-The-Password-9" })).message).toBe(messages.loginWrong);
      expect(json(await phone.post("/public/resend-confirm", { username })).message).toBe(messages.codeResent);
      expect(server.mail.filter((m) => m.to === username), "a browser without the attempt gets no code mailed").toHaveLength(1);
      server.advance(MINUTE);
      const unconfirmed = await phone.post("/public/login", { username, password: PASSWORD });
      expect([unconfirmed.statusCode, json(unconfirmed).message]).toEqual([403, messages.loginUnconfirmed]);
      expect(json(await phone.post("/public/resend-confirm", { username })).message).toBe(messages.codeResent);
      expect(server.mail.filter((m) => m.to === username)).toHaveLength(2);
      expect((await phone.post("/public/confirm", { username, code: codeFor(server, username) })).statusCode).toBe(200);
      expect((await phone.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    });

    it("keeps a sign-up attempt for a day after its code: a login then still asks to confirm, and a resend there works", async () => {
      const username = newAddress();
      await signUp(username);
      server.advance(3 * 60 * MINUTE);
      const later = new Client(server);
      const unconfirmed = await later.post("/public/login", { username, password: PASSWORD });
      expect([unconfirmed.statusCode, json(unconfirmed).message]).toEqual([403, messages.loginUnconfirmed]);
      await later.post("/public/resend-confirm", { username });
      expect((await later.post("/public/confirm", { username, code: codeFor(server, username) })).statusCode).toBe(200);
      server.advance(25 * 60 * MINUTE);
      const stale = newAddress();
      await signUp(stale);
      server.advance(25 * 60 * MINUTE);
      expect(json(await new Client(server).post("/public/login", { username: stale, password: PASSWORD })).message, "a day past its last code").toBe(messages.loginWrong);
    });

    it("caps password resets asked for from one client address at 30 an hour, whatever the addresses", async () => {
      const network = new Client(server, "10.77.0.1");
      for (let i = 0; i < 30; i++) expect((await network.post("/public/forgot-password", { username: newAddress("reset") })).statusCode).toBe(200);
      const response = await network.post("/public/forgot-password", { username: newAddress("reset") });
      expect([response.statusCode, json(response).message]).toEqual([429, messages.tooManyForgots]);
      expect((await new Client(server, "10.77.0.2").post("/public/forgot-password", { username: newAddress("reset") })).statusCode).toBe(200);
      server.advance(60 * MINUTE);
      expect((await network.post("/public/forgot-password", { username: newAddress("reset") })).statusCode).toBe(200);
    });

    /** An address with an account the call to `path` mails about (confirmed for a reset, not yet for a resend), its mail limit passed. */
    async function addressWithAccount(path: string) {
      const known = newAddress("known");
      const browser = new Client(server);
      await signUp(known, PASSWORD, browser);
      if (path === "/public/forgot-password") await browser.post("/public/confirm", { username: known, code: codeFor(server, known) });
      server.advance(MINUTE);
      return { known, browser };
    }

    it.each(["/public/forgot-password", "/public/resend-confirm"])("answers %s for a known and an unknown address alike, without waiting for the mail", async (path) => {
      // The mail of a known address is held up; the answer must not wait for it.
      const { known, browser } = await addressWithAccount(path);
      const sendMail = server.ctx.sendMail;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      server.ctx.sendMail = async (mail) => { await held; await sendMail(mail); };
      try {
        const call = (username: string) => server.app.inject({
          method: "POST", url: path, payload: { username }, remoteAddress: "10.78.0.1",
          cookies: Object.fromEntries(browser.cookies),
        });
        const answers = await Promise.race([
          Promise.all([call(known), call(newAddress("unknown"))]),
          new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000)),
        ]);
        expect(answers, "answered before the mail went").not.toBe("waited");
        const [forKnown, forUnknown] = answers as Awaited<ReturnType<typeof call>>[];
        expect([forKnown!.statusCode, forKnown!.body]).toEqual([forUnknown!.statusCode, forUnknown!.body]);
      } finally {
        release();
        await server.ctx.background.idle();
        server.ctx.sendMail = sendMail;
      }
      expect(server.mail.filter((m) => m.to === known).at(-1)!.subject, "the mail still went, after the answer").toMatch(path === "/public/forgot-password" ? /Reset your/ : /confirmation code/);
    });

    it.each(["/public/forgot-password", "/public/resend-confirm"])("answers %s before it looks the address up, so the lookup's time is not in the answer's", async (path) => {
      const { known, browser } = await addressWithAccount(path);
      const events: string[] = [];
      const query = server.db.query;
      server.db.query = ((text: string, params?: unknown[]) => {
        if (/\b(FROM|JOIN) users\b/.test(text)) events.push("looked up");
        return query.call(server.db, text, params);
      }) as typeof query;
      try {
        const response = await server.app.inject({
          method: "POST", url: path, payload: { username: known }, remoteAddress: "10.78.0.2", cookies: Object.fromEntries(browser.cookies),
        });
        events.push(`answered ${response.statusCode}`);
        await server.ctx.background.idle();
      } finally {
        server.db.query = query;
      }
      expect(events).toEqual(["answered 200", "looked up"]);
    });
  });
});
