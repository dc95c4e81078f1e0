// A version file: a published definition version as a server exported it (npm run definitions --
// export): its name, label and files, with a tally of the applications (counts only, no answer's
// text). The linter compares the working copy with it where no database is at hand, as in CI;
// `npm run definitions -- write` puts its files back (going back to that version).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadForm } from "../engine/compile";
import type { FormFiles } from "../engine/runtime";
import { versionOf } from "./version";
import type { AnswerTally, ComparedVersion } from "./version-changes";

/** Where the project keeps the version applicants meet, and the breaking changes staff mean to make. */
export const VERSION_FILE = "definition-versions/published.json";
export const INTENDED_FILE = "definition-versions/intended.json";

export interface VersionFile {
  hash: string;
  label: string;
  published_at: string;
  /** When the tally was counted. */
  exported_at: string;
  tally: AnswerTally;
  files: FormFiles;
}

export const comparedVersion = (files: FormFiles, today?: string): ComparedVersion => ({ form: loadForm(files, { today }), files });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why the text at `path` is not a version file, or the version file; its files must still be the version its hash names. */
export function parseVersionFile(path: string, text: string): VersionFile | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `${path} is not JSON: export it again (npm run definitions -- export)` };
  }
  if (!isObject(json) || typeof json.hash !== "string" || typeof json.label !== "string" || !isObject(json.files) || !isObject(json.tally)) {
    return { problem: `${path} is not a version file (it needs "hash", "label", "tally" and "files"): export it again (npm run definitions -- export)` };
  }
  if (versionOf(json.files as unknown as FormFiles).hash !== json.hash) {
    return { problem: `${path} was edited by hand: its files are no longer version ${json.label}; export it again (npm run definitions -- export)` };
  }
  return json as unknown as VersionFile;
}

/**
 * The changes staff marked intended (definition-versions/intended.json: `{ "intended": [TEXT, …] }`,
 * each the text of a change as the linter prints it), or why the file cannot be read. None
 * when there is no such file.
 */
export function readIntended(root: string): string[] | { problem: string } {
  const path = join(root, INTENDED_FILE);
  if (!existsSync(path)) return [];
  try {
    const json: unknown = JSON.parse(readFileSync(path, "utf8"));
    const intended = isObject(json) ? json.intended : undefined;
    if (Array.isArray(intended) && intended.every((line) => typeof line === "string")) return intended as string[];
  } catch {
    // Said below.
  }
  return { problem: `${INTENDED_FILE} must be {"intended": ["…", …]}: each the text of a change as lint:definitions prints it` };
}
