// The audit log (migrations/007_office.sql): one row per thing a staff member did, with who,
// when, which application and from which address. Never answers, notes' text, tokens or links:
// `detail` holds only what names the action (a status, a document's answer key, a role, a filter).
import type { AuditAction } from "../../api-contract/staff";
import type { Queryable } from "../db/database";
import type { ListQuery } from "../data/office-list";

interface AuditEntry {
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

/** Who did it: a staff member from a client address, or the operator at the server's command line. */
export type AuditActor = Pick<AuditEntry, "staffId" | "actor" | "address">;

export const OPERATOR: AuditActor = { staffId: null, actor: "operator", address: null };

/** The staff member whose session sent the request, from the request's address. */
export const staffActor = (request: { staff: { id: number; email: string }; ip: string }): AuditActor =>
  ({ staffId: request.staff.id, actor: request.staff.email, address: request.ip });

/** An applicant acting on their own account, named by the account's e-mail. */
export const applicantActor = (username: string, address: string): AuditActor => ({ staffId: null, actor: username, address });

/** A filter of the list as the list's address writes it ("term=FA26&status=submitted"): what the audit log keeps of it. */
export const filterText = (filter: ListQuery) =>
  new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== undefined).map(([key, value]): [string, string] => [key, String(value)])).toString();

/** What was done, when, and to which application: the row but for who did it. */
export type AuditEvent = Omit<AuditEntry, keyof AuditActor>;

export async function recordAudit(db: Queryable, by: AuditActor, event: AuditEvent): Promise<void> {
  await db.query(
    "INSERT INTO audit_log (at, staff_id, actor, action, application_id, detail, address) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)",
    [event.at, by.staffId, by.actor, event.action, event.applicationId ?? null, JSON.stringify(event.detail ?? {}), by.address],
  );
}

/** The same event about each of many applications (a page of the integration API's list), in one statement. */
export async function recordAuditOfEach(db: Queryable, by: AuditActor, event: Omit<AuditEvent, "applicationId">, applicationIds: number[]): Promise<void> {
  if (applicationIds.length === 0) return;
  await db.query(
    `INSERT INTO audit_log (at, staff_id, actor, action, application_id, detail, address)
     SELECT $1, $2, $3, $4, id, $6::jsonb, $7 FROM unnest($5::int[]) AS id`,
    [event.at, by.staffId, by.actor, event.action, applicationIds, JSON.stringify(event.detail ?? {}), by.address],
  );
}

const AUDIT_PAGE_SIZE = 50;

/** GET /staff/api/audit's filter; `from` and `to` are days in the office's `timeZone`, both included. */
export interface AuditFilter {
  timeZone: string;
  actor?: string;
  action?: AuditAction;
  application?: number;
  from?: string;
  to?: string;
  /** The `next` of the page before: rows older than this id. */
  before?: number;
}

export type AuditRow = {
  id: number;
  at: string;
  actor: string;
  action: AuditAction;
  application_id: number | null;
  reference: string | null;
  detail: Record<string, unknown>;
  address: string | null;
};

/** Newest first, 50 at a time; paged by id (keyset), so a page is as quick at row 1,000,000 as at row 1. */
export async function auditPage(db: Queryable, filter: AuditFilter): Promise<{ rows: AuditRow[]; next: number | null }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const match = (condition: (param: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (filter.actor !== undefined) match((p) => `l.actor = ${p}`, filter.actor.toLowerCase());
  if (filter.action !== undefined) match((p) => `l.action = ${p}`, filter.action);
  if (filter.application !== undefined) match((p) => `l.application_id = ${p}`, filter.application);
  // Days as the office lives them (as the application list's submitted days), not UTC's.
  const zone = () => {
    params.push(filter.timeZone);
    return `$${params.length}`;
  };
  if (filter.from !== undefined) match((p) => `l.at >= (${p}::date::timestamp AT TIME ZONE ${zone()})`, filter.from);
  if (filter.to !== undefined) match((p) => `l.at < ((${p}::date + 1)::timestamp AT TIME ZONE ${zone()})`, filter.to);
  if (filter.before !== undefined) match((p) => `l.id < ${p}`, filter.before);
  // One row more than a page tells whether there is a next page.
  const rows = await db.query<Omit<AuditRow, "at"> & { at: Date }>(
    `SELECT l.id, l.at, l.actor, l.action, l.application_id, a.reference, l.detail, l.address
     FROM audit_log l LEFT JOIN applications a ON a.user_id = l.application_id
     ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY l.id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`,
    params,
  );
  // The id is a bigint, which pg answers as text.
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ ...row, id: Number(row.id), at: row.at.toISOString() }));
  return { rows: page, next: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}
