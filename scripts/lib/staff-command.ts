// The staff's commands (lint:definitions, answers:check, preview, definitions) end in one plain
// line when they cannot do their work, never in a Node stack trace: a folder that is not there,
// a file that cannot be read, a port in use.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** What Node's error codes mean for the path they name. */
const PATH_ERRORS: Record<string, string> = {
  ENOENT: "does not exist",
  EACCES: "cannot be read (permission denied)",
  EPERM: "cannot be read (permission denied)",
  EISDIR: "is a folder, not a file",
  ENOTDIR: "is not in a folder: a part of its path is a file",
};

/** An error in one line: a file's trouble in words, else the first line of its message. */
export function plainError(error: unknown, path?: string): string {
  const { code, path: named, message } = error as Partial<NodeJS.ErrnoException>;
  const said = code === undefined ? undefined : PATH_ERRORS[code];
  if (said && (path ?? named)) return `${path ?? named} ${said}`;
  return String(message ?? error).split("\n")[0]!;
}

/** Why `root` is not a project to read definitions from, or undefined when it is one. */
export function projectProblem(root: string): string | undefined {
  return existsSync(join(root, "form-definitions")) ? undefined : `${root} has no form-definitions/ folder: give --root the project's folder`;
}

/**
 * Runs a staff command: its exit code, or, when it throws, one line on stderr naming the command
 * and exit code 2 (nothing was done).
 */
export async function runStaffCommand(name: string, main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    process.stderr.write(`${name}: ${plainError(error)}\n`);
    process.exitCode = 2;
  }
}
