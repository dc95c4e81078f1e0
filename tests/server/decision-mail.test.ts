// The mails of a release (issue 40, item 4), on each database: each applicant whose decision is
// released is mailed once, however the runs that send them meet or end. Two runs at once share the
// work; a send that fails gives back what it had not sent; a run that dies in the middle leaves
// its claims until the queue would give its job up, and the next run then sends them; a decision
// changed while its mail was on its way is mailed again; the rate is the one asked for. Mails are
// counted as the mail server would count them: a send that never ended delivered nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLAIM_SECONDS, mailReleasedDecisions } from "../../src/server/decisions/mail";
import type { Mail, SendMail } from "../../src/server/platform/mail";
import { databaseKinds, json, loggedInStaff, startTestServer, type Client, type TestServer } from "./harness";

/** More than a run's batch (100), so that runs meet on more than one. */
const APPLICANTS = 250;
const FAST = 100_000;

describe.each(databaseKinds())("the mails of a release (%s)", (kind) => {
  let server: TestServer;
  let admin: Client & { staffId: number };
  let batch = 0;
  let emails: string[] = [];
  let delivered: Mail[] = [];

  const deliver: SendMail = async (mail) => void delivered.push(mail);
  const withMailer = (sendMail: SendMail) => ({ ...server.ctx, sendMail });
  /** How many mails each applicant of this test got, by count: { 1: 250 } is every one once. */
  const tally = () => {
    const counts = new Map(emails.map((email) => [email, 0]));
    for (const { to } of delivered) if (counts.has(to)) counts.set(to, counts.get(to)! + 1);
    const byCount: Record<number, number> = {};
    for (const count of counts.values()) byCount[count] = (byCount[count] ?? 0) + 1;
    return byCount;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.app.close());

  // APPLICANTS submitted applications of this test's own, each with an admit released a second ago.
  beforeEach(async () => {
    admin = await loggedInStaff(server, "admin");
    batch++;
    delivered = [];
    const now = server.clock.now;
    const users = await server.db.query<{ id: number; username: string }>(
      `INSERT INTO users (username, password_hash, created_at) SELECT 'release${batch}.' || i || '@example.org', 'x', $1 FROM generate_series(1, $2::int) i
       RETURNING id, username`, [now, APPLICANTS]);
    emails = users.map((u) => u.username);
    await server.db.query(
      `INSERT INTO applications (user_id, answers, updated_at, submitted_at, reference)
       SELECT id, '{"first_name": "Ada"}'::jsonb, $1, $1, 'REL-${batch}-' || id FROM users WHERE id = ANY($2::int[])`, [now, users.map((u) => u.id)]);
    await server.db.query(
      `INSERT INTO decisions (application_id, code, recorded_by, recorded_at, release_at, letter)
       SELECT id, 'admit', $1, $2, $2::timestamptz - interval '1 second', 'Dear Ada,' FROM users WHERE id = ANY($3::int[])`,
      [admin.staffId, now, users.map((u) => u.id)]);
  });

  it("mails each applicant once when two runs send at the same time", async () => {
    const runs = await Promise.all([mailReleasedDecisions(withMailer(deliver), FAST), mailReleasedDecisions(withMailer(deliver), FAST)]);
    expect(tally()).toEqual({ 1: APPLICANTS });
    expect(runs[0]!.sent + runs[1]!.sent).toBe(APPLICANTS);
    expect(new Set(delivered.map((m) => m.messageId)).size).toBe(APPLICANTS);
    expect(delivered[0]!.messageId).toMatch(/^<decision-\d+-\d+-\d+@localhost>$/);
    expect(await server.db.query("SELECT count(*)::int AS n FROM decisions WHERE mailed_at IS NULL OR mail_claim IS NOT NULL")).toEqual([{ n: 0 }]);
  });

  it("gives back what a failed run had not sent, and the next run sends it, none twice", async () => {
    let calls = 0;
    const failing: SendMail = async (mail) => {
      if (++calls === 30) throw new Error("421 the relay is busy");
      delivered.push(mail);
    };
    await expect(mailReleasedDecisions(withMailer(failing), FAST)).rejects.toThrow("421 the relay is busy");
    expect(delivered.length).toBeGreaterThanOrEqual(29);
    expect(delivered.length).toBeLessThan(APPLICANTS);
    expect(await server.db.query("SELECT count(*)::int AS n FROM decisions WHERE mail_claim IS NOT NULL")).toEqual([{ n: 0 }]);

    expect((await mailReleasedDecisions(withMailer(deliver), FAST)).next).toBeNull();
    expect(tally()).toEqual({ 1: APPLICANTS });
  });

  it("leaves a dead run's mails until the queue would give its job up, then sends them once", async () => {
    // The process dies at the 20th mail: from then no send of the run ends, and none delivers.
    let calls = 0;
    const dying: SendMail = async (mail) => {
      if (++calls >= 20) return new Promise<void>(() => {});
      delivered.push(mail);
    };
    void mailReleasedDecisions(withMailer(dying), FAST);
    await expect.poll(async () => (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM decisions WHERE mail_claim IS NOT NULL"))[0]!.n).toBe(100 - 19);
    const claimedAt = server.clock.now;

    // Another worker sends all it may, and says when to look again: when those claims run out.
    const next = await mailReleasedDecisions(withMailer(deliver), FAST);
    expect(next.next).toEqual(new Date(claimedAt.getTime() + CLAIM_SECONDS * 1000));
    expect(tally()).toEqual({ 0: 100 - 19, 1: APPLICANTS - 100 + 19 });

    server.advance(CLAIM_SECONDS * 1000 - 1);
    expect(await mailReleasedDecisions(withMailer(deliver), FAST)).toMatchObject({ sent: 0 });
    server.advance(1);
    expect(await mailReleasedDecisions(withMailer(deliver), FAST)).toEqual({ sent: 100 - 19, next: null });
    expect(tally()).toEqual({ 1: APPLICANTS });
  });

  it("mails again, with a new Message-ID, a decision changed while its mail was on its way", async () => {
    const [first] = await server.db.query<{ id: number; email: string }>(
      "SELECT d.application_id AS id, u.username AS email FROM decisions d JOIN users u ON u.id = d.application_id WHERE d.mailed_at IS NULL ORDER BY d.application_id LIMIT 1");
    let changed = false;
    const changing: SendMail = async (mail) => {
      if (!changed && mail.to === first!.email) {
        changed = true;
        server.advance(1000);
        expect((await admin.put(`/staff/api/applications/${first!.id}/decision`, { code: "deny" })).statusCode).toBe(200);
      }
      delivered.push(mail);
    };
    await mailReleasedDecisions(withMailer(changing), FAST);
    await mailReleasedDecisions(withMailer(deliver), FAST);
    expect(tally()).toEqual({ 1: APPLICANTS - 1, 2: 1 });
    const twice = delivered.filter((m) => m.to === first!.email);
    expect(new Set(twice.map((m) => m.messageId)).size).toBe(2);
    expect(json(await admin.get(`/staff/api/applications/${first!.id}`)).decision).toMatchObject({ code: "deny", released: true });
  });

  it("stops as its process does, and leaves the rest free for the next run", async () => {
    let stop = false;
    const stopping: SendMail = async (mail) => {
      delivered.push(mail);
      if (delivered.length === 10) stop = true;
    };
    const run = await mailReleasedDecisions(withMailer(stopping), FAST, () => stop);
    expect(run).toEqual({ sent: expect.any(Number), next: server.clock.now });
    expect(run.sent).toBeGreaterThanOrEqual(10);
    expect(run.sent).toBeLessThan(20);
    expect(await server.db.query("SELECT count(*)::int AS n FROM decisions WHERE mail_claim IS NOT NULL")).toEqual([{ n: 0 }]);
    expect(await mailReleasedDecisions(withMailer(deliver), FAST)).toEqual({ sent: APPLICANTS - run.sent, next: null });
    expect(tally()).toEqual({ 1: APPLICANTS });
  });

  it("sends at the rate it is given", async () => {
    await server.db.query("UPDATE decisions SET mailed_at = $1 WHERE mailed_at IS NULL AND application_id NOT IN (SELECT application_id FROM decisions WHERE mailed_at IS NULL ORDER BY application_id LIMIT 6)", [server.clock.now]);
    const started = performance.now();
    expect(await mailReleasedDecisions(withMailer(deliver), 10)).toEqual({ sent: 6, next: null });
    // The sixth goes half a second after the first, at 10 a second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    expect(delivered).toHaveLength(6);
  });

  it("never goes faster than its rate to make up for a relay that was slow", async () => {
    await server.db.query("UPDATE decisions SET mailed_at = $1 WHERE mailed_at IS NULL AND application_id NOT IN (SELECT application_id FROM decisions WHERE mailed_at IS NULL ORDER BY application_id LIMIT 20)", [server.clock.now]);
    // The first eight (as many as a run sends at once) take a second each; the rest none.
    const startedAt: number[] = [];
    const slow: SendMail = async (mail) => {
      startedAt.push(performance.now());
      if (startedAt.length <= 8) await new Promise((resolve) => setTimeout(resolve, 1000));
      delivered.push(mail);
    };
    expect(await mailReleasedDecisions(withMailer(slow), 20)).toEqual({ sent: 20, next: null });
    const gaps = startedAt.slice(8).map((at, i) => at - startedAt[8 + i - 1]!);
    // 50 ms apart at 20 a second, a timer's millisecond aside: none of the late ones at once.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(45);
  });
});
