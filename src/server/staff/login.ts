// The staff login: address, password and second factor in one step, so no answer tells which of
// them was wrong, nor whether the address is a staff member's (an unknown address costs a
// password hash too). Failures are throttled per account and per client address, and every
// attempt, right or wrong, is in the audit log.
import { verifyNothing, verifyPassword } from "../auth/passwords";
import { forget, giveBack, take } from "../auth/throttle";
import type { Queryable } from "../db/database";
import { recordAudit } from "./audit";
import type { StaffDeps } from "./invitations";
import { isTotpCode, recoveryCodeHash, totpStep } from "./second-factor";
import { endStaffSession, startStaffSession, type Staff } from "./sessions";

const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** An office behind one network address still has room; a guesser trying many accounts does not. */
const LOGIN_FAILURES_PER_ADDRESS = 50;

export type StaffLoginResult =
  | { ok: true; value: { staff: Staff; sessionId: string } }
  | { ok: false; code: "loginWrong" }
  | { ok: false; code: "loginThrottled"; minutes: number };

interface Candidate extends Staff {
  passwordHash: string | null;
  totpSecret: string | null;
  canLogIn: boolean;
}

export async function logInStaff(
  deps: Pick<StaffDeps, "db" | "hash" | "now">,
  request: { email: string; password: string; code: string; address: string },
  previousSessionId: string | undefined,
): Promise<StaffLoginResult> {
  const { db, hash } = deps;
  const now = deps.now();
  // As typed, for the audit log: a failed login's address may be no staff member's.
  const email = request.email.trim().toLowerCase().slice(0, 254);
  const accountKey = `staff-login:account:${email}`;
  const addressKey = `staff-login:address:${request.address}`;
  // Every attempt is counted before it is checked, in the statement that decides whether it may
  // be checked (auth/throttle.ts): of many attempts at once, no more than the limit are tried.
  const wait = Math.max(
    await take(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, now),
    await take(db, addressKey, LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS, now),
  );
  const candidate = await candidateByEmail(db, email);
  const failed = async (detail?: Record<string, boolean>) => {
    await recordAudit(db, { staffId: candidate?.id ?? null, actor: email, address: request.address }, { at: now, action: "login failed", detail });
  };
  if (wait > 0) {
    await failed({ throttled: true });
    return { ok: false, code: "loginThrottled", minutes: Math.ceil(wait / 60_000) };
  }
  const isPasswordRight = candidate?.passwordHash
    ? await verifyPassword(candidate.passwordHash, request.password)
    : await verifyNothing(request.password);
  // The second factor is checked (and a recovery code used up) only after everything else holds.
  if (!candidate || !isPasswordRight || !candidate.canLogIn || !(await useSecondFactor(deps, candidate, request.code.trim()))) {
    await failed();
    return { ok: false, code: "loginWrong" };
  }
  // A right login is no failure: the account's count starts over, the address's takes it back.
  await forget(db, accountKey);
  await giveBack(db, addressKey);
  // A new session id at every login: an id planted before login is worth nothing after it.
  if (previousSessionId) await endStaffSession(db, hash(previousSessionId));
  const sessionId = await startStaffSession(db, hash, candidate.id, now);
  await db.query("UPDATE staff SET last_login_at = $2 WHERE id = $1", [candidate.id, now]);
  const staff = { id: candidate.id, email: candidate.email, role: candidate.role };
  await recordAudit(db, { staffId: staff.id, actor: staff.email, address: request.address }, { at: now, action: "login" });
  return { ok: true, value: { staff, sessionId } };
}

async function candidateByEmail(db: Queryable, email: string): Promise<Candidate | null> {
  const [row] = await db.query<Candidate & Record<string, unknown>>(
    `SELECT id, email, role, password_hash AS "passwordHash", totp_secret AS "totpSecret",
       (totp_enrolled_at IS NOT NULL AND disabled_at IS NULL) AS "canLogIn"
     FROM staff WHERE email = $1`,
    [email],
  );
  return row ?? null;
}

/**
 * An authenticator code newer than the last one used (so each code works once, also when two
 * logins race: the step is moved on in the statement that checks it), or an unused recovery code.
 */
async function useSecondFactor(deps: Pick<StaffDeps, "db" | "hash" | "now">, candidate: Candidate, code: string): Promise<boolean> {
  if (isTotpCode(code)) {
    const step = candidate.totpSecret === null ? null : totpStep(candidate.totpSecret, code, deps.now());
    if (step === null) return false;
    const moved = await deps.db.query("UPDATE staff SET totp_step = $2 WHERE id = $1 AND (totp_step IS NULL OR totp_step < $2) RETURNING id", [candidate.id, step]);
    return moved.length === 1;
  }
  const used = await deps.db.query(
    "UPDATE staff_recovery_codes SET used_at = $3 WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING staff_id",
    [candidate.id, recoveryCodeHash(deps.hash, candidate.id, code), deps.now()],
  );
  return used.length === 1;
}
