// The application API on each database: saving with the engine's clearing, place, status, tabs,
// add-another, validation and submit, and the visitor's saved-for-later answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../../src/definitions/files";
import { longDate } from "../../src/engine/runtime";
import { messages } from "../../src/api-contract/messages";
import { Client, completeApplication, databaseKinds, json, loggedInApplicant, startTestServer, type TestServer } from "./harness";

const cycle = readProject().form.institution.institution.cycle!;
/** The day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const complete = completeApplication();

describe.each(databaseKinds())("the application API on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => { await server.app.close(); });
  const profileOf = async (client: Client) => json(await client.get("/api/profile"));

  describe("profile", () => {
    it("starts empty for a new applicant", async () => {
      const client = await loggedInApplicant(server, "new.one@example.com");
      expect(await profileOf(client)).toMatchObject({
        answer: {}, document_answer: {}, username: "new.one@example.com", last_page: null, web_status: [], revision: 0,
      });
      expect((await profileOf(client)).successful_login).toHaveLength(1);
    });
  });

  describe("saving answers", () => {
    it("merges the keys sent into the stored answers and counts revisions", async () => {
      const client = await loggedInApplicant(server);
      expect(json(await client.put("/api/answer", { first_name: "Ana", last_name: "Silva" }))).toEqual({ message: messages.saved, revision: 1, cleared: [] });
      expect(json(await client.put("/api/answer", { first_name: "Ana María", optin_sms_ind: true }))).toMatchObject({ revision: 2 });
      expect((await profileOf(client)).answer).toEqual({ first_name: "Ana María", last_name: "Silva", optin_sms_ind: true });
    });

    it("treats \"\" as unanswered: the key is removed", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana", last_name: "Silva" });
      await client.put("/api/answer", { last_name: "" });
      expect((await profileOf(client)).answer).toEqual({ first_name: "Ana" });
    });

    it("clears the answers of questions a new answer hides, and says which", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { citizenship_us: "Y", citizenship_us_type: "1", citizenship_us_dual: "N" });
      const response = json(await client.put("/api/answer", { citizenship_us: "N" }));
      expect(response.cleared).toEqual(["citizenship_us_dual", "citizenship_us_dual_desc", "citizenship_us_type", "citizenship_us_type_desc"]);
      expect((await profileOf(client)).answer).toEqual({ citizenship_us: "N", citizenship_us_desc: "No" });
    });

    it("clears a dependent answer and its _desc when its controlling answer changes", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { country: "USA", country_desc: "United States", state: "PA", state_desc: "Pennsylvania" });
      expect((await profileOf(client)).answer).toMatchObject({ state: "PA" });
      const response = json(await client.put("/api/answer", { country: "CAN", country_desc: "Canada" }));
      expect(response.cleared).toEqual(["state", "state_desc"]);
      const sameSave = json(await client.put("/api/answer", { country: "USA", country_desc: "United States", state: "NY", state_desc: "New York" }));
      expect(sameSave.cleared).toEqual([]);
      expect((await profileOf(client)).answer).toMatchObject({ country: "USA", state: "NY", state_desc: "New York" });
    });

    it.each([
      [{ first_nam: "Ana" }, 'Unknown field "first_nam" in the request body.'],
      [{ first_name: "x".repeat(46) }, "first_name must be at most 45 characters."],
      [{ first_name: 7 }, "first_name must be a string."],
      [{ optin_sms_ind: "yes" }, 'optin_sms_ind must be one of: true, false, "".'],
      [["first_name"], "The request body must be an object."],
    ])("refuses %j and changes nothing", async (body, message) => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana" });
      const response = await client.put("/api/answer", Array.isArray(body) ? body : { last_name: "Silva", ...body });
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
      expect(await profileOf(client)).toMatchObject({ answer: { first_name: "Ana" }, revision: 1 });
    });

    it("refuses a choice its question does not offer, naming the key, and saves nothing of that change", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana", conviction: "N" });
      for (const change of [{ conviction: "X", last_name: "Silva" }, { conviction: "Yes" }, { country: "USA", state: "ZZ" }, { country: "CAN", state: "MA" }]) {
        const response = await client.put("/api/answer", change);
        const key = Object.keys(change).find((k) => k !== "last_name" && k !== "country")!;
        expect([response.statusCode, json(response).message], JSON.stringify(change)).toEqual([400, messages.notOffered([key])]);
      }
      expect(await profileOf(client)).toMatchObject({ answer: { first_name: "Ana", conviction: "N", conviction_desc: "No" }, revision: 1 });
    });

    it("takes an application plan until its deadline has ended everywhere on Earth, then refuses it, naming the day", async () => {
      const [plan, deadline] = Object.entries(cycle.deadlines)[0]!;
      const saved = server.clock.now;
      try {
        // 11:59 p.m. on the deadline in UTC−12, the last time zone to reach midnight. Logged in
        // then: the deadline may be further from the clock's start than a session lasts.
        server.clock.now = new Date(`${deadline}T23:59:00-12:00`);
        const client = await loggedInApplicant(server);
        await client.put("/api/answer", { entry_term: cycle.term });
        expect((await client.put("/api/answer", { decision_type: plan })).statusCode).toBe(200);
        await client.put("/api/answer", { decision_type: "" });
        server.clock.now = new Date(`${dayAfter(deadline)}T12:00:00Z`);
        const late = await client.put("/api/answer", { decision_type: plan, first_name: "Ana" });
        expect([late.statusCode, json(late).message]).toEqual([400, messages.closed([{ key: "decision_type", closedAfter: deadline }])]);
        expect(json(late).message).toBe(`decision_type: the deadline for this choice was ${longDate(deadline)}.`);
        expect((await profileOf(client)).answer).toEqual({ entry_term: cycle.term, entry_term_desc: cycle.termLabel });
      } finally {
        server.clock.now = saved;
      }
    });

    it("writes each choice's label itself, whatever label the browser sent", async () => {
      const client = await loggedInApplicant(server);
      const saved = await client.put("/api/answer", { conviction: "Y", conviction_desc: "No", country: "USA", country_desc: "Narnia", state: "MA" });
      expect(saved.statusCode).toBe(200);
      expect((await profileOf(client)).answer).toMatchObject({ conviction: "Y", conviction_desc: "Yes", country_desc: "United States", state: "MA", state_desc: "Massachusetts" });
      expect((await client.put("/api/answer", { conviction_desc: "No" })).statusCode).toBe(200);
      expect((await profileOf(client)).answer).toMatchObject({ conviction: "Y", conviction_desc: "Yes" });
    });

    it("refuses a save made from a stale revision when the browser asks (If-Match)", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana" });
      const stale = await client.call("PUT", "/api/answer", { first_name: "Bea" }, { "if-match": '"0"' });
      expect([stale.statusCode, json(stale).message]).toEqual([412, messages.stale]);
      expect((await client.call("PUT", "/api/answer", { first_name: "Bea" }, { "if-match": '"1"' })).statusCode).toBe(200);
    });

    it("lets one of two saves made from the same revision at once land, and refuses the other (If-Match is atomic)", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana" });
      const responses = await Promise.all(["Bea", "Cy", "Dee", "Eve"].map((name) => client.call("PUT", "/api/answer", { first_name: name }, { "if-match": '"1"' })));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 412, 412, 412]);
      const landed = JSON.parse(responses.find((r) => r.statusCode === 200)!.body).revision;
      expect(await profileOf(client)).toMatchObject({ revision: 2 });
      expect(landed).toBe(2);
    });

    // Answers that control nothing are merged without the engine (engine/saves-alone.ts): the
    // guarantees hold on that way too.
    it("refuses a bad answer to a question controlling nothing, and saves nothing of that change", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana" });
      const refused = await client.put("/api/answer", { middle_name: "Maria", first_name: 5 });
      expect([refused.statusCode, json(refused).message]).toEqual([400, "first_name must be a string."]);
      expect(await profileOf(client)).toMatchObject({ answer: { first_name: "Ana" }, revision: 1 });
    });

    it("clears an answer to a question controlling nothing that is hidden, rather than storing it", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { former_names: "N" });
      const hidden = json(await client.put("/api/answer", { former_last_name: "Smith", first_name: "Ana" }));
      expect(hidden).toMatchObject({ revision: 2, cleared: ["former_last_name"] });
      expect((await profileOf(client)).answer).toEqual({ former_names: "N", former_names_desc: expect.any(String), first_name: "Ana" });
      await client.put("/api/answer", { former_names: "Y" });
      expect(json(await client.put("/api/answer", { former_last_name: "Smith" }))).toMatchObject({ revision: 4, cleared: [] });
      expect((await profileOf(client)).answer).toMatchObject({ former_last_name: "Smith" });
    });

    it("still clears what a key controlling a condition hides when sent with keys controlling nothing", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { former_names: "Y", former_last_name: "Smith" });
      const response = json(await client.put("/api/answer", { former_names: "N", first_name: "Ana" }));
      expect(response.cleared).toEqual(["former_last_name"]);
      expect((await profileOf(client)).answer).not.toHaveProperty("former_last_name");
    });

    // Answers asked behind no condition are merged in the statement that checks the session
    // (data/applications.ts mergeAnswersOfSession): a refusal before it ran is still 401 without a session.
    it("answers 401 without a session before refusing the body or the If-Match of a save", async () => {
      for (const [body, headers] of [
        [{ first_name: 5 }, {}],
        [{ first_name: "Ana\u0000" }, {}],
        [{ first_name: "Ana" }, { "if-match": "1" }],
        [{ not_a_question: "x" }, {}],
      ] as const) {
        const forged = await new Client(server).call("PUT", "/api/answer", body, { cookie: "apply_session=forged-session-id", ...headers });
        expect([forged.statusCode, json(forged).message]).toEqual([401, messages.sessionInvalid]);
        expect(forged.cookies.map((c) => `${c.name}=${c.value}`).sort()).toEqual(["apply_logged_in=", "apply_session="]);
      }
      const client = await loggedInApplicant(server);
      const malformed = await client.call("PUT", "/api/answer", { first_name: "Ana" }, { "if-match": "1" });
      expect([malformed.statusCode, json(malformed).message]).toEqual([412, messages.stale]);
      const unknown = await client.put("/api/answer", { not_a_question: "x" });
      expect([unknown.statusCode, json(unknown).message]).toEqual([400, 'Unknown field "not_a_question" in the request body.']);
    });

    it("keeps every answer of concurrent saves (no lost update)", async () => {
      const client = await loggedInApplicant(server);
      const keys = ["first_name", "middle_name", "last_name", "phone_mobile", "phone_home", "email_address", "address_line_1", "city"];
      const responses = await Promise.all(keys.map((key) => client.put("/api/answer", { [key]: "v" })));
      expect(responses.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
      expect(Object.keys((await profileOf(client)).answer as object).sort()).toEqual([...keys].sort());
      expect((await profileOf(client)).revision).toBe(keys.length);
    });
  });

  describe("place and status", () => {
    it("remembers the last page, only a page of the form", async () => {
      const client = await loggedInApplicant(server);
      expect(json(await client.put("/api/last-page", { last_page: "/education" })).message).toBe(messages.lastPageSaved);
      expect((await profileOf(client)).last_page).toBe("/education");
      const wrong = await client.put("/api/last-page", { last_page: "/admin" });
      expect([wrong.statusCode, json(wrong).message]).toEqual([400, 'last_page must be one of: "/about", "/education", "/final-steps".']);
    });

    it("moves from started to validating, one step at a time, and repeats harmlessly", async () => {
      const client = await loggedInApplicant(server);
      const early = await client.post("/api/web-status", { web_status: "validating" });
      expect([early.statusCode, json(early).message]).toEqual([409, messages.statusOrder]);
      expect((await client.post("/api/web-status", { web_status: "started" })).statusCode).toBe(200);
      expect((await client.post("/api/web-status", { web_status: "started" })).statusCode).toBe(200);
      expect((await client.post("/api/web-status", { web_status: "validating" })).statusCode).toBe(200);
      const submitted = await client.post("/api/web-status", { web_status: "submitted" });
      expect([submitted.statusCode, json(submitted).message]).toEqual([409, messages.statusSubmitOnly]);
      expect(((await profileOf(client)).web_status as { web_status: string }[]).map((e) => e.web_status)).toEqual(["started", "validating"]);
    });
  });

  describe("validation and submit", () => {
    it("computes every page's errors from the stored answers, with the rules' messages", async () => {
      const client = await loggedInApplicant(server);
      await client.put("/api/answer", { first_name: "Ana", email_address: "not an address" });
      const errors = json(await client.post("/api/validations", { first_name: ["a browser's claim is ignored"] }));
      expect(errors.first_name).toBeUndefined();
      expect(errors.last_name).toEqual(["Last Name is required."]);
      expect(errors.email_address).toHaveLength(1);
      expect(Object.keys(errors).length).toBeGreaterThan(20);
      const [row] = await server.db.query<{ validations: unknown }>("SELECT validations FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = $1",
        [(await profileOf(client)).username]);
      expect(row!.validations).toEqual(errors);
    });

    // The server never trusts the browser: a number or a date the browser would have stopped is worded by the rules here too.
    it("refuses letters in a sibling's age, a graduation before the start or 8 years after it, and a test date in the future", async () => {
      const client = await loggedInApplicant(server);
      expect((await client.put("/api/answer", complete)).statusCode).toBe(200);
      expect((await client.put("/api/answer", {
        sibling_2_age: "abc",
        hs_entry_month: "8", hs_entry_year: "2024", hs_grad_month: "6", hs_grad_year: "2023",
        sat_month: "12", sat_year: "2026", act_month: "12", act_year: "2026",
      })).statusCode).toBe(200);
      expect(json(await client.post("/api/validations"))).toEqual({
        sibling_2_age: ["Please enter the age in digits, for example 14."],
        hs_grad_year: ["The month you graduate (or left) must come after the month you started at this school."],
        sat_year: ["The date of your best SAT can't be in the future."],
        act_year: ["The date of your best ACT can't be in the future."],
      });
      await client.put("/api/answer", { sibling_2_age: "14", hs_entry_year: "2017", hs_grad_year: "2026", sat_month: "11", act_month: "10" });
      expect(json(await client.post("/api/validations"))).toEqual({
        hs_grad_year: ["Please check the years: you graduate (or left) at most 8 years after you started at this school."],
      });
    });

    it("refuses to submit while errors remain, then submits, then refuses every change", async () => {
      const client = await loggedInApplicant(server);
      await client.post("/api/web-status", { web_status: "started" });
      const refused = await client.post("/api/submit");
      expect(refused.statusCode).toBe(422);
      expect(json(refused)).toMatchObject({ message: messages.missingInformation, errors: { last_name: ["Last Name is required."] } });

      expect((await client.put("/api/answer", complete)).statusCode).toBe(200);
      expect(json(await client.post("/api/validations"))).toEqual({});
      const submitted = await client.post("/api/submit");
      expect([submitted.statusCode, json(submitted).message]).toEqual([200, messages.submitted]);
      expect(((await profileOf(client)).web_status as { web_status: string }[]).map((e) => e.web_status)).toEqual(["started", "validating", "submitted"]);
      expect((await client.post("/api/web-status", { web_status: "submitted" })).statusCode).toBe(200);

      for (const [method, url, body] of [
        ["PUT", "/api/answer", { first_name: "Changed" }],
        ["PUT", "/api/last-page", { last_page: "/about" }],
        ["PUT", "/api/tabs", { tab_id: "personal_statement", chosen_tab: "upload" }],
        ["PUT", "/api/add-another", { button_id: "siblings", num_components: 2 }],
        ["POST", "/api/validations", {}],
        ["POST", "/api/submit", undefined],
      ] as const) {
        const response = await client.call(method, url, body);
        expect([url, response.statusCode, json(response).message]).toEqual([url, 409, messages.alreadySubmitted]);
      }
      expect((await profileOf(client)).answer).toEqual(complete);
    });
  });

  describe("tabs", () => {
    it("starts on the default tab, saves the choice, and clears the answers of the tab left", async () => {
      const client = await loggedInApplicant(server);
      expect(json(await client.get("/api/tabs"))).toEqual({ personal_statement: "write" });
      await client.put("/api/answer", { personal_statement_essay: "My essay." });
      const response = json(await client.put("/api/tabs", { tab_id: "personal_statement", chosen_tab: "upload" }));
      expect(response).toMatchObject({ message: messages.tabSaved, cleared: ["personal_statement_essay"] });
      expect(json(await client.get("/api/tabs"))).toEqual({ personal_statement: "upload" });
      expect((await profileOf(client)).answer).toEqual({});
    });

    it.each([
      [{ tab_id: "personal_statement", chosen_tab: "video" }, messages.tabUnknown("personal_statement", ["write", "upload"])],
      [{ tab_id: "nope", chosen_tab: "write" }, 'tab_id must be one of: "personal_statement".'],
      [{ tabId: "personal_statement", chosenTab: "write" }, "tab_id is required in the request body."],
    ])("refuses %j", async (body, message) => {
      const client = await loggedInApplicant(server);
      const response = await client.put("/api/tabs", body);
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
    });
  });

  describe("add-another", () => {
    it("counts blocks per group; fewer blocks clear the answers of those removed", async () => {
      const client = await loggedInApplicant(server);
      expect(json(await client.get("/api/add-another"))).toEqual({ parents: 1, legacy: 1, employed: 1, siblings: 1, high_schools: 1, activities: 1 });
      await client.put("/api/add-another", { button_id: "siblings", num_components: 2 });
      await client.put("/api/answer", { sibling_first_name: "Leo", sibling_2_first_name: "Mia" });
      expect(json(await client.get("/api/add-another"))).toMatchObject({ siblings: 2 });
      const response = json(await client.put("/api/add-another", { button_id: "siblings", num_components: 1 }));
      expect(response.cleared).toEqual(["sibling_2_first_name"]);
      expect((await profileOf(client)).answer).toEqual({ sibling_first_name: "Leo" });
    });

    it.each([
      [{ button_id: "parents", num_components: 3 }, messages.blocksRange("parents", 2)],
      [{ button_id: "siblings", num_components: 0 }, "num_components must be at least 1."],
      [{ button_id: "siblings", num_components: 11 }, "num_components must be at most 10."],
      [{ button_id: "siblings", num_components: "2" }, "num_components must be a whole number."],
    ])("refuses %j", async (body, message) => {
      const client = await loggedInApplicant(server);
      const response = await client.put("/api/add-another", body);
      expect([response.statusCode, json(response).message]).toEqual([400, message]);
    });
  });

  describe("answers saved for later by a visitor", () => {
    it("saves them behind a token that finds them for 30 days", async () => {
      const visitor = new Client(server);
      const saved = json(await visitor.post("/public/tmp", { first_name: "Ana", citizenship_us: "N" }));
      expect(saved).toMatchObject({ message: messages.temporarySaved, expires_at: "2026-12-22T12:00:00.000Z" });
      const token = saved.token as string;
      expect(Buffer.from(token, "base64url").length).toBe(32);
      const found = await new Client(server).get(`/public/tmp?token=${token}`);
      expect(json(found)).toEqual({ answer: { first_name: "Ana", citizenship_us: "N", citizenship_us_desc: "No" } });
    });

    it("answers 404 with a message for an unknown or expired token", async () => {
      const unknown = await new Client(server).get("/public/tmp?token=nothing-here");
      expect([unknown.statusCode, json(unknown).message]).toEqual([404, messages.temporaryUnknown]);
      const token = json(await new Client(server).post("/public/tmp", { first_name: "Ana" })).token as string;
      server.advance(30 * 24 * 60 * 60_000);
      expect((await new Client(server).get(`/public/tmp?token=${token}`)).statusCode).toBe(404);
    });

    it("refuses answers outside the data model", async () => {
      const response = await new Client(server).post("/public/tmp", { password: "x" });
      expect([response.statusCode, json(response).message]).toEqual([400, 'Unknown field "password" in the request body.']);
    });
  });
});
