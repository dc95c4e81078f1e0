// The staff login: address, password and second factor in one step, so no answer tells which of
// them was wrong, nor whether the address is a staff member's (an unknown address costs a
// password hash too). Failures are counted per account and address, per address and per account
// (auth/throttle.ts's takeLogin): a storm from one address locks that address out, not the staff
// member. The audit log has every login and every failure its limits let through, and one row for
// the first attempt each limit refuses in its window. So N attempts from one address in 15 minutes
// add at most 51 rows, however large N is: of the 50 its limit lets in, each is a failure checked
// or an account's first refusal at most, and then one row for the address's (auth/throttle.ts).
import { verifyNothing, verifyPassword } from "../auth/passwords";
import { takeLogin } from "../auth/throttle";
import { mailTexts } from "../platform/mail";
import type { ServerContext } from "../context";
import type { Queryable } from "../db/database";
import { recordAudit } from "./audit";
import type { StaffDeps } from "./invitations";
import { isTotpCode, recoveryCodeHash, totpStep } from "./second-factor";
import { endStaffSession, startStaffSession, type Staff } from "./sessions";

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
  deps: Pick<StaffDeps, "db" | "hash" | "now" | "sendMail" | "sender"> & Pick<ServerContext, "background">,
  request: { email: string; password: string; code: string; address: string },
  previousSessionId: string | undefined,
): Promise<StaffLoginResult> {
  const { db, hash } = deps;
  const now = deps.now();
  // As typed, for the audit log: a failed login's address may be no staff member's.
  const email = request.email.trim().toLowerCase().slice(0, 254);
  const candidate = await candidateByEmail(db, email);
  // Counted before it is checked, in the statement that decides whether it may be: of many
  // attempts at once, no more than the limits are tried. Past the ceiling that only many addresses
  // reach, an address the staff member has logged in from before still may.
  const gate = await takeLogin(db, "staff-login", email, request.address, now, async () => candidate !== null && await hasLoggedInFrom(db, candidate.id, request.address));
  const failed = async (detail?: Record<string, boolean>) => {
    await recordAudit(db, { staffId: candidate?.id ?? null, actor: email, address: request.address }, { at: now, action: "login failed", detail });
  };
  if (gate.wait > 0) {
    if (gate.isFirstRefused) await failed({ throttled: true });
    if (gate.isCeilingReached && candidate) {
      deps.background.run("mailing a staff member whose password many addresses guess", () =>
        deps.sendMail({ to: candidate.email, ...mailTexts.staffLoginStorm(deps.sender, now) }));
    }
    return { ok: false, code: "loginThrottled", minutes: Math.ceil(gate.wait / 60_000) };
  }
  const isPasswordRight = candidate?.passwordHash
    ? await verifyPassword(candidate.passwordHash, request.password)
    : await verifyNothing(request.password);
  // The second factor is checked (and a recovery code used up) only after everything else holds.
  if (!candidate || !isPasswordRight || !candidate.canLogIn || !(await useSecondFactor(deps, candidate, request.code.trim()))) {
    await failed();
    return { ok: false, code: "loginWrong" };
  }
  await gate.pass();
  // A new session id at every login: an id planted before login is worth nothing after it.
  if (previousSessionId) await endStaffSession(db, hash(previousSessionId));
  const sessionId = await startStaffSession(db, hash, candidate.id, now);
  await db.query("UPDATE staff SET last_login_at = $2 WHERE id = $1", [candidate.id, now]);
  const staff = { id: candidate.id, email: candidate.email, role: candidate.role };
  await recordAudit(db, { staffId: staff.id, actor: staff.email, address: request.address }, { at: now, action: "login" });
  return { ok: true, value: { staff, sessionId } };
}

/** Whether a login of this staff member's came from `address` before (the audit log keeps every login). */
async function hasLoggedInFrom(db: Queryable, staffId: number, address: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM audit_log WHERE staff_id = $1 AND action = 'login' AND address = $2 LIMIT 1", [staffId, address]);
  return rows.length > 0;
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
