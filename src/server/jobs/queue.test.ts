// The jobs' graceful stop waits as long as it is told (the process's shutdown limit), not a limit
// of its own: a job cut short must be the process's exit 1, never an exit 0 that left it running.
// A queue an earlier release made gets this release's time limit and policy, and the decision
// mails run one job at a time across processes (their rate is the operator's, not per worker).
import { afterEach, describe, expect, it } from "vitest";
import { openPglite, type Database } from "../db/database";
import { openJobs } from "./queue";

let db: Database | undefined;
/**
 * Ends when the job a test started has: pg-boss writes to the database as its handler returns,
 * and on a closed database that threw into the next test. The database closes after any
 * statement asked for before it.
 */
let jobEnded: Promise<void> | undefined;
afterEach(async () => {
  await jobEnded;
  await new Promise((resolve) => setTimeout(resolve, 50));
  await db?.close();
  db = undefined;
  jobEnded = undefined;
});

/** A process working jobs whose conversion takes `ms`; answers when it ended (or undefined). */
async function working(ms: number, stopWaitMs: number) {
  db = await openPglite(undefined);
  const ended: { at?: number } = {};
  let began!: () => void;
  const running = new Promise<void>((resolve) => (began = resolve));
  let end!: () => void;
  jobEnded = new Promise<void>((resolve) => (end = resolve));
  const slow = async () => {
    began();
    await new Promise((resolve) => setTimeout(resolve, ms));
    ended.at = Date.now();
    end();
  };
  const jobs = await openJobs(db, { handlers: { "convert-document": slow, "pdf-copy": slow, export: slow, "decision-mail": slow }, onError: () => {}, stopWaitMs });
  await jobs.send("convert-document", {});
  await running;
  return { jobs, ended };
}

describe("stopping the jobs", () => {
  it("waits for a job in flight within the limit it is given", async () => {
    const { jobs, ended } = await working(1_500, 20_000);
    await jobs.stop();
    expect(ended.at).toBeDefined();
  }, 120_000);

  it("stops waiting at the limit it is given, the job still running", async () => {
    const { jobs, ended } = await working(10_000, 1_000);
    const stopping = Date.now();
    await jobs.stop();
    expect(ended.at).toBeUndefined();
    expect(Date.now() - stopping).toBeLessThan(9_000);
  }, 120_000);
});

describe("the queues", () => {
  it("take this release's time limit and policy when an earlier release made them with others", async () => {
    db = await openPglite(undefined);
    const open = () => openJobs(db!, { onError: () => {}, stopWaitMs: 1_000 });
    const first = await open();
    await first.start();
    await first.stop();
    await db.query("UPDATE pgboss.queue SET expire_seconds = 120 WHERE name = 'convert-document'");
    await db.query("UPDATE pgboss.queue SET policy = 'standard' WHERE name = 'decision-mail'");
    const again = await open();
    await again.start();
    await again.stop();
    expect(await db.query("SELECT expire_seconds FROM pgboss.queue WHERE name = 'convert-document'")).toEqual([{ expire_seconds: 600 }]);
    expect(await db.query("SELECT policy FROM pgboss.queue WHERE name = 'decision-mail'")).toEqual([{ policy: "singleton" }]);
  }, 120_000);

  it("run one decision-mail job at a time, however many processes work them", async () => {
    db = await openPglite(undefined);
    let running = 0;
    let most = 0;
    let done = 0;
    let end!: () => void;
    jobEnded = new Promise<void>((resolve) => (end = resolve));
    const mail = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running--;
      if (++done === 4) end();
    };
    const idle = async () => {};
    const process = () => openJobs(db!, { handlers: { "convert-document": idle, "pdf-copy": idle, export: idle, "decision-mail": mail }, onError: () => {}, stopWaitMs: 5_000 });
    // One after the other: PGlite is one connection, where two pg-boss start-ups at once collide.
    const one = await process();
    await one.start();
    const two = await process();
    await two.start();
    for (let i = 0; i < 4; i++) await (i % 2 ? one : two).send("decision-mail", {});
    await jobEnded;
    await Promise.all([one.stop(), two.stop()]);
    expect([done, most]).toEqual([4, 1]);
  }, 120_000);
});
