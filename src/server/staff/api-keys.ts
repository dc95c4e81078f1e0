// The integration API's keys: 256 random bits after a `wuk_` prefix (secret scanners find a key
// pasted where it should not be), shown once, kept only as an HMAC (as session ids), revocable.
// A key reads submitted applications through integration.ts and opens nothing else: there is no
// write a key could be given. Each step answers a value or a refusal; the routes and the
// operator's command line turn refusals into answers.
import { API_KEY_NAME_PATTERN } from "../../api-contract/api-keys";
import { randomId } from "../auth/secrets";
import type { ServerContext } from "../context";
import type { Queryable } from "../db/database";
import { recordAudit, type AuditActor } from "./audit";

export const API_KEY_PREFIX = "wuk_";
/** The prefix and 32 random bytes in base64url: what a key looks like, checked before any lookup. */
const KEY_SHAPE = /^wuk_[A-Za-z0-9_-]{43}$/;
const NAME = new RegExp(API_KEY_NAME_PATTERN);
/** last_used_at is a "last seen" for the admin, not a log (the audit log is): one write a minute is enough. */
const TOUCH_MS = 60_000;

export type ApiKeyDeps = Pick<ServerContext, "db" | "hash" | "now">;

export interface ApiKeyRow {
  id: number;
  name: string;
  created_by: string;
  held_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type ApiKeyRefusal = { code: "nameInvalid" | "nameTaken" | "notFound"; name: string };
export type ApiKeyResult<T> = { ok: true; value: T } | ({ ok: false } & ApiKeyRefusal);

const iso = (date: Date | null) => date?.toISOString() ?? null;
type StoredRow = Omit<ApiKeyRow, "created_at" | "last_used_at" | "revoked_at"> & { created_at: Date; last_used_at: Date | null; revoked_at: Date | null };
const rowOf = (row: StoredRow): ApiKeyRow =>
  ({ ...row, created_at: row.created_at.toISOString(), last_used_at: iso(row.last_used_at), revoked_at: iso(row.revoked_at) });

const SELECT = `SELECT k.id, k.name, coalesce(s.email, 'operator') AS created_by, coalesce(h.email, 'operator') AS held_by,
    k.created_at, k.last_used_at, k.revoked_at
  FROM api_keys k LEFT JOIN staff s ON s.id = k.created_by LEFT JOIN staff h ON h.id = k.held_by`;

/** Every key, live ones first, newest first. */
export async function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  return (await db.query<StoredRow & Record<string, unknown>>(`${SELECT} ORDER BY k.revoked_at IS NOT NULL, k.id DESC`)).map(rowOf);
}

/** "operator" is the audit log's actor for the command line: a key of that name would read as it. */
export const isApiKeyName = (name: string) => NAME.test(name) && name !== "operator";

/** Makes a key named `name`; answers it with the key itself, which is never seen again. */
export async function createApiKey(deps: ApiKeyDeps, by: AuditActor, name: string): Promise<ApiKeyResult<ApiKeyRow & { key: string }>> {
  if (!isApiKeyName(name)) return { ok: false, code: "nameInvalid", name };
  const key = `${API_KEY_PREFIX}${randomId()}`;
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO api_keys (name, key_hash, created_at, created_by, held_by) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING id`,
      [name, deps.hash(key), now, by.staffId],
    );
    if (!row) return null;
    await recordAudit(tx, by, { at: now, action: "create api key", detail: { key_id: row.id, name } });
    return row.id;
  });
  if (id === null) return { ok: false, code: "nameTaken", name };
  const [row] = await deps.db.query<StoredRow & Record<string, unknown>>(`${SELECT} WHERE k.id = $1`, [id]);
  return { ok: true, value: { ...rowOf(row!), key } };
}

/** Revokes the live key of this id or name: from the next call on it opens nothing. */
export async function revokeApiKey(deps: ApiKeyDeps, by: AuditActor, which: { id: number } | { name: string }): Promise<ApiKeyResult<ApiKeyRow>> {
  const now = deps.now();
  const [column, value] = "id" in which ? ["id", which.id] : ["name", which.name];
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; name: string }>(
      `UPDATE api_keys SET revoked_at = $2 WHERE ${column} = $1 AND revoked_at IS NULL RETURNING id, name`, [value, now]);
    if (!row) return null;
    await recordAudit(tx, by, { at: now, action: "revoke api key", detail: { key_id: row.id, name: row.name } });
    return row.id;
  });
  if (id === null) return { ok: false, code: "notFound", name: String(value) };
  const [row] = await deps.db.query<StoredRow & Record<string, unknown>>(`${SELECT} WHERE k.id = $1`, [id]);
  return { ok: true, value: rowOf(row!) };
}

export interface LiveKey { id: number; name: string }

/** The live key `key` is, noting its use (at most once a minute); null for anything else. */
export async function liveKeyOf(deps: ApiKeyDeps, key: string): Promise<LiveKey | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const now = deps.now();
  const [row] = await deps.db.query<LiveKey & { last_used_at: Date | null } & Record<string, unknown>>(
    "SELECT id, name, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL", [deps.hash(key)]);
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOUCH_MS) {
    await deps.db.query("UPDATE api_keys SET last_used_at = $2 WHERE id = $1", [row.id, now]);
  }
  return { id: row.id, name: row.name };
}
