// Decisions (issue 40, item 3), on each database: recorded by a reviewer from decisions.json,
// released by an admin at an exact moment and never seen before it, the letter written at the
// release and kept through a staff edit, one mail that says only that there is news, and the
// applicant's answer before the deadline, once; the letter as a PDF, read back with poppler. The
// decisions are the test's own, so staff's edits to the shipped ones change nothing here.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Answers, DecisionsFile } from "../../src/engine/runtime";
import { choiceLabel, officeDateTime } from "../../src/engine/runtime";
import { serverFormOf } from "../../src/server/form";
import { mailReleasedDecisions } from "../../src/server/decisions/mail";
import { messages } from "../../src/api-contract/messages";
import { textOf } from "../support/files";
import { Client, completeApplication, databaseKinds, PASSWORD, json, loggedInApplicant, loggedInStaff, newAddress, startTestServer, testForm, TEST_DAY, type TestServer } from "./harness";

const shipped = testForm();
const DECISIONS: DecisionsFile["decisions"] = [
  { code: "admit", label: "Admit", respondBy: "2026-12-01", letter: ["Dear {{first_name}},", "", "**Welcome** to {{term}}. Your reference is {{reference}}. Please answer by {{respond_by}}."] },
  { code: "deny", label: "Deny", letter: ["Dear {{first_name}}, we are sorry."] },
];
const formWith = (decisions: DecisionsFile["decisions"]) => serverFormOf({ ...shipped.files, decisions: { $schema: "", decisions } }, TEST_DAY);
const form = formWith(DECISIONS);
const complete = completeApplication();
const term = choiceLabel(shipped.form, "entry_term", String(complete.entry_term), complete)!;
/** The end of 2026-12-01 in New York (EST, UTC−5). */
const DEADLINE = "2026-12-02T05:00:00.000Z";
/** A release a few minutes ahead: the sessions of the test's applicant and staff outlast it. */
const LATER = 10 * 60_000;

interface Status { state: string; decision: { code: string; letter_html: string; released_at: string; respond_by: string | null; response: string | null } | null }

