// A transaction that may refuse: the work throws Refused with a code, the transaction rolls back
// (a refusal changes nothing), and the caller gets { ok: false, code }.
import type { Database, Queryable } from "../db/database";

export type Outcome<T, Refusal> = { ok: true; value: T } | { ok: false; code: Refusal };

/** Thrown inside a refusable transaction: rolls it back and becomes the refusal. */
export class Refused<Code extends string> extends Error {
  constructor(readonly code: Code) {
    super(code);
  }
}

/** Runs `work` in one transaction; a Refused thrown in it answers its code, anything else is thrown on. */
export async function refusable<T, Code extends string>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<Outcome<T, Code>> {
  try {
    return { ok: true, value: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code as Code };
    throw error;
  }
}
