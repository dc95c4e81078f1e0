// npm run -s answers:check -- [--today YYYY-MM-DD] [--root DIR] FILE
// Prints {"errors": {answerKey: [messages]}, "cleared": [answerKeys]} for one answer set: the
// errors of every page as the server computes them while the status is validating, and the
// answers that visibility would clear. Start from examples/answers/complete.json or minimal.json.
// The definitions are those of this project, or of the project at DIR.
// Exit codes:
//   0  the answer set is complete: no errors (answers it would clear are only reported);
//   1  the answer set has errors, printed as above;
//   2  nothing was checked, and stdout is empty: the definitions do not lint (stderr has their
//      errors, the lines npm run lint:definitions prints), or the file cannot be read, or the
//      command was given wrong (one line on stderr).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { readProject, repoRoot } from "../src/definitions/files";
import { lintErrorLines } from "../src/definitions/lint";
import { loadForm } from "../src/engine/compile";
import { evaluateAnswers, localToday, validateEvaluation, type Answers } from "../src/engine/runtime";
import { plainError, projectProblem, runStaffCommand, type CommandIo } from "./lib/staff-command";

const USAGE = "usage: npm run -s answers:check -- [--today YYYY-MM-DD] [--root DIR] FILE";

type CheckInput = { ok: true; today: string; root: string; file: string } | { ok: false; message: string };

function parseArgs(args: string[]): CheckInput {
  let today = localToday();
  let root = repoRoot;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--today") {
      const value = args[++i];
      if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
        return { ok: false, message: `--today takes a date as YYYY-MM-DD. ${USAGE}` };
      }
      today = value;
    } else if (arg === "--root" && args[i + 1]) {
      root = resolve(args[++i]!);
    } else if (arg.startsWith("-")) {
      return { ok: false, message: `unknown option ${arg}. ${USAGE}` };
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) return { ok: false, message: USAGE };
  return { ok: true, today, root, file: files[0]! };
}

/** Reads one answer set: a flat JSON object of answer key → string or boolean. */
async function readAnswers(file: string): Promise<{ ok: true; answers: Answers } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return { ok: false, message: plainError(error, file) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${file}: not valid JSON (${(error as Error).message})` };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { ok: false, message: `${file}: must hold one JSON object of answer keys` };
  }
  return { ok: true, answers: json as Answers };
}

export async function answersCheckCommand(args: string[], io: CommandIo): Promise<number> {
  const refuse = (lines: string[]) => {
    io.err(`${lines.join("\n")}\n`);
    return 2;
  };
  const input = parseArgs(args);
  if (!input.ok) return refuse([input.message]);
  const problem = projectProblem(input.root);
  if (problem) return refuse([problem]);
  const read = await readAnswers(input.file);
  if (!read.ok) return refuse([read.message]);
  // The engine throws on what the linter refuses: say the linter's lines instead.
  const broken = lintErrorLines(input.root);
  if (broken.length > 0) {
    const errors = `${broken.length} error${broken.length === 1 ? "" : "s"}`;
    return refuse([...broken, `answers:check: the definitions have ${errors}; fix them first (npm run lint:definitions), then check the answers again`]);
  }
  const form = loadForm(readProject(input.root).form, { today: input.today });
  const evaluation = evaluateAnswers(form, read.answers);
  const errors = validateEvaluation(form, evaluation, input.today);
  io.out(`${JSON.stringify({ errors, cleared: evaluation.cleared })}\n`);
  return Object.keys(errors).length > 0 ? 1 : 0;
}

await runStaffCommand("answers:check", answersCheckCommand, import.meta.url);
