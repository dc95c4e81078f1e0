// A staff command (scripts/: answers:check, definitions, lint:definitions, preview, staff), or any
// TypeScript file of the repository, run as an operator runs it: as a process of its own
// (runScript), or, for a staff command, inside the test's own process (runCommand), without
// starting Node, tsx and the app's modules again for each run. Each command's tests run it as a
// process of its own at least once.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { exitCodeOf, type StaffCommand } from "../../scripts/lib/staff-command";
import { tsxArguments } from "./spawning";

/** A run's exit code (null when a signal ended its process) and all it printed. */
export interface CommandRun { code: number | null; stdout: string; stderr: string }

/** `command` (named `name`, as its process names itself) on `args`, with `env` for the environment. */
export async function runCommand(name: string, command: StaffCommand, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const code = await exitCodeOf(name, command, args, { out: (text) => void (stdout += text), err: (text) => void (stderr += text), env });
  return { code, stdout, stderr };
}

/**
 * `script` (`scripts/staff.ts`, which `npm run staff` runs, or `examples/sis-pull.ts`; relative to
 * the repository's root, or absolute) run as its own Node process from the repository's root.
 * `env` is laid over this process's environment.
 */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, tsxArguments(script, ...args), {
      cwd: join(import.meta.dirname, "../.."), env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
