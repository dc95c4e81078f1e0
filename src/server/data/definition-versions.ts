// Definition versions: the definition set a server starts on, published once (migration 015).
import { versionOf } from "../../definitions/version";
import type { FormFiles } from "../../engine/runtime";
import { talliedKeys, type AnswerTally, type Touched } from "../../definitions/version-changes";
import { comparedVersion, type VersionFile } from "../../definitions/version-file";
import type { Database } from "../db/database";

export interface DefinitionVersion {
  hash: string;
  /** "2026-10-02 · 3f9c1a2": the day it was first published (UTC) and the hash's first 7 characters. */
  label: string;
  publishedAt: Date;
}

const labelOf = (hash: string, publishedAt: Date) => `${publishedAt.toISOString().slice(0, 10)} · ${hash.slice(0, 7)}`;

/**
 * Publishes `files` unless a version of the same content is already published (then notes that a
 * server serves it again: going back to an older version's files), and answers that version.
 * Server processes starting together on new files publish one version: the first to take the
 * lock inserts it, the others find it. The first version ever published is also the one of the
 * applications submitted before versions were kept.
 */
export async function publishVersion(db: Database, files: FormFiles, now: Date): Promise<DefinitionVersion> {
  const { json, hash } = versionOf(files);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727002)");
    const [found] = await tx.query<DefinitionVersion & Record<string, unknown>>(
      `UPDATE definition_versions SET last_served_at = $2 WHERE hash = $1 RETURNING hash, label, published_at AS "publishedAt"`, [hash, now]);
    if (found) return found;
    const [earlier] = await tx.query("SELECT 1 FROM definition_versions LIMIT 1");
    const version = { hash, label: labelOf(hash, now), publishedAt: now };
    await tx.query("INSERT INTO definition_versions (hash, files, label, published_at, last_served_at) VALUES ($1, $2::json, $3, $4, $4)", [hash, json, version.label, now]);
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

const COUNTS = `count(*) FILTER (WHERE submitted_at IS NULL)::int AS in_progress, count(*) FILTER (WHERE submitted_at IS NOT NULL)::int AS submitted`;
// An answer counts when it says something: "" is unanswered for every key, as are null and no choice.
const SAYS = `NOT (a.value = ANY (ARRAY['""', 'null', '[]']::jsonb[]))`;

type Counted = { key: string; at: string; in_progress: number; submitted: number };
const grouped = (rows: Counted[]) => {
  const out: Record<string, Record<string, Touched>> = {};
  for (const { key, at, in_progress, submitted } of rows) (out[key] ??= {})[at] = { in_progress, submitted };
  return out;
};

/**
 * The applications counted (src/definitions/version-changes.ts, AnswerTally): every answered key,
 * the options chosen for `choices` and the lengths of the answers to `limited`. One pass over the
 * applications per part; no answer's text leaves the database.
 */
export async function answerTally(db: Database, keys: { choices: string[]; limited: string[] }): Promise<AnswerTally> {
  const [[applications], answered, chose, lengths] = await Promise.all([
    db.query<Touched & Record<string, unknown>>(`SELECT ${COUNTS} FROM applications`),
    db.query<Counted & Record<string, unknown>>(
      `SELECT a.key, '' AS at, ${COUNTS} FROM applications, jsonb_each(answers) a WHERE ${SAYS} GROUP BY a.key`),
    db.query<Counted & Record<string, unknown>>(
      `SELECT a.key, a.value #>> '{}' AS at, ${COUNTS} FROM applications, jsonb_each(answers) a
       WHERE a.key = ANY ($1::text[]) AND jsonb_typeof(a.value) IN ('string', 'number', 'boolean') AND ${SAYS} GROUP BY 1, 2`, [keys.choices]),
    db.query<Counted & Record<string, unknown>>(
      `SELECT a.key, length(a.value #>> '{}')::text AS at, ${COUNTS} FROM applications, jsonb_each(answers) a
       WHERE a.key = ANY ($1::text[]) AND jsonb_typeof(a.value) = 'string' AND ${SAYS} GROUP BY 1, 2`, [keys.limited]),
  ]);
  return {
    applications: applications!,
    answered: Object.fromEntries(answered.map(({ key, in_progress, submitted }) => [key, { in_progress, submitted }])),
    chose: grouped(chose),
    lengths: grouped(lengths),
  };
}

/**
 * The version a server started on last, as a version file (src/definitions/version-file.ts) with
 * a tally of every application: what the linter compares the working copy with. Null before
 * any server has started.
 */
export async function servedVersionFile(db: Database, now: Date): Promise<VersionFile | null> {
  const [row] = await db.query<{ hash: string; label: string; published_at: Date; files: FormFiles }>(
    "SELECT hash, label, published_at, files FROM definition_versions ORDER BY last_served_at DESC, published_at DESC LIMIT 1");
  if (!row) return null;
  const tally = await answerTally(db, talliedKeys(comparedVersion(row.files)));
  return { hash: row.hash, label: row.label, published_at: row.published_at.toISOString(), exported_at: now.toISOString(), tally, files: row.files };
}
