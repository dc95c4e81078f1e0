import type { FastifyReply } from "fastify";
import type { Queryable } from "../db/database";
import { randomId, type Hasher } from "./secrets";

export const IDLE_MS = 15 * 60_000;
/**
 * An applicant's session is renewed (last_seen_at written) only when its last renewal is older than
 * this: a save then writes no session row (a quarter of a save's cost). Its last request may be up to
 * this much later than last_seen_at, so the session lasts IDLE_MS to IDLE_MS + RENEW_MS after it, never
 * less than the page's own 15 minutes (whose warning's "stay logged in" must still find it alive).
 */
export const RENEW_MS = 60_000;
/** How long after its last renewal an applicant's session ends. */
export const RENEWED_IDLE_MS = IDLE_MS + RENEW_MS;
export const LIFETIME_MS = 12 * 60 * 60_000;

export interface SessionCookies {
  names: CookieNames;
  /** Set when the public address is https. */
  secure: boolean;
}

interface CookieNames {
  /** HttpOnly: the session id. */
  session: string;
  /** Readable by the page: says only "logged in", as the spec's login check expects. */
  loggedIn: string;
}

export const sessionCookies = (prefix: string, publicUrl: string): SessionCookies => ({
  names: { session: `${prefix}session`, loggedIn: `${prefix}logged_in` },
  secure: new URL(publicUrl).protocol === "https:",
});

export async function startSession(db: Queryable, hash: Hasher, userId: number, now: Date): Promise<string> {
  const id = randomId();
  await db.query("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [hash(id), userId, now]);
  return id;
}

export async function endSession(db: Queryable, hash: Hasher, id: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE id_hash = $1", [hash(id)]);
}

export async function endEverySession(db: Queryable, userId: number): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** Sessions that ended by time, removed at login so the table does not grow without end. */
export async function removeEndedSessions(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1 AND (last_seen_at <= $2 OR created_at <= $3)", [
    userId, new Date(now.getTime() - RENEWED_IDLE_MS), new Date(now.getTime() - LIFETIME_MS),
  ]);
}

export function setSessionCookies(reply: FastifyReply, id: string, { names, secure }: SessionCookies): void {
  const common = { path: "/", sameSite: "lax", secure, maxAge: LIFETIME_MS / 1000 } as const;
  reply.setCookie(names.session, id, { ...common, httpOnly: true });
  reply.setCookie(names.loggedIn, "1", { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, { names, secure }: SessionCookies): void {
  for (const name of [names.session, names.loggedIn]) {
    reply.clearCookie(name, { path: "/", sameSite: "lax", secure, httpOnly: name === names.session });
  }
}
