// The mail that a decision is available: one per applicant once their decision's release moment
// has come, saying only that there is a decision and where to read it, never what it is. The
// decision-mail job (queued by a release for its moment) sends them a batch at a time: each
// batch is claimed (mailed_at set) in one statement, so two workers never mail one applicant
// twice; a send that fails gives its row back for the next run.
import type { ServerContext } from "../context";
import { mailTexts } from "../platform/mail";

const MAIL_BATCH = 100;

/** Mails every released decision not mailed yet; answers how many went. */
export async function mailReleasedDecisions(ctx: Pick<ServerContext, "db" | "now" | "sendMail" | "sender">): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const batch = await ctx.db.query<{ id: number; email: string }>(
      `UPDATE decisions d SET mailed_at = $1 FROM users u
       WHERE d.application_id IN (SELECT application_id FROM decisions WHERE release_at <= $1 AND mailed_at IS NULL ORDER BY application_id LIMIT ${MAIL_BATCH} FOR UPDATE SKIP LOCKED)
         AND u.id = d.application_id
       RETURNING d.application_id AS id, u.username AS email`, [now]);
    if (batch.length === 0) return sent;
    for (const { id, email } of batch) {
      try {
        await ctx.sendMail({ to: email, ...mailTexts.decisionAvailable(ctx.sender) });
        sent++;
      } catch (error) {
        await ctx.db.query("UPDATE decisions SET mailed_at = NULL WHERE application_id = $1", [id]);
        throw error;
      }
    }
  }
}
