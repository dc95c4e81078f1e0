// Staff sessions: apart from applicants' (their own table and cookie), ending after 15 minutes
// without a request and 12 hours after login, as applicants' do, and at once when the account is
// disabled (the lookup reads the account in the same statement).
import type { FastifyReply } from "fastify";
import type { StaffRole } from "../../api-contract/staff";
import { IDLE_MS, LIFETIME_MS } from "../auth/sessions";
import { randomId, type Hasher } from "../auth/secrets";
import type { Queryable } from "../db/database";

export interface Staff {
  id: number;
  email: string;
  role: StaffRole;
}

/** Only pages and calls under /staff carry it; SameSite=Strict: no other site's link or form sends it. */
export const staffCookie = (prefix: string, secure: boolean) => ({ name: `${prefix}staff_session`, secure });
export type StaffCookie = ReturnType<typeof staffCookie>;

export async function startStaffSession(db: Queryable, hash: Hasher, staffId: number, now: Date): Promise<string> {
  const id = randomId();
  await db.query("INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [hash(id), staffId, now]);
  return id;
}

/** The session's staff member, renewing the session; null when it ended (idle, too old, account disabled). */
export async function staffOfSession(db: Queryable, idHash: string, now: Date): Promise<Staff | null> {
  const [row] = await db.query<Staff & Record<string, unknown>>(
    `WITH s AS (
       UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at > $3 AND created_at > $4 RETURNING staff_id
     )
     SELECT st.id, st.email, st.role FROM s JOIN staff st ON st.id = s.staff_id WHERE st.disabled_at IS NULL AND st.totp_enrolled_at IS NOT NULL`,
    [idHash, now, new Date(now.getTime() - IDLE_MS), new Date(now.getTime() - LIFETIME_MS)],
  );
  return row ?? null;
}

export async function endStaffSession(db: Queryable, idHash: string): Promise<void> {
  await db.query("DELETE FROM staff_sessions WHERE id_hash = $1", [idHash]);
}

export async function endEveryStaffSession(db: Queryable, staffId: number): Promise<void> {
  await db.query("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId]);
}

export function setStaffCookie(reply: FastifyReply, id: string, { name, secure }: StaffCookie): void {
  reply.setCookie(name, id, { path: "/staff", sameSite: "strict", secure, httpOnly: true, maxAge: LIFETIME_MS / 1000 });
}

export function clearStaffCookie(reply: FastifyReply, { name, secure }: StaffCookie): void {
  reply.clearCookie(name, { path: "/staff", sameSite: "strict", secure, httpOnly: true });
}
