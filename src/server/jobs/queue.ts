// Durable jobs (ARCHITECTURE: jobs): pg-boss, on PostgreSQL or on PGlite through the same
// Database, so a job queued survives a restart and any process that works jobs picks it up. The
// web process works them too unless WORK_JOBS=false (then `npm run worker` processes do).
// A process that only sends (a web process beside workers, or a test server) starts pg-boss on
// the first job it sends.
import PgBoss from "pg-boss";
import type { Database } from "../db/database";

type JobName = "convert-document" | "pdf-copy" | "export" | "decision-mail";

/**
 * How long a job may run before pg-boss counts it as failed and retries it (a worker that died).
 * An export of 100,000 applications takes about a minute, a zip of thousands with documents far
 * longer: half an hour, so a live export is never given up for dead (a dead one waits that long).
 * A conversion's steps (LibreOffice, the PDF's cleaning, the thumbnail) each end within 90 s on
 * the clock (src/server/convert: CONVERSION_MS × WALL_FACTOR), on a machine busy enough to take
 * that long: 10 minutes covers them and the wait for a free thread. A run of decision mails ends
 * after a minute (decisions/mail.ts): five is a dead one's.
 */
export const EXPIRE_SECONDS: Record<JobName, number> = { "convert-document": 600, "pdf-copy": 180, export: 1800, "decision-mail": 300 };
/**
 * Jobs of a name active at once across all processes, where not one per worker: the decision mails
 * go at the operator's rate (MAIL_PER_SECOND) only when one run sends them.
 */
const SINGLETON: ReadonlySet<JobName> = new Set(["decision-mail"]);
/** Jobs each process works at once; conversions of .docx are limited to 2 by the converter itself; an export keeps a database connection busy throughout. */
const WORKERS: Record<JobName, number> = { "convert-document": 4, "pdf-copy": 2, export: 1, "decision-mail": 1 };

type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface Jobs {
  /** Queues a job; `startAfter`: not before then (a release set for later). */
  send(name: JobName, data: Record<string, unknown>, options?: { startAfter?: Date }): Promise<void>;
  /** Starts working jobs now rather than on first use (a worker process). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** From stop() on: a long job ends early and leaves the rest to its next run. */
  readonly stopping: boolean;
}

export interface JobOptions {
  /** Work jobs in this process with these handlers; send only when absent. */
  handlers?: Record<JobName, JobHandler>;
  /**
   * How long stop() waits for the jobs in flight: the process's own shutdown limit, so that a job
   * cut short is the process's exit 1 (lifecycle.ts), never an exit 0 that left it running.
   */
  stopWaitMs: number;
  onError: (error: unknown) => void;
}

export async function openJobs(db: Database, options: JobOptions): Promise<Jobs> {
  let started: Promise<PgBoss> | undefined;
  const workers = new Map<JobName, string[]>();
  // A start that failed (the database away for a moment) is tried again by the next call.
  const start = () => (started ??= startBoss(db, options, workers).catch((error: unknown) => {
    started = undefined;
    throw error;
  }));
  // A process that works jobs starts at once (in the background): a restart resumes what was
  // queued, and the first upload of a fresh install does not wait for pg-boss to make its tables.
  if (options.handlers) start().catch(options.onError);
  let stopping = false;
  return {
    async send(name, data, options = {}) {
      const boss = await start();
      await boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
      // A worker of this process takes it now rather than at its next poll (up to half a second).
      const idle = workers.get(name);
      if (idle?.length) boss.notifyWorker(idle[Math.floor(Math.random() * idle.length)]!);
    },
    async start() {
      await start();
    },
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      if (!started) return;
      const boss = await started.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: options.stopWaitMs });
    },
  };
}

async function startBoss(db: Database, { handlers, onError }: JobOptions, workers: Map<JobName, string[]>): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => ({ rows: values?.length ? await db.query(text, values) : await db.script(text) }) },
    schema: "pgboss",
    // Its clock and cron monitors are for scheduled jobs, which we have none of.
    schedule: false,
  });
  boss.on("error", onError);
  await boss.start();
  for (const name of Object.keys(EXPIRE_SECONDS) as JobName[]) {
    const settings: PgBoss.Queue = { name, retryLimit: 2, retryDelay: 5, expireInSeconds: EXPIRE_SECONDS[name], policy: SINGLETON.has(name) ? "singleton" : "standard" };
    const queue = await boss.getQueue(name);
    if (!queue) {
      // Two processes starting together may both create it; the loser's error means it exists.
      await boss.createQueue(name, settings).catch(async (error: unknown) => {
        if (!(await boss.getQueue(name))) throw error;
      });
    } else if (queue.expireInSeconds !== settings.expireInSeconds || queue.policy !== settings.policy) {
      // Made by an earlier release with another limit or policy: new jobs get this one.
      await boss.updateQueue(name, settings);
    }
    const handler = handlers?.[name];
    if (!handler) continue;
    const ids: string[] = [];
    for (let i = 0; i < WORKERS[name]; i++) {
      ids.push(await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 0.5 }, async ([job]) => handler(job!.data)));
    }
    workers.set(name, ids);
  }
  return boss;
}
