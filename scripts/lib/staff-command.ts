// The staff's commands (answers:check, definitions, lint:definitions, preview, staff) end in one
// plain line when they cannot do their work, never in a Node stack trace: a folder that is not
// there, a file that cannot be read, a port in use.
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

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

/** Where a staff command writes, and the environment it reads: its process's, or a test's. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

/** A staff command: its exit code for `args`. */
export type StaffCommand = (args: string[], io: CommandIo) => Promise<number>;

/** The exit code of `command` for `args`: when it throws, one line on stderr naming it, and 2 (nothing was done). */
export async function exitCodeOf(name: string, command: StaffCommand, args: string[], io: CommandIo): Promise<number> {
  try {
    return await command(args, io);
  } catch (error) {
    io.err(`${name}: ${plainError(error)}\n`);
    return 2;
  }
}

/**
 * Runs a staff command on the process's arguments, streams and environment, and exits with its
 * code, when its file (`file`: its import.meta.url) is the one Node was asked to run. A test
 * imports the command and runs it within the test's process instead (exitCodeOf).
 */
export async function runStaffCommand(name: string, command: StaffCommand, file: string): Promise<void> {
  // By real path: Node names a module by where a symbolic link to it leads, argv by the link.
  const entry = process.argv[1];
  if (entry === undefined || !existsSync(entry) || pathToFileURL(realpathSync(entry)).href !== file) return;
  const io: CommandIo = { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text), env: process.env };
  process.exitCode = await exitCodeOf(name, command, process.argv.slice(2), io);
}
