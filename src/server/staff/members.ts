// The staff list and its changes (admins): a role changed, an account disabled or enabled again.
// The office never locks itself out: nobody disables or demotes themself, and the last active
// admin stays one. An admin disabled or demoted leaves no integration key answerable to nobody:
// the keys they hold are handed to another admin (keys_to) or revoked.
import type { StaffRole } from "../../api-contract/staff";
import type { Queryable } from "../db/database";
import { recordAudit, type AuditActor } from "./audit";
import type { StaffDeps } from "./invitations";
import { endEveryStaffSession } from "./sessions";

type StaffState = "invited" | "active" | "disabled";

export type StaffMember = {
  id: number;
  email: string;
  role: StaffRole;
  state: StaffState;
  created_at: string;
  last_login_at: string | null;
};

type MemberRow = Omit<StaffMember, "created_at" | "last_login_at"> & { created_at: Date; last_login_at: Date | null };
const member = (row: MemberRow): StaffMember => ({ ...row, created_at: row.created_at.toISOString(), last_login_at: row.last_login_at?.toISOString() ?? null });

const MEMBER_COLUMNS = `id, email, role, created_at, last_login_at,
  CASE WHEN disabled_at IS NOT NULL THEN 'disabled' WHEN totp_enrolled_at IS NULL THEN 'invited' ELSE 'active' END AS state`;

/** Everyone, by address. */
export async function listStaff(db: Queryable): Promise<StaffMember[]> {
  return (await db.query<MemberRow & Record<string, unknown>>(`SELECT ${MEMBER_COLUMNS} FROM staff ORDER BY email`)).map(member);
}

export async function staffMemberOf(db: Queryable, id: number): Promise<StaffMember | null> {
  const [row] = await db.query<MemberRow & Record<string, unknown>>(`SELECT ${MEMBER_COLUMNS} FROM staff WHERE id = $1`, [id]);
  return row ? member(row) : null;
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
  /** The active admin who takes over the integration keys of an admin disabled or demoted. */
  keys_to?: number;
}

export type ChangeResult = { ok: true; value: StaffMember } | { ok: false; code: "staffUnknown" | "notYourself" | "lastAdmin" | "keysToInvalid" };

/** Changes `id`'s role or disables (enables) it; a disabled account's sessions end at once. */
export async function changeStaff(deps: Pick<StaffDeps, "db" | "now">, by: AuditActor, id: number, change: StaffChange): Promise<ChangeResult> {
  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<ChangeResult> => {
    // The active admins, locked: two admins demoting each other at once take turns, and the
    // second finds the first no longer an admin.
    const admins = (await tx.query<{ id: number }>(
      "SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL AND totp_enrolled_at IS NOT NULL ORDER BY id FOR UPDATE",
    )).map((row) => row.id);
    const [target] = await tx.query<{ id: number; email: string }>("SELECT id, email FROM staff WHERE id = $1 FOR UPDATE", [id]);
    if (!target) return { ok: false, code: "staffUnknown" };
    const isDemotedOrDisabled = (change.role !== undefined && change.role !== "admin") || change.disabled === true;
    if (isDemotedOrDisabled && target.id === by.staffId) return { ok: false, code: "notYourself" };
    if (isDemotedOrDisabled && admins.includes(target.id) && admins.length === 1) return { ok: false, code: "lastAdmin" };
    if (change.keys_to !== undefined && (change.keys_to === id || !admins.includes(change.keys_to))) return { ok: false, code: "keysToInvalid" };
    if (change.role !== undefined) await tx.query("UPDATE staff SET role = $2 WHERE id = $1", [id, change.role]);
    if (change.disabled !== undefined) {
      await tx.query("UPDATE staff SET disabled_at = $2 WHERE id = $1", [id, change.disabled ? now : null]);
      if (change.disabled) await endEveryStaffSession(tx, id);
    }
    const keys = isDemotedOrDisabled ? await passKeysOn(tx, by, id, change.keys_to, now) : {};
    await recordAudit(tx, by, { at: now, action: "change staff", detail: { staff_id: id, email: target.email, ...change, ...keys } });
    return { ok: true, value: (await staffMemberOf(tx, id))! };
  });
}

/** The live integration keys `id` holds, handed to `to` or else revoked (each revocation in the audit log as the admins' own). */
async function passKeysOn(tx: Queryable, by: AuditActor, id: number, to: number | undefined, now: Date): Promise<{ keys_handed_over?: number; keys_revoked?: number }> {
  if (to !== undefined) {
    const handed = await tx.query("UPDATE api_keys SET held_by = $2 WHERE held_by = $1 AND revoked_at IS NULL RETURNING id", [id, to]);
    return handed.length ? { keys_handed_over: handed.length } : {};
  }
  const revoked = await tx.query<{ id: number; name: string }>(
    "UPDATE api_keys SET revoked_at = $2 WHERE held_by = $1 AND revoked_at IS NULL RETURNING id, name", [id, now]);
  for (const key of revoked) await recordAudit(tx, by, { at: now, action: "revoke api key", detail: { key_id: key.id, name: key.name, holder_left: true } });
  return revoked.length ? { keys_revoked: revoked.length } : {};
}
