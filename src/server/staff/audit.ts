// The audit log (migrations/007_office.sql): one row per thing a staff member did, with who,
// when, which application and from which address. Never answers, notes' text, tokens or links:
// `detail` holds only what names the action (a status, a document's answer key, a role, a filter).
import type { AuditAction } from "../../api-contract/staff";
import type { Queryable } from "../db/database";

export interface AuditEntry {
  at: Date;
  /** null: the operator, or a failed login of an address that is no staff member's. */
  staffId: number | null;
  /** The staff member's e-mail, or "operator". */
  actor: string;
  action: AuditAction;
  applicationId?: number | null;
  detail?: Record<string, string | number | boolean | null>;
  address: string | null;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    "INSERT INTO audit_log (at, staff_id, actor, action, application_id, detail, address) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)",
    [entry.at, entry.staffId, entry.actor, entry.action, entry.applicationId ?? null, JSON.stringify(entry.detail ?? {}), entry.address],
  );
}
