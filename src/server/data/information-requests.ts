// The office's requests for information and the applicant's replies (migration 021). Asking
// sets the review status to "needs information"; the reply, or the office withdrawing the
// request, sets it back to "in review". applications.request_state keeps where requests stand
// for the office's list: open, replied (until a reviewer next sets the review status), or null.
import type { Database, Queryable } from "../db/database";
import { refusable, Refused, type Outcome } from "./refusable";

export interface InformationRequest {
  id: number;
  message: string;
  item: string | null;
  asked_by: string;
  asked_at: Date;
  reply: string | null;
  replied_at: Date | null;
  withdrawn_at: Date | null;
}

/** The application's requests, oldest first, with who asked (their e-mail now). */
export async function requestsOf(db: Queryable, applicationId: number): Promise<InformationRequest[]> {
  return db.query<InformationRequest & Record<string, unknown>>(
    `SELECT r.id, r.message, r.item, s.email AS asked_by, r.asked_at, r.reply, r.replied_at, r.withdrawn_at
     FROM information_requests r JOIN staff s ON s.id = r.asked_by WHERE r.application_id = $1 ORDER BY r.id`, [applicationId]);
}

const requestState = (r: Pick<InformationRequest, "replied_at" | "withdrawn_at">) =>
  r.replied_at ? "replied" as const : r.withdrawn_at ? "withdrawn" as const : "open" as const;

/** A request as its applicant reads it: not who asked, nor when it was withdrawn. */
export const applicantRequest = (r: InformationRequest) => ({
  id: r.id, message: r.message, item: r.item, asked_at: r.asked_at.toISOString(), state: requestState(r),
  reply: r.reply, replied_at: r.replied_at?.toISOString() ?? null,
});

export const officeRequest = (r: InformationRequest) => ({ ...applicantRequest(r), asked_by: r.asked_by, withdrawn_at: r.withdrawn_at?.toISOString() ?? null });

/** The application's row, locked, so two requests or a reply and a withdrawal never cross. */
async function lockApplication(tx: Queryable, applicationId: number): Promise<{ submitted: boolean } | null> {
  const [row] = await tx.query<{ submitted: boolean }>("SELECT submitted_at IS NOT NULL AS submitted FROM applications WHERE user_id = $1 FOR UPDATE", [applicationId]);
  return row ?? null;
}

export type AskRefusal = "notFound" | "notSubmitted" | "requestOpen";

/** Asks a submitted application's applicant for information; answers the new request's id. */
export function askForInformation(
  db: Database, { applicationId, item, message, staffId, now }: { applicationId: number; item: string | null; message: string; staffId: number; now: Date },
): Promise<Outcome<number, AskRefusal>> {
  return refusable(db, async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new Refused("notFound");
    if (!application.submitted) throw new Refused("notSubmitted");
    const [open] = await tx.query("SELECT 1 FROM information_requests WHERE application_id = $1 AND replied_at IS NULL AND withdrawn_at IS NULL", [applicationId]);
    if (open) throw new Refused("requestOpen");
    const [row] = await tx.query<{ id: number }>(
      "INSERT INTO information_requests (application_id, item, message, asked_by, asked_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
      [applicationId, item, message, staffId, now]);
    await tx.query("UPDATE applications SET request_state = 'open', review_status = 'needs information' WHERE user_id = $1", [applicationId]);
    return row!.id;
  });
}

export type AnswerRefusal = "notFound" | "requestClosed";

/**
 * Closes an open request: replied by the applicant (`reply` their words) or withdrawn by the
 * office (`withdrawnBy`). Either way the review goes back to "in review".
 */
export function closeRequest(
  db: Database,
  { applicationId, requestId, now, ...how }: { applicationId: number; requestId: number; now: Date } & ({ reply: string } | { withdrawnBy: number }),
): Promise<Outcome<void, AnswerRefusal>> {
  return refusable(db, async (tx) => {
    if (!(await lockApplication(tx, applicationId))) throw new Refused("notFound");
    const [request] = await tx.query<{ open: boolean }>(
      "SELECT replied_at IS NULL AND withdrawn_at IS NULL AS open FROM information_requests WHERE id = $1 AND application_id = $2", [requestId, applicationId]);
    if (!request) throw new Refused("notFound");
    if (!request.open) throw new Refused("requestClosed");
    if ("reply" in how) {
      await tx.query("UPDATE information_requests SET reply = $2, replied_at = $3 WHERE id = $1", [requestId, how.reply, now]);
    } else {
      await tx.query("UPDATE information_requests SET withdrawn_by = $2, withdrawn_at = $3 WHERE id = $1", [requestId, how.withdrawnBy, now]);
    }
    await tx.query(
      `UPDATE applications SET request_state = $2, review_status = CASE WHEN review_status = 'needs information' THEN 'in review' ELSE review_status END WHERE user_id = $1`,
      [applicationId, "reply" in how ? "replied" : null]);
  });
}
