// The SQL of decisions (migration 022): recorded on a submitted application, released at a moment
// (its letter written then, and kept), answered by the applicant before its deadline. What a
// route may change is decided here, under the application's lock: before the release a
// reviewer's, after it an admin's.
import type { Database, Queryable } from "../db/database";
import { refusable, Refused, type Outcome } from "./refusable";
import type { ApplicationFilter } from "./office-list";
import { filtered, Parameters } from "./office-list";

export interface DecisionRow {
  code: string;
  recorded_by: string;
  recorded_at: Date;
  release_at: Date | null;
  letter: string | null;
  respond_by: Date | null;
  response: "accepted" | "declined" | null;
  responded_at: Date | null;
}

const COLUMNS = `d.code, s.email AS recorded_by, d.recorded_at, d.release_at, d.letter, d.respond_by, d.response, d.responded_at`;

/** The application's decision, released or not; null when none is recorded. */
export async function decisionOf(db: Queryable, applicationId: number): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM decisions d JOIN staff s ON s.id = d.recorded_by WHERE d.application_id = $1`, [applicationId]);
  return row ?? null;
}

/** Whether the applicant sees it: its release moment has come. */
export const isReleased = (decision: Pick<DecisionRow, "release_at"> | null, now: Date): boolean =>
  decision?.release_at != null && decision.release_at.getTime() <= now.getTime();

/** What a letter is filled with: the applicant's names, reference and entry term (its code). */
export interface LetterFacts { first_name: string; last_name: string; reference: string; entry_term: string | null }

const FACTS = `coalesce(a.answers->>'first_name', '') AS first_name, coalesce(a.answers->>'last_name', '') AS last_name, a.reference, a.entry_term`;

async function letterFactsOf(db: Queryable, applicationId: number): Promise<LetterFacts | null> {
  const [row] = await db.query<LetterFacts & Record<string, unknown>>(`SELECT ${FACTS} FROM applications a WHERE a.user_id = $1 AND a.submitted_at IS NOT NULL`, [applicationId]);
  return row ?? null;
}

/** A decision's letter and answer deadline, as the release writes them. */
export interface Written { letter: string; respondBy: Date | null }

export type RecordRefusal = "notFound" | "notSubmitted" | "released";

/**
 * Records `code` on a submitted application, or changes the one it has: answers the decision it
 * had. A released decision changes only when `mayChangeReleased` (an admin); its letter is then
 * written again (`rewrite`), its answer cleared and its mail sent again. A scheduled one keeps its
 * moment, its letter written again.
 */
export function recordDecision(
  db: Database,
  { applicationId, code, staffId, now, mayChangeReleased, rewrite }: {
    applicationId: number; code: string; staffId: number; now: Date; mayChangeReleased: boolean; rewrite: (facts: LetterFacts) => Written;
  },
): Promise<Outcome<DecisionRow | null, RecordRefusal>> {
  return refusable(db, async (tx) => {
    const [application] = await tx.query<{ submitted: boolean }>("SELECT submitted_at IS NOT NULL AS submitted FROM applications WHERE user_id = $1 FOR UPDATE", [applicationId]);
    if (!application) throw new Refused("notFound");
    if (!application.submitted) throw new Refused("notSubmitted");
    const before = await decisionOf(tx, applicationId);
    if (isReleased(before, now) && !mayChangeReleased) throw new Refused("released");
    const written = before?.release_at ? rewrite((await letterFactsOf(tx, applicationId))!) : null;
    await tx.query(
      `INSERT INTO decisions (application_id, code, recorded_by, recorded_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (application_id) DO UPDATE SET code = $2, recorded_by = $3, recorded_at = $4, letter = $5, respond_by = $6,
         response = NULL, responded_at = NULL, mailed_at = NULL, mail_claim = NULL, mail_claimed_at = NULL`,
      [applicationId, code, staffId, now, written?.letter ?? null, written?.respondBy ?? null]);
    return before;
  });
}

export type WithdrawRefusal = "notFound" | "released";

/** Takes the decision away (a released one only when `mayChangeReleased`); answers the one it was. */
export function withdrawDecision(
  db: Database, { applicationId, now, mayChangeReleased }: { applicationId: number; now: Date; mayChangeReleased: boolean },
): Promise<Outcome<DecisionRow, WithdrawRefusal>> {
  return refusable(db, async (tx) => {
    await tx.query("SELECT 1 FROM applications WHERE user_id = $1 FOR UPDATE", [applicationId]);
    const before = await decisionOf(tx, applicationId);
    if (!before) throw new Refused("notFound");
    if (isReleased(before, now) && !mayChangeReleased) throw new Refused("released");
    await tx.query("DELETE FROM decisions WHERE application_id = $1", [applicationId]);
    return before;
  });
}

/** Decisions written in one statement at most: a release of 100,000 is this many statements, in one transaction. */
const RELEASE_BATCH = 1000;

/**
 * Sets the release of every decision not yet released among the applications of `filter` (of
 * `code` only, when given) to `at`, writing each letter: answers how many. One transaction: all
 * of them, or none.
 */
export async function scheduleRelease(
  db: Database, { filter, code, at, now, write }: { filter: ApplicationFilter; code?: string; at: Date; now: Date; write: (code: string, facts: LetterFacts) => Written },
): Promise<number> {
  return db.transaction(async (tx) => {
    const p = new Parameters();
    const { ctes, from, where } = filtered(filter, p);
    where.push("a.submitted_at IS NOT NULL", `(d.release_at IS NULL OR d.release_at > ${p.add(now)})`);
    if (code !== undefined) where.push(`d.code = ${p.add(code)}`);
    const rows = await tx.query<LetterFacts & { id: number; code: string } & Record<string, unknown>>(
      `${ctes.length ? `WITH ${ctes.join(",\n")}` : ""}
       SELECT a.user_id AS id, d.code, ${FACTS} FROM ${from} JOIN decisions d ON d.application_id = a.user_id
       WHERE ${where.join(" AND ")} ORDER BY a.user_id FOR UPDATE OF d`, p.values);
    for (let start = 0; start < rows.length; start += RELEASE_BATCH) {
      const batch = rows.slice(start, start + RELEASE_BATCH).map((row) => ({ id: row.id, ...write(row.code, row) }));
      await tx.query(
        `UPDATE decisions d SET release_at = $1, letter = w.letter, respond_by = w.respond_by, mailed_at = NULL, mail_claim = NULL, mail_claimed_at = NULL
         FROM (SELECT * FROM unnest($2::int[], $3::text[], $4::timestamptz[]) AS w(id, letter, respond_by)) w WHERE d.application_id = w.id`,
        [at, batch.map((w) => w.id), batch.map((w) => w.letter), batch.map((w) => w.respondBy?.toISOString() ?? null)]);
    }
    return rows.length;
  });
}

export type RespondRefusal = "noDecision" | "noAnswerAsked" | "closed" | "answered";

/** The applicant accepts or declines a released decision that asks an answer, before its deadline, once. */
export function respondToDecision(
  db: Database, { applicationId, accept, now }: { applicationId: number; accept: boolean; now: Date },
): Promise<Outcome<DecisionRow, RespondRefusal>> {
  return refusable(db, async (tx) => {
    await tx.query("SELECT 1 FROM applications WHERE user_id = $1 FOR UPDATE", [applicationId]);
    const decision = await decisionOf(tx, applicationId);
    if (!decision || !isReleased(decision, now)) throw new Refused("noDecision");
    if (!decision.respond_by) throw new Refused("noAnswerAsked");
    if (decision.response) throw new Refused("answered");
    if (now.getTime() >= decision.respond_by.getTime()) throw new Refused("closed");
    await tx.query("UPDATE decisions SET response = $2, responded_at = $3 WHERE application_id = $1", [applicationId, accept ? "accepted" : "declined", now]);
    return (await decisionOf(tx, applicationId))!;
  });
}
