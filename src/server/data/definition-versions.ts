// Definition versions: the definition set a server starts on, published once (migration 015).
import { versionOf } from "../../definitions/version";
import type { FormFiles } from "../../engine/runtime";
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
