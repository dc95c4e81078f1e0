// Inviting staff and their enrolment: an admin (or the operator) invites an address with a role;
// the invitation link sets a password, then an authenticator app, and answers ten recovery codes.
// The link is 256 random bits, stored as an HMAC, valid 24 hours and once; a new invitation for
// the same person replaces the older ones. Each step answers a value or a refusal (routes turn
// refusals into answers).
import type { StaffRole } from "../../api-contract/staff";
import { failedPasswordRequirements, isEmail } from "../../engine/runtime";
import { hashPassword, isCommonPassword } from "../auth/passwords";
import { randomId } from "../auth/secrets";
import type { ServerContext } from "../context";
import type { Queryable } from "../db/database";
import { mailTexts } from "../platform/mail";
import { recordAudit, type AuditActor } from "./audit";
import { newRecoveryCodes, newTotpEnrolment, recoveryCodeHash, totpStep, type TotpEnrolment } from "./second-factor";

const INVITATION_MS = 24 * 60 * 60_000;

/** What inviting and enrolling need: the server's context, or the operator's command line's own. */
export type StaffDeps = Pick<ServerContext, "db" | "hash" | "now" | "sendMail" | "sender">;

export type InvitationRefusal =
  | { code: "emailInvalid" | "invitationInvalid" | "passwordFirst" | "enrolmentCodeWrong" | "passwordCommon" }
  /** `reason`: the mailer's error, for the log and the operator; never shown to a browser. */
  | { code: "mailFailed"; reason: string }
  | { code: "alreadyActive" | "alreadyDisabled"; email: string }
  | { code: "passwordRules"; failed: string[] };

export type InvitationResult<T> = { ok: true; value: T } | ({ ok: false } & InvitationRefusal);

const done = <T>(value: T) => ({ ok: true, value }) as const;
const refuse = (refusal: InvitationRefusal) => ({ ok: false, ...refusal }) as const;

const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/staff/welcome?${new URLSearchParams({ token })}`;

/**
 * Invites `email` as `role` and mails the link. An address already invited but not enrolled gets
 * a fresh link (the old one stops working) and the role asked for now; an enrolled one is refused.
 */
export async function inviteStaff(
  deps: StaffDeps, by: AuditActor, request: { email: string; role: StaffRole },
): Promise<InvitationResult<{ staffId: number; email: string; link: string }>> {
  const email = request.email.trim().toLowerCase();
  if (!isEmail(email)) return refuse({ code: "emailInvalid" });
  const token = randomId();
  const now = deps.now();
  const invited = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO staff (email, role, created_at, invited_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, password_hash = NULL, totp_secret = NULL, disabled_at = NULL
         WHERE staff.totp_enrolled_at IS NULL
       RETURNING id`,
      [email, request.role, now, by.staffId],
    );
    if (!row) return null;
    await tx.query("DELETE FROM staff_invitations WHERE staff_id = $1", [row.id]);
    await tx.query("INSERT INTO staff_invitations (id_hash, staff_id, expires_at) VALUES ($1, $2, $3)", [
      deps.hash(token), row.id, new Date(now.getTime() + INVITATION_MS),
    ]);
    await recordAudit(tx, by, { at: now, action: "invite staff", detail: { staff_id: row.id, email, role: request.role } });
    return row.id;
  });
  if (invited === null) return refuse({ code: (await isDisabled(deps.db, email)) ? "alreadyDisabled" : "alreadyActive", email });
  const link = invitationLink(deps.sender.publicUrl, token);
  try {
    await deps.sendMail({ to: email, ...mailTexts.staffInvitation(deps.sender, request.role, link) });
  } catch (error) {
    return refuse({ code: "mailFailed", reason: (error as Error).message });
  }
  return done({ staffId: invited, email, link });
}

async function isDisabled(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.query<{ disabled: boolean }>("SELECT disabled_at IS NOT NULL AS disabled FROM staff WHERE email = $1", [email]);
  return row?.disabled ?? false;
}

