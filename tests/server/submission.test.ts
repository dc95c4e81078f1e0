// The applicant's side of a submit (issue 20 item 5), on each database: the reference the
// application gets (WU-FA26-000001: prefix, entry term, a number from a sequence), in the profile
// and the submit's answer, and the confirmation e-mail that leaves at once, with no answers in it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { optionsOf } from "../support/definitions";
import type { Answers } from "../../src/engine/runtime";
import { submitApplication } from "../../src/server/data/applications";
import { messages } from "../../src/api-contract/messages";
import { type Client, completeApplication, databaseKinds, json, loggedInApplicant, startTestServer, type TestServer } from "./harness";

const complete = completeApplication();
/** The cycle's term (complete applications apply for it), and the next. */
const term = complete.entry_term as string;
const laterTerm = optionsOf("entry_term")[1]!.value;

describe.each(databaseKinds())("submitting on %s", (kind) => {
  // A server of its own: references count from 1 on a new database.
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => { await server.app.close(); });

  const profileOf = async (client: Client) => json(await client.get("/api/profile"));
  /** A logged-in applicant whose answers are complete (with `changes` over them). */
  const readyApplicant = async (changes: Answers = {}) => {
    const client = await loggedInApplicant(server);
    expect((await client.put("/api/answer", { ...complete, ...changes })).statusCode).toBe(200);
    return client;
  };
  const referenceOf = async (client: Client) => json(await client.post("/api/submit")).reference as string;

  it("gives each application its reference in order: prefix, entry term, six digits; the profile and the submit's answer carry it", async () => {
    const first = await readyApplicant();
    expect((await profileOf(first)).reference).toBeNull();
    expect((await profileOf(first)).submitted_at).toBeNull();
    const submitted = await first.post("/api/submit");
    expect([submitted.statusCode, json(submitted)]).toEqual([200, { message: messages.submitted, reference: `WU-${term}-000001`, submitted_at: "2026-11-22T12:00:00.000Z" }]);
    expect(await profileOf(first)).toMatchObject({ reference: `WU-${term}-000001`, submitted_at: "2026-11-22T12:00:00.000Z" });

    const second = await readyApplicant({ entry_term: laterTerm });
    expect(await referenceOf(second)).toBe(`WU-${laterTerm}-000002`);
    // Submitting again changes nothing, the reference included.
    expect((await second.post("/api/submit")).statusCode).toBe(409);
    expect((await profileOf(second)).reference).toBe(`WU-${laterTerm}-000002`);
  });

  it("gives applicants who submit at the same moment references of their own", async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => readyApplicant()));
    const references = await Promise.all(clients.map(referenceOf));
    expect(new Set(references).size).toBe(6);
    for (const reference of references) expect(reference).toMatch(new RegExp(`^WU-${term}-\\d{6}$`));
    for (const [i, client] of clients.entries()) expect((await profileOf(client)).reference).toBe(references[i]);
  });

  it("gives a refused submit no reference, and draws no number for it", async () => {
    const incomplete = await loggedInApplicant(server);
    await incomplete.put("/api/answer", { first_name: "Ana" });
    expect((await incomplete.post("/api/submit")).statusCode).toBe(422);
    expect((await profileOf(incomplete)).reference).toBeNull();

    // Answers saved after the submit's check: the statement finds no row to submit.
    const raced = await readyApplicant();
    const { username } = await profileOf(raced);
    const [row] = await server.db.query<{ user_id: number; revision: number }>(
      "SELECT user_id, revision FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = $1", [username]);
    expect(await submitApplication(server.db, row!.user_id, row!.revision - 1, [], { prefix: "WU", term }, server.ctx.version.hash, server.clock.now, { items: {}, hash: "" })).toBeNull();
    expect((await profileOf(raced)).reference).toBeNull();

    const before = await referenceOf(await readyApplicant());
    const after = await referenceOf(raced);
    expect(Number(after.slice(-6))).toBe(Number(before.slice(-6)) + 1);
  });

  it("mails a confirmation at once: reference, date and time in the office's zone, where to get the PDF copy; none of the answers", async () => {
    const client = await readyApplicant({ phone_mobile: "(555) 555-0199" });
    const { username } = await profileOf(client);
    const reference = await referenceOf(client);
    const mail = server.mail.filter((m) => m.to === username);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringContaining("confirmation code"), `We received your application — ${reference}`]);
    const { text } = mail[1]!;
    expect(text).toContain(`Your reference number is ${reference}.`);
    expect(text).toContain("We received your application on November 22, 2026 at 7:00 AM EST.");
    expect(text).toContain("log in at http://localhost:8080/login");
    expect(text).toContain("admission@westbrook.example.edu");
    expect(text).toMatch(/Office of Undergraduate Admission\nWestbrook University\n$/);
    for (const answer of ["Maya", "Okafor", "555-0199", "Columbus Alternative High School"]) expect(text).not.toContain(answer);
    // Every answer long enough to tell, not only those above.
    const told = Object.values({ ...complete, phone_mobile: "(555) 555-0199" }).filter((v): v is string => typeof v === "string" && v.length >= 6);
    expect(told.filter((value) => text.includes(value))).toEqual([]);
  });

  it("answers the submit even when the mail cannot be sent, and logs the failure", async () => {
    const client = await readyApplicant();
    const sendMail = vi.spyOn(server.ctx, "sendMail").mockRejectedValue(new Error("mail server down"));
    const logError = vi.spyOn(server.app.log, "error").mockImplementation(() => {});
    try {
      expect(await referenceOf(client)).toMatch(new RegExp(`^WU-${term}-\\d{6}$`));
      expect(sendMail).toHaveBeenCalledOnce();
      expect(logError).toHaveBeenCalledWith(new Error("mail server down"), "mailing a submission confirmation failed");
    } finally {
      sendMail.mockRestore();
      logError.mockRestore();
    }
  });
});
