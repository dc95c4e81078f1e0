// npm run definitions -- export [--out FILE]
// npm run definitions -- write VERSION [--root DIR]
// The published definition versions, from the server's command line (docs/staff-guide.md,
// "Change a question mid-cycle"). Uses the server's settings: DATABASE_URL, or PGlite in DATA_DIR
// (with no server running on it). Exit 0 when done, 1 when refused or the database or the files
// cannot be reached (one line on stderr), 2 on a usage error.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readProject, repoRoot, writeProject } from "../src/definitions/files";
import { versionOf } from "../src/definitions/version";
import { parseVersionFile, VERSION_FILE } from "../src/definitions/version-file";
import type { FormFiles } from "../src/engine/runtime";
import { openDatabase, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { servedVersionFile } from "../src/server/data/definition-versions";
import { configFromEnv } from "../src/server/platform/config";
import { plainError, projectProblem, runStaffCommand, type CommandIo } from "./lib/staff-command";

const USAGE = `usage: npm run definitions -- export [--out FILE]
       npm run definitions -- write VERSION [--root DIR]

export  writes the version applicants meet (the one a server started on last), with a count of
        the applications (no answer's text), to ${VERSION_FILE} or FILE. Commit it:
        npm run lint:definitions then tells what your edits change from it, in CI too.
write   puts a published version's files in place of form-definitions/ and the data model
        (going back to that version); VERSION is its label ("2026-10-02 · 3f9c1a2"), the start
        of its hash, or a version file.

Uses the server's settings: DATABASE_URL, or PGlite in DATA_DIR.`;

const relativeName = (path: string) => (relative(repoRoot, path).startsWith("..") ? path : relative(repoRoot, path));

async function withDatabase<T>(env: NodeJS.ProcessEnv, use: (db: Database) => Promise<T>): Promise<T> {
  // "Another server is using DATA_DIR …" says itself; a DATABASE_URL that does not answer needs saying.
  const unreachable = (error: unknown) =>
    new Refusal((error as Error).message.startsWith("Another server") ? (error as Error).message : `The database cannot be opened: ${plainError(error)}.`);
  const db = await openDatabase(configFromEnv(env)).catch((error: unknown) => { throw unreachable(error); });
  try {
    await migrate(db).catch((error: unknown) => { throw unreachable(error); });
    return await use(db);
  } finally {
    await db.close();
  }
}

async function exportVersion(out: string, env: NodeJS.ProcessEnv): Promise<string> {
  const version = await withDatabase(env, (db) => servedVersionFile(db, new Date()));
  if (!version) throw new Refusal("No version is published yet: a server publishes the definitions it starts on.");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(version, null, 2)}\n`);
  const { in_progress, submitted } = version.tally.applications;
  return `Wrote version ${version.label} to ${relativeName(out)}, with ${in_progress} applications in progress and ${submitted} submitted counted.`;
}

/** A version's files by its label, the start of its hash, or a version file. */
async function versionNamed(name: string, env: NodeJS.ProcessEnv): Promise<{ label: string; files: FormFiles }> {
  if (name.endsWith(".json")) {
    if (!existsSync(name)) throw new Refusal(`${name} does not exist.`);
    const version = parseVersionFile(name, readFileSync(name, "utf8"));
    if ("problem" in version) throw new Refusal(version.problem);
    return version;
  }
  if (!/^[0-9a-f]{7,64}$/.test(name) && !/^\d{4}-\d{2}-\d{2} · [0-9a-f]{7}$/.test(name)) {
    throw new Refusal(`"${name}" is not a version: give its label ("2026-10-02 · 3f9c1a2"), the start of its hash (7 characters or more) or a version file.`);
  }
  const rows = await withDatabase(env, (db) => db.query<{ label: string; files: FormFiles }>(
    "SELECT label, files FROM definition_versions WHERE label = $1 OR starts_with(hash, $1) ORDER BY published_at", [name]));
  if (rows.length === 0) throw new Refusal(`No published version is "${name}": the office lists them under Versions.`);
  if (rows.length > 1) throw new Refusal(`"${name}" names ${rows.length} versions (${rows.map((row) => row.label).join(", ")}): give more of the hash.`);
  return rows[0]!;
}

async function writeVersion(name: string, root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const problem = projectProblem(root);
  if (problem) throw new Refusal(`${problem}.`);
  const version = await versionNamed(name, env);
  writeProject(root, version.files);
  // The files read back must be the version itself, or going back did not happen.
  const written = versionOf(readProject(root).form).hash;
  if (written !== versionOf(version.files).hash) throw new Error(`the files written to ${root} do not read back as version ${version.label}`);
  return `Wrote version ${version.label} to form-definitions/ and schemas/. Run npm run generate:schemas and npm run lint:definitions, then build and restart: applicants meet it again.`;
}

class Refusal extends Error {}

export async function definitionsCommand(args: string[], io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { out: { type: "string" }, root: { type: "string" }, help: { type: "boolean" } }, allowPositionals: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals: [command, ...names] } = parsed;
  if (values.help || command === "help") {
    io.err(`${USAGE}\n`);
    return 0;
  }
  try {
    if (command === "export" && names.length === 0 && values.root === undefined) {
      io.out(`${await exportVersion(resolve(values.out ?? join(repoRoot, VERSION_FILE)), io.env)}\n`);
      return 0;
    }
    if (command === "write" && names.length === 1 && values.out === undefined) {
      io.out(`${await writeVersion(names[0]!, resolve(values.root ?? repoRoot), io.env)}\n`);
      return 0;
    }
  } catch (error) {
    // Refused, or the files could not be written: one line, not a stack trace.
    io.err(`${error instanceof Refusal ? error.message : `${plainError(error)}.`}\n`);
    return 1;
  }
  io.err(`${args.length ? `unknown command "${args.join(" ")}".\n\n` : ""}${USAGE}\n`);
  return 2;
}

await runStaffCommand("definitions", definitionsCommand, import.meta.url);
