// npm run -s answers:check -- [--today YYYY-MM-DD] FILE
// Prints {"errors": {answerKey: [messages]}, "cleared": [answerKeys]} for one answer set: the
// errors of every page as the server computes them while the status is validating, and the
// answers that visibility would clear. Exit 0 when the answer set is complete (no errors; answers
// it would clear are only reported), 1 when it has errors, 2 with a one-line message on stderr
// when the file could not be read. Start from examples/answers/complete.json or minimal.json.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadForm } from "../src/engine/compile";
import { evaluateAnswers, localToday, validateEvaluation, type Answers } from "../src/engine/runtime";
import { readProject } from "../src/definitions/files";

const USAGE = "usage: npm run -s answers:check -- [--today YYYY-MM-DD] FILE";

export type CheckInput = { ok: true; today: string; file: string } | { ok: false; message: string };

export function parseArgs(args: string[]): CheckInput {
  let today = localToday();
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--today") {
      const value = args[++i];
      if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
        return { ok: false, message: `--today takes a date as YYYY-MM-DD. ${USAGE}` };
      }
      today = value;
    } else if (arg.startsWith("-")) {
      return { ok: false, message: `unknown option ${arg}. ${USAGE}` };
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) return { ok: false, message: USAGE };
  return { ok: true, today, file: files[0]! };
}

/** Reads one answer set: a flat JSON object of answer key → string or boolean. */
export async function readAnswers(file: string): Promise<{ ok: true; answers: Answers } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: code === "ENOENT" ? `${file}: no such file` : `${file}: cannot be read (${code ?? String(error)})` };
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

async function main(): Promise<number> {
  const input = parseArgs(process.argv.slice(2));
  if (!input.ok) {
    process.stderr.write(`${input.message}\n`);
    return 2;
  }
  const read = await readAnswers(input.file);
  if (!read.ok) {
    process.stderr.write(`${read.message}\n`);
    return 2;
  }
  const form = loadForm(readProject().form, { today: input.today });
  const evaluation = evaluateAnswers(form, read.answers);
  const errors = validateEvaluation(form, evaluation, input.today);
  process.stdout.write(`${JSON.stringify({ errors, cleared: evaluation.cleared })}\n`);
  return Object.keys(errors).length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
