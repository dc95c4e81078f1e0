// A staff command (scripts/: answers:check, definitions, lint:definitions, preview, staff) run
// inside the test's own process: its exit code and all it printed, as a process of its own gives
// them, without starting Node, tsx and the app's modules again for each run. Each command's tests
// also run it as a process of its own at least once (runScript, or execFile with tsxArguments).
import { exitCodeOf, type StaffCommand } from "../../scripts/lib/staff-command";

export interface CommandRun { code: number; stdout: string; stderr: string }

/** `command` (named `name`, as its process names itself) on `args`, with `env` for the environment. */
export async function runCommand(name: string, command: StaffCommand, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const code = await exitCodeOf(name, command, args, { out: (text) => void (stdout += text), err: (text) => void (stderr += text), env });
  return { code, stdout, stderr };
}
