// npm run lint:definitions [-- --format github] [--root DIR] [--against FILE | --database]
// Refuses definitions with mistakes before an applicant meets them. Each finding prints
// `file:line:column: message (JSON pointer)`; --format github prints GitHub annotations instead.
// Then lists what the definitions change from the version applicants meet, each change classed
// and counted in the applications (src/definitions/lint/versions.ts): that version comes from
// --against FILE, else the project's definition-versions/published.json, else the database
// (DATABASE_URL, or with --database the server's DATA_DIR too); with none, nothing is compared.
// Exit 1 on any error (a breaking change not marked intended is one); warnings pass. Exit 2, with
// one line on stderr, when nothing could be linted: a wrong option, a --root with no definitions,
// a file that cannot be read.
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { readProject, repoRoot } from "../src/definitions/files";
import { formatFinding, lintDefinitions } from "../src/definitions/lint";
import { versionChangeReport, type ChangeReport } from "../src/definitions/lint/versions";
import { parseVersionFile, readIntended, VERSION_FILE, type VersionFile } from "../src/definitions/version-file";
import { localToday } from "../src/engine/runtime";
import { plainError, projectProblem, runStaffCommand, type CommandIo } from "./lib/staff-command";

const USAGE = "usage: npm run lint:definitions -- [--format text|github] [--root DIR] [--against FILE | --database]\n";

interface Options { format: "text" | "github"; root: string; against?: string; database: boolean }

function parseArgs(args: string[]): Options | null {
  const options: Options = { format: "text", root: repoRoot, database: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === "--format" && (value === "text" || value === "github")) { options.format = value; i++; }
    else if (arg === "--root" && value) { options.root = resolve(value); i++; }
    else if (arg === "--against" && value) { options.against = resolve(value); i++; }
    else if (arg === "--database") options.database = true;
    else return null;
  }
  return options;
}

/** The version applicants meet, where it was found; null when there is none to compare with. */
async function publishedVersion(options: Options, env: NodeJS.ProcessEnv): Promise<{ version: VersionFile; source: string } | { problem: string } | null> {
  const file = options.against ?? join(options.root, VERSION_FILE);
  if (options.against || existsSync(file)) {
    const source = relative(options.root, file).startsWith("..") ? file : relative(options.root, file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      return { problem: plainError(error, source) };
    }
    const version = parseVersionFile(source, text);
    return "problem" in version ? version : { version, source };
  }
  if (!env.DATABASE_URL && !options.database) return null;
  // Only here: the database's code takes a while to load, and most runs compare with a file.
  const { configFromEnv } = await import("../src/server/platform/config");
  const { openDatabase } = await import("../src/server/db/database");
  const { servedVersionFile } = await import("../src/server/data/definition-versions");
  const config = configFromEnv(env);
  try {
    const db = await openDatabase(config);
    try {
      const version = await servedVersionFile(db, new Date());
      return version ? { version, source: "the database" } : { problem: "the database has no published version yet: a server publishes one when it starts" };
    } finally {
      await db.close();
    }
  } catch (error) {
    return { problem: `the database cannot be read: ${(error as Error).message}` };
  }
}

async function compare(options: Options, env: NodeJS.ProcessEnv): Promise<ChangeReport> {
  const published = await publishedVersion(options, env);
  if (published === null) return { lines: [], errors: 0, warnings: 0 };
  const intended = readIntended(options.root);
  const refused = (problem: string): ChangeReport =>
    ({ lines: [options.format === "github" ? `::error title=definition changes::${problem}` : `lint:definitions: ${problem}`], errors: 1, warnings: 0 });
  if ("problem" in published) return refused(published.problem);
  if (!Array.isArray(intended)) return refused(intended.problem);
  return versionChangeReport(readProject(options.root).form, published.version, published.source, intended, localToday(), options.format);
}

export async function lintDefinitionsCommand(args: string[], io: CommandIo): Promise<number> {
  const options = parseArgs(args);
  if (!options) {
    io.err(USAGE);
    return 2;
  }
  const problem = projectProblem(options.root);
  if (problem) {
    io.err(`lint:definitions: ${problem}\n`);
    return 2;
  }
  const { findings, sources } = lintDefinitions(options.root);
  findings.sort((a, b) => a.path.localeCompare(b.path) || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  for (const finding of findings) io.out(`${formatFinding(finding, sources, options.format)}\n`);
  let errors = findings.filter((f) => f.severity === "error").length;
  let warnings = findings.length - errors;
  // Changes are compared between definitions that load: fix the findings first.
  if (errors === 0) {
    const report = await compare(options, io.env);
    for (const line of report.lines) io.out(`${line}\n`);
    errors += report.errors;
    warnings += report.warnings;
  }
  io.err(`lint:definitions: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`);
  return errors > 0 ? 1 : 0;
}

await runStaffCommand("lint:definitions", lintDefinitionsCommand, import.meta.url);