interface Invited {
  staffId: number;
  email: string;
  role: StaffRole;
  totpSecret: string | null;
}

/** The invitation's person, while the link is unused, within its 24 hours, and the account neither enrolled nor disabled. */
async function invitedBy(deps: StaffDeps, token: string): Promise<Invited | null> {
  const [row] = await deps.db.query<Invited & Record<string, unknown>>(
    `SELECT s.id AS "staffId", s.email, s.role, s.totp_secret AS "totpSecret"
     FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
     WHERE i.id_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND s.totp_enrolled_at IS NULL AND s.disabled_at IS NULL`,
    [deps.hash(token), deps.now()],
  );
  return row ?? null;
}

export async function invitationOf(deps: StaffDeps, token: string): Promise<InvitationResult<{ email: string; role: StaffRole }>> {
  const invited = await invitedBy(deps, token);
  return invited ? done({ email: invited.email, role: invited.role }) : refuse({ code: "invitationInvalid" });
}

/** Sets the password (the applicants' rules) and a new authenticator secret, answered to be scanned. */
export async function choosePassword(deps: StaffDeps, token: string, password: string): Promise<InvitationResult<TotpEnrolment>> {
  const invited = await invitedBy(deps, token);
  if (!invited) return refuse({ code: "invitationInvalid" });
  const failed = failedPasswordRequirements(password);
  if (failed.length > 0) return refuse({ code: "passwordRules", failed });
  if (isCommonPassword(password)) return refuse({ code: "passwordCommon" });
  // A new secret each time: whoever scanned an earlier one (a page left open) holds nothing.
  const enrolment = await newTotpEnrolment(deps.sender.institution, invited.email);
  await deps.db.query("UPDATE staff SET password_hash = $2, totp_secret = $3 WHERE id = $1", [
    invited.staffId, await hashPassword(password), enrolment.secret,
  ]);
  return done(enrolment);
}

/**
 * A code from the authenticator proves it holds the secret: the account is enrolled, the
 * invitation used up, and ten recovery codes made. They are answered this once; only their HMACs
 * are kept.
 */
export async function enrol(deps: StaffDeps, token: string, code: string, address: string): Promise<InvitationResult<{ recoveryCodes: string[] }>> {
  const invited = await invitedBy(deps, token);
  if (!invited) return refuse({ code: "invitationInvalid" });
  if (invited.totpSecret === null) return refuse({ code: "passwordFirst" });
  const now = deps.now();
  const step = totpStep(invited.totpSecret, code.replace(/\s/g, ""), now);
  if (step === null) return refuse({ code: "enrolmentCodeWrong" });
  const recoveryCodes = newRecoveryCodes();
  const isEnrolled = await deps.db.transaction(async (tx) => {
    // Two tabs finishing at once: the first uses the invitation up, the second finds it used.
    const [used] = await tx.query("UPDATE staff_invitations SET used_at = $2 WHERE id_hash = $1 AND used_at IS NULL RETURNING staff_id", [deps.hash(token), now]);
    if (!used) return false;
    // The enrolment's code counts as used: it cannot log in afterwards.
    await tx.query("UPDATE staff SET totp_enrolled_at = $2, totp_step = $3 WHERE id = $1", [invited.staffId, now, step]);
    await tx.query("DELETE FROM staff_recovery_codes WHERE staff_id = $1", [invited.staffId]);
    for (const recoveryCode of recoveryCodes) {
      await tx.query("INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)", [invited.staffId, recoveryCodeHash(deps.hash, invited.staffId, recoveryCode)]);
    }
    await recordAudit(tx, { staffId: invited.staffId, actor: invited.email, address }, { at: now, action: "staff enrolled" });
    return true;
  });
  return isEnrolled ? done({ recoveryCodes }) : refuse({ code: "invitationInvalid" });
}
