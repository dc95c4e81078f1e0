// The mail that a decision is available: one per applicant once their decision's release moment
// has come, saying only that there is a decision and where to read it, never what it is.
//
// The decision-mail job (queued by a release for its moment) sends them, at most
// `mailPerSecond` a second (the operator's MAIL_PER_SECOND, across all workers: the queue runs
// one such job at a time, jobs/queue.ts). A release of 100,000 neither loses nor repeats a mail
// when a worker dies halfway:
//   - a run claims a batch (its own token in mail_claim, migration 023), so two runs never send
//     one mail twice;
//   - each row is marked mailed as soon as its mail is accepted, and what a run claimed and did
//     not send is freed when a send fails or its process stops;
//   - a dead run's claims run out when the queue gives up its job (EXPIRE_SECONDS), and the next
//     run takes them. Only the one mail that was accepted in the moment before the process died
//     and not yet marked can go twice, with the same Message-ID, which mail programs show once.
// A run ends after RUN_MS (or as its process stops) and queues the next, so the queue's limit is
// never a live run's.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServerContext } from "../context";
import { EXPIRE_SECONDS } from "../jobs/queue";
import { MAIL_PER_SECOND } from "../platform/config";
import { mailTexts } from "../platform/mail";

const MAIL_BATCH = 100;
/** Mails being sent at once (over as many SMTP connections, platform/mail.ts): their round trips overlap, so the rate is the operator's, not one connection's. */
const IN_FLIGHT = 8;
/** A run sends for this long, then leaves the rest to the next run. */
const RUN_MS = 60_000;
/** A claim older than this is a dead run's: the queue has given its job up by then. */
export const CLAIM_SECONDS = EXPIRE_SECONDS["decision-mail"];

type MailContext = Pick<ServerContext, "db" | "now" | "sendMail" | "sender">;

interface Claimed { id: number; email: string; message_id: string }

/** What a run did: how many it sent, and when the next should start (null: nothing is left). */
export interface MailRun { sent: number; next: Date | null }

/** Mails released decisions not mailed yet, paced at `perSecond`, for RUN_MS at most or until `stopping` (the process's shutdown). */
export async function mailReleasedDecisions(ctx: MailContext, perSecond: number, stopping = () => false): Promise<MailRun> {
  const claim = randomUUID();
  const started = performance.now();
  const host = new URL(ctx.sender.publicUrl).hostname;
  // A batch lasts some ten seconds at most, so that a stopping process is not kept waiting.
  const size = Math.min(MAIL_BATCH, perSecond * 10);
  // The moment the next mail may go: one each 1/perSecond, never sooner, however late the last
  // went (a busy machine's delay is not made up in a burst the relay would refuse).
  let slot = started;
  let sent = 0;
  let failure: unknown;
  const ending = () => failure !== undefined || stopping();
  try {
    while (!ending() && performance.now() - started < RUN_MS) {
      const batch = await claimBatch(ctx, claim, host, size);
      if (batch.length === 0) return { sent, next: await nextAfterOthers(ctx) };
      const sending = new Set<Promise<void>>();
      for (const row of batch) {
        while (sending.size >= IN_FLIGHT) await Promise.race(sending);
        const wait = slot - performance.now();
        if (wait > 0) await sleep(wait);
        slot = Math.max(slot, performance.now()) + 1000 / perSecond;
        if (ending()) break;
        const one: Promise<void> = sendOne(ctx, claim, row)
          .then(() => void sent++, (error: unknown) => void (failure ??= error))
          .finally(() => sending.delete(one));
        sending.add(one);
      }
      await Promise.all(sending);
    }
  } finally {
    // What this run claimed and did not send is free at once: it is not a dead run's.
    await ctx.db.query("UPDATE decisions SET mail_claim = NULL, mail_claimed_at = NULL WHERE mail_claim = $1 AND mailed_at IS NULL", [claim]);
  }
  if (failure !== undefined) throw failure;
  return { sent, next: ctx.now() };
}

/** The decision-mail job: a run, then the next one queued if anything is left. */
export async function decisionMailJob(ctx: MailContext & Pick<ServerContext, "jobs" | "config">): Promise<void> {
  const { next } = await mailReleasedDecisions(ctx, ctx.config.mailPerSecond ?? MAIL_PER_SECOND, () => ctx.jobs.stopping);
  if (next) await ctx.jobs.send("decision-mail", {}, { startAfter: next });
}

function claimBatch({ db, now }: MailContext, claim: string, host: string, size: number): Promise<Claimed[]> {
  const at = now();
  // The Message-ID is the decision's as recorded and released: the same mail sent again (after a
  // crash) has the same one; a changed decision's news has a new one.
  return db.query<Claimed & Record<string, unknown>>(
    `UPDATE decisions d SET mail_claim = $2, mail_claimed_at = $1 FROM users u
     WHERE d.application_id IN (
         SELECT application_id FROM decisions
         WHERE release_at <= $1 AND mailed_at IS NULL AND (mail_claim IS NULL OR mail_claimed_at <= $1 - make_interval(secs => $3))
         ORDER BY application_id LIMIT $5 FOR UPDATE SKIP LOCKED)
       AND u.id = d.application_id
     RETURNING d.application_id AS id, u.username AS email,
       format('<decision-%s-%s-%s@%s>', d.application_id, floor(extract(epoch FROM d.recorded_at) * 1000), floor(extract(epoch FROM d.release_at) * 1000), $4::text) AS message_id`,
    [at, claim, CLAIM_SECONDS, host, size]);
}

async function sendOne(ctx: MailContext, claim: string, { id, email, message_id }: Claimed): Promise<void> {
  await ctx.sendMail({ to: email, messageId: message_id, bulk: true, ...mailTexts.decisionAvailable(ctx.sender) });
  // Not marked when the decision changed meanwhile (its claim cleared): its news is mailed again.
  await ctx.db.query("UPDATE decisions SET mailed_at = $3, mail_claim = NULL, mail_claimed_at = NULL WHERE application_id = $1 AND mail_claim = $2", [id, claim, ctx.now()]);
}

/** Rows another run holds: when its claims run out, should it have died. */
async function nextAfterOthers({ db, now }: MailContext): Promise<Date | null> {
  const [row] = await db.query<{ next: Date | null }>(
    `SELECT min(mail_claimed_at) + make_interval(secs => $2) AS next FROM decisions
     WHERE release_at <= $1 AND mailed_at IS NULL AND mail_claim IS NOT NULL`, [now(), CLAIM_SECONDS]);
  return row?.next ?? null;
}