describe.each(databaseKinds())("decisions (%s)", (kind) => {
  let server: TestServer;
  let reviewer: Client;
  let admin: Client;

  /** A new applicant who has submitted the complete answers (with `first_name`, and `answers`); answers the client and the application's id. */
  async function submitted(first_name = "Ada", answers: Answers = {}): Promise<{ client: Client; id: number; email: string }> {
    const email = newAddress();
    const client = await loggedInApplicant(server, email);
    expect((await client.put("/api/answer", { ...complete, first_name, ...answers })).statusCode).toBe(200);
    expect((await client.post("/api/submit")).statusCode).toBe(200);
    const [row] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [email]);
    return { client, id: row!.id, email };
  }
  const status = async (client: Client) => json(await client.get("/api/status")) as unknown as Status;
  const decide = (client: Client, id: number, code: string) => client.put(`/staff/api/applications/${id}/decision`, { code });
  const release = (client: Client, at: string | null, code?: string, filter: Record<string, unknown> = { status: "submitted" }) =>
    client.post("/staff/api/decisions/release", { filter, at, ...(code && { code }) });
  const refused = async (response: Promise<{ statusCode: number; json: () => unknown }>, statusCode: number, message: string) => {
    const r = await response;
    expect([r.statusCode, (r.json() as { message: string }).message]).toEqual([statusCode, message]);
  };
  const mailDecisions = async () => (await mailReleasedDecisions(server.ctx, 1000)).sent;
  /** Runs `work` on a server whose decisions.json has `decisions`: a release writes their letters. */
  async function withDecisions(decisions: DecisionsFile["decisions"], work: () => Promise<void>) {
    const running = server.ctx.form;
    server.ctx.form = formWith(decisions);
    try {
      await work();
    } finally {
      server.ctx.form = running;
    }
  }
  const referenceOf = async (client: Client) => (json(await client.get("/api/profile")) as { reference: string }).reference;
  /** The letter's PDF as pdftotext reads it: its lines, page by page, without the empty ones. */
  const pagesOf = async (pdf: Buffer) => (await textOf(pdf)).split("\f").slice(0, -1).map((page) => page.split("\n").map((line) => line.trim()).filter((line) => line !== ""));
  const mailsTo = (email: string) => server.mail.filter((m) => m.to === email && /update on your/.test(m.subject));

  beforeAll(async () => {
    server = await startTestServer(kind, {}, undefined, form);
  });
  // Sessions of their own for each test: a test moves the clock past a staff session's idle limit.
  beforeEach(async () => {
    reviewer = await loggedInStaff(server, "reviewer");
    admin = await loggedInStaff(server, "admin");
  });
  afterAll(() => server.app.close());

  it("lists the decisions of decisions.json for the office's menus, in their order", async () => {
    expect(json(await (await loggedInStaff(server, "reader")).get("/staff/api/decisions"))).toEqual({
      decisions: [{ code: "admit", label: "Admit", respond_by: "2026-12-01" }, { code: "deny", label: "Deny", respond_by: null }],
    });
  });

  it("records only a decision of decisions.json, on a submitted application, by a reviewer or an admin", async () => {
    const { id } = await submitted();
    await refused(decide(reviewer, id, "admitted"), 400, messages.decisionUnknown("admitted"));
    expect((await decide(reviewer, id, "Admit!")).statusCode).toBe(400);
    expect((await decide(await loggedInStaff(server, "reader"), id, "admit")).statusCode).toBe(403);
    const started = await loggedInApplicant(server);
    expect((await started.put("/api/answer", { first_name: "Started" })).statusCode).toBe(200);
    expect((await decide(started, id, "admit")).statusCode).toBe(401);
    const [startedRow] = await server.db.query<{ id: number }>("SELECT user_id AS id FROM applications ORDER BY user_id DESC LIMIT 1");
    await refused(decide(reviewer, startedRow!.id, "admit"), 409, messages.decisionNeedsSubmitted);
    await refused(decide(reviewer, 999_999, "admit"), 404, messages.applicationNotFound);
    expect(await server.db.query("SELECT 1 FROM decisions")).toEqual([]);

    expect((await decide(reviewer, id, "admit")).statusCode).toBe(200);
    const office = json(await reviewer.get(`/staff/api/applications/${id}`)).decision;
    expect(office).toMatchObject({ code: "admit", label: "Admit", release_at: null, released: false, response: null });
    const audit = await server.db.query<{ detail: unknown }>("SELECT detail FROM audit_log WHERE action = 'decision' AND application_id = $1", [id]);
    expect(audit).toEqual([{ detail: { from: null, to: "admit", released: false } }]);
  });

  it("shows the applicant nothing before the release moment, and from it the letter, with one mail that says only that there is news", async () => {
    const { client, id, email } = await submitted("Grace");
    expect((await decide(reviewer, id, "admit")).statusCode).toBe(200);
    const at = new Date(server.clock.now.getTime() + LATER).toISOString();
    const released = await release(admin, at, "admit", { q: email });
    expect(json(released)).toEqual({ released: 1, release_at: at });

    expect(await status(client)).toMatchObject({ state: "submitted", decision: null });
    expect(json(await admin.get(`/staff/api/applications/${id}`)).decision).toMatchObject({ release_at: at, released: false });
    const reader = await loggedInStaff(server, "reader");
    expect(json(await reader.get(`/staff/api/applications/${id}`)).decision, "a reader, before the release").toBeNull();
    expect(await mailDecisions()).toBe(0);
    server.advance(LATER - 1);
    expect((await status(client)).decision, "a millisecond before").toBeNull();

    server.advance(1);
    const got = await status(client);
    expect(got.state).toBe("decision_available");
    expect(json(await reader.get(`/staff/api/applications/${id}`)).decision, "a reader, from the release").toMatchObject({ code: "admit", released: true });
    expect(got.decision).toMatchObject({ code: "admit", released_at: at, respond_by: DEADLINE, response: null });
    expect(got.decision!.letter_html).toBe(
      `<p>Dear Grace,</p>\n<p><strong>Welcome</strong> to ${term}. Your reference is ${(json(await client.get("/api/profile")) as { reference: string }).reference}. Please answer by December 1, 2026.</p>\n`);

    expect(await mailDecisions()).toBeGreaterThanOrEqual(1);
    expect(await mailDecisions()).toBe(0);
    const [mail] = mailsTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mail!.subject).toBe(`An update on your ${form.form.institution.name} application`);
    expect(mail!.text).not.toMatch(/admit|welcome|congratulations/i);
    expect(mail!.text).toContain("/login");
  });

  it("gives the released letter as a PDF to download, the name as typed, and nothing before the release moment", async () => {
    const named = { code: "named", label: "Named", respondBy: "2026-12-01", letter: [
      "# Your admission decision", "", "Dear {{first_name}} {{last_name}},", "", "**Congratulations!** You are admitted for *{{term}}*.", "",
      "- Your reference number is {{reference}}.", "- Please answer by {{respond_by}}.",
    ] };
    const { client, id, email } = await submitted("Zoë", { last_name: "Łukasiewicz-Ångström Соколова" });
    const reference = await referenceOf(client);
    const at = new Date(server.clock.now.getTime() + LATER).toISOString();
    await withDecisions([...DECISIONS, named], async () => {
      expect((await decide(reviewer, id, "named")).statusCode).toBe(200);
      expect(json(await release(admin, at, "named", { q: email }))).toEqual({ released: 1, release_at: at });
    });
    const download = () => client.get("/api/decision/letter.pdf");
    await refused(download(), 404, messages.noDecision);
    server.advance(LATER - 1);
    await refused(download(), 404, messages.noDecision);

    server.advance(1);
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="decision-${reference}.pdf"; filename*=UTF-8''decision-${reference}.pdf`);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { institution } = form.form;
    expect(await pagesOf(response.rawPayload)).toEqual([[
      institution.name, institution.office_name ?? institution.name, `Released on ${officeDateTime(new Date(at), institution.time_zone)}`, `Reference number ${reference}`,
      "Your admission decision", "Dear Zoë Łukasiewicz-Ångström Соколова,", `Congratulations! You are admitted for ${term}.`,
      `• Your reference number is ${reference}.`, "• Please answer by December 1, 2026.",
      `Reference number ${reference} · Page 1 of 1`,
    ]]);
    // Read like the status page's letter, which the office's audit log does not record either.
    expect(await server.db.query("SELECT action FROM audit_log WHERE application_id = $1 AND staff_id IS NULL", [id])).toEqual([]);
  });

  it("gives each applicant their own letter; without a released decision, or a session, none", async () => {
    const ada = await submitted("Ada");
    const grace = await submitted("Grace");
    const undecided = await submitted("Lin");
    for (const { id } of [ada, grace]) expect((await decide(reviewer, id, "deny")).statusCode).toBe(200);
    for (const { email } of [ada, grace]) expect((await release(admin, null, undefined, { q: email })).statusCode).toBe(200);

    for (const [{ client }, name] of [[ada, "Ada"], [grace, "Grace"]] as const) {
      const response = await client.get("/api/decision/letter.pdf");
      expect(response.headers["content-disposition"]).toContain(`filename="decision-${await referenceOf(client)}.pdf"`);
      expect((await pagesOf(response.rawPayload))[0]).toContain(`Dear ${name}, we are sorry.`);
    }
    await refused(undecided.client.get("/api/decision/letter.pdf"), 404, messages.noDecision);
    await refused(new Client(server).get("/api/decision/letter.pdf"), 401, messages.sessionInvalid);
  });

  it("puts a letter longer than a page on as many pages as it takes, losing nothing", async () => {
    const paragraphs = Array.from({ length: 70 }, (_, i) => `Paragraph ${i + 1} of the letter to {{first_name}} says something worth reading.`);
    const long = { code: "long", label: "Long", letter: paragraphs.flatMap((paragraph) => [paragraph, ""]) };
    const { client, id, email } = await submitted("Ada");
    await withDecisions([...DECISIONS, long], async () => {
      expect((await decide(reviewer, id, "long")).statusCode).toBe(200);
      expect((await release(admin, null, "long", { q: email })).statusCode).toBe(200);
    });
    const pages = await pagesOf((await client.get("/api/decision/letter.pdf")).rawPayload);
    const reference = await referenceOf(client);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flat().filter((line) => line.startsWith("Paragraph "))).toEqual(paragraphs.map((paragraph) => paragraph.replace("{{first_name}}", "Ada")));
    expect(pages.map((page) => page.at(-1))).toEqual(pages.map((_, i) => `Reference number ${reference} · Page ${i + 1} of ${pages.length}`));
  });

  it("keeps a letter as it was released, whatever staff change in decisions.json afterwards", async () => {
    const { client, id } = await submitted("Mary");
    expect((await decide(reviewer, id, "deny")).statusCode).toBe(200);
    expect((await release(admin, null, "deny", { q: (json(await client.get("/api/profile")) as { username: string }).username })).statusCode).toBe(200);
    // The server now runs definitions where staff have rewritten the letter.
    const running = server.ctx.form;
    server.ctx.form = formWith([DECISIONS[0]!, { ...DECISIONS[1]!, letter: ["An edited letter."] }]);
    try {
      expect((await status(client)).decision!.letter_html).toBe("<p>Dear Mary, we are sorry.</p>\n");
    } finally {
      server.ctx.form = running;
    }
  });

  it("writes what the applicant typed as text: Markdown and HTML in a name read as themselves", async () => {
    const { client, id, email } = await submitted("<b>Ada</b> *Byron*");
    expect((await decide(reviewer, id, "deny")).statusCode).toBe(200);
    expect((await release(admin, null, undefined, { q: email })).statusCode).toBe(200);
    expect((await status(client)).decision!.letter_html).toBe("<p>Dear &lt;b&gt;Ada&lt;/b&gt; *Byron*, we are sorry.</p>\n");
  });

  it("refuses a release in the past or malformed, an unknown code, and anyone but an admin, releasing nothing", async () => {
    const { client, id, email } = await submitted();
    expect((await decide(reviewer, id, "admit")).statusCode).toBe(200);
    await refused(release(admin, new Date(server.clock.now.getTime() - 1).toISOString(), undefined, { q: email }), 400, messages.releaseInPast);
    expect((await release(admin, "tomorrow at noon", undefined, { q: email })).statusCode).toBe(400);
    await refused(release(admin, null, "admitted", { q: email }), 400, messages.decisionUnknown("admitted"));
    expect((await release(reviewer, null, undefined, { q: email })).statusCode).toBe(403);
    expect((await release(client, null, undefined, { q: email })).statusCode).toBe(401);
    expect(await server.db.query("SELECT release_at FROM decisions WHERE application_id = $1", [id])).toEqual([{ release_at: null }]);
    expect((await status(client)).decision).toBeNull();
  });

  it("takes the applicant's answer before the deadline, once; refuses it after the deadline, where none is asked, and with no decision", async () => {
    const first = await submitted();
    const late = await submitted();
    const denied = await submitted();
    for (const { id } of [first, late]) expect((await decide(reviewer, id, "admit")).statusCode).toBe(200);
    expect((await decide(reviewer, denied.id, "deny")).statusCode).toBe(200);
    for (const { email } of [first, late, denied]) expect((await release(admin, null, undefined, { q: email })).statusCode).toBe(200);

    expect((await status(first.client)).decision).toMatchObject({ may_respond: true, response: null });
    expect((await status(denied.client)).decision).toMatchObject({ may_respond: false, respond_by: null });
    const accepted = await first.client.post("/api/decision/response", { accept: true });
    expect([accepted.statusCode, json(accepted).message]).toEqual([200, messages.decisionAccepted]);
    await refused(first.client.post("/api/decision/response", { accept: false }), 409, messages.decisionAnswered);
    expect((await status(first.client)).decision).toMatchObject({ response: "accepted", may_respond: false });
    expect(json(await admin.get(`/staff/api/applications/${first.id}`)).decision).toMatchObject({ response: "accepted", responded_at: server.clock.now.toISOString() });
    await refused(denied.client.post("/api/decision/response", { accept: true }), 409, messages.noAnswerAsked);
    await refused((await loggedInApplicant(server)).post("/api/decision/response", { accept: true }), 404, messages.noDecision);
    expect((await first.client.post("/api/decision/response", { accept: "yes" })).statusCode).toBe(400);

    const now = server.clock.now;
    server.clock.now = new Date(DEADLINE);
    try {
      // Days later: a new session.
      const again = new Client(server);
      expect((await again.post("/public/login", { username: late.email, password: PASSWORD })).statusCode).toBe(200);
      await refused(again.post("/api/decision/response", { accept: true }), 409, messages.decisionClosed);
      expect((await status(again)).decision).toMatchObject({ response: null, may_respond: false });
    } finally {
      server.clock.now = now;
    }
    const audit = await server.db.query<{ detail: unknown }>("SELECT detail FROM audit_log WHERE action = 'decision response' AND application_id = $1", [first.id]);
    expect(audit).toEqual([{ detail: { response: "accepted" } }]);
  });

  it("lets only an admin change or withdraw a released decision: the applicant reads the new letter, and is told again", async () => {
    const { client, id, email } = await submitted("Lin");
    expect((await decide(reviewer, id, "admit")).statusCode).toBe(200);
    expect((await release(admin, null, undefined, { q: email })).statusCode).toBe(200);
    await mailDecisions();
    await refused(decide(reviewer, id, "deny"), 403, messages.decisionReleased);
    await refused(reviewer.delete(`/staff/api/applications/${id}/decision`), 403, messages.decisionReleased);

    expect((await decide(admin, id, "deny")).statusCode).toBe(200);
    expect((await status(client)).decision).toMatchObject({ code: "deny", letter_html: "<p>Dear Lin, we are sorry.</p>\n", respond_by: null });
    await mailDecisions();
    expect(mailsTo(email)).toHaveLength(2);

    expect((await admin.delete(`/staff/api/applications/${id}/decision`)).statusCode).toBe(200);
    expect(await status(client)).toMatchObject({ decision: null });
    const actions = await server.db.query<{ action: string; detail: unknown }>(
      "SELECT action, detail FROM audit_log WHERE application_id = $1 AND action IN ('decision', 'withdraw decision') ORDER BY id", [id]);
    expect(actions).toEqual([
      { action: "decision", detail: { from: null, to: "admit", released: false } },
      { action: "decision", detail: { from: "admit", to: "deny", released: true } },
      { action: "withdraw decision", detail: { code: "deny", released: true } },
    ]);
  });
});
