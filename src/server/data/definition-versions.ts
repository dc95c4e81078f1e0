// Definition versions: the definition set a server starts on, published once (migration 015).
import { versionOf } from "../../definitions/version";
import type { FormFiles } from "../../engine/runtime";
import type { ChangeCount } from "../../definitions/version-changes";
import type { Database } from "../db/database";

export interface DefinitionVersion {
  hash: string;
  /** "2026-10-02 · 3f9c1a2": the day it was first published (UTC) and the hash's first 7 characters. */
  label: string;
  publishedAt: Date;
}

const labelOf = (hash: string, publishedAt: Date) => `${publishedAt.toISOString().slice(0, 10)} · ${hash.slice(0, 7)}`;

/**
 * Publishes `files` unless a version of the same content is already published, and answers that
 * version. Server processes starting together on new files publish one version: the first to take
 * the lock inserts it, the others find it. The first version ever published is also the one of
 * the applications submitted before versions were kept.
 */
export async function publishVersion(db: Database, files: FormFiles, now: Date): Promise<DefinitionVersion> {
  const { json, hash } = versionOf(files);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727002)");
    const [found] = await tx.query<DefinitionVersion & Record<string, unknown>>(`SELECT hash, label, published_at AS "publishedAt" FROM definition_versions WHERE hash = $1`, [hash]);
    if (found) return found;
    const [earlier] = await tx.query("SELECT 1 FROM definition_versions LIMIT 1");
    const version = { hash, label: labelOf(hash, now), publishedAt: now };
    await tx.query("INSERT INTO definition_versions (hash, files, label, published_at) VALUES ($1, $2::json, $3, $4)", [hash, json, version.label, now]);
    if (!earlier) await tx.query("UPDATE applications SET submitted_version = $1 WHERE submitted_at IS NOT NULL AND submitted_version IS NULL", [hash]);
    return version;
  });
}

/** A published version's files and label, as stored; null when no version has that hash. */
export async function storedVersion(db: Database, hash: string): Promise<{ files: FormFiles; label: string } | null> {
  const [row] = await db.query<{ files: FormFiles; label: string }>("SELECT files, label FROM definition_versions WHERE hash = $1", [hash]);
  return row ?? null;
}

/** The versions applications were submitted on, newest first. */
export async function submittedVersions(db: Database): Promise<string[]> {
  const rows = await db.query<{ hash: string }>(
    `SELECT v.hash FROM definition_versions v WHERE EXISTS (SELECT 1 FROM applications a WHERE a.submitted_version = v.hash)
     ORDER BY v.published_at DESC, v.hash`);
  return rows.map((row) => row.hash);
}

/** The keys of the answers applications keep aside (moved to a version that no longer asks them), by name. */
export async function retiredAnswerKeys(db: Database): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    "SELECT DISTINCT jsonb_object_keys(retired_answers) AS key FROM applications WHERE retired_answers <> '{}'::jsonb ORDER BY key");
  return rows.map((row) => row.key);
}

/** A version as the office lists it: how many applications in progress are on it, and how many were submitted on it. */
export interface ListedVersion { hash: string; label: string; published_at: Date; in_progress: number; submitted: number }

/** Every published version, newest first. Applications in progress not opened since versions were kept are on none. */
export async function listedVersions(db: Database): Promise<ListedVersion[]> {
  return db.query<ListedVersion & Record<string, unknown>>(
    `SELECT v.hash, v.label, v.published_at,
       (SELECT count(*) FROM applications a WHERE a.version = v.hash AND a.submitted_at IS NULL)::int AS in_progress,
       (SELECT count(*) FROM applications a WHERE a.submitted_version = v.hash)::int AS submitted
     FROM definition_versions v ORDER BY v.published_at DESC, v.hash`);
}

/** How many applications in progress, and how many submitted, a change touches (src/definitions/version-changes.ts). */
export async function changeCounts(db: Database, count: ChangeCount): Promise<{ in_progress: number; submitted: number }> {
  const where = {
    answered: "answers ? $1",
    chose: "answers->>$1 = $2",
    longer: "length(answers->>$1) > $2::int",
    unanswered: "NOT answers ? $1 AND submitted_at IS NULL",
  }[count.kind];
  const params = count.kind === "chose" ? [count.key, count.value] : count.kind === "longer" ? [count.key, count.limit] : [count.key];
  const [row] = await db.query<{ in_progress: number; submitted: number }>(
    `SELECT count(*) FILTER (WHERE submitted_at IS NULL)::int AS in_progress, count(*) FILTER (WHERE submitted_at IS NOT NULL)::int AS submitted
     FROM applications WHERE ${where}`, params);
  return row!;
}
