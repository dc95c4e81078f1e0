// npm run bench — how fast the engine is on this machine. Prints figures; asserts nothing.
//   load + compile      read the definitions from disk, expand them, compile the validator
//   evaluate            visibility + clearing of one answer set
//   validate            visibility + clearing + validation of every page (what the server runs on save)
// Answer sets: the complete application in examples/answers/complete.json, and a worst case
// in which every key of the data model is answered (every block used, most of it then cleared).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadForm } from "../src/engine/compile";
import { evaluateAnswers, validateAnswers, type Answers } from "../src/engine/runtime";
import { readProject, repoRoot } from "../src/definitions/files";
import { median, quantile } from "./lib/stats";

const RUNS = 1000;
const TODAY = "2026-11-22";

function stats(samples: number[]) {
  const sorted = samples.toSorted((a, b) => a - b);
  return { median: median(sorted), p99: quantile(sorted, 0.99), max: sorted.at(-1)! };
}

function time(runs: number, work: () => unknown): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples;
}

const ms = (n: number) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`;
function row(name: string, samples: number[], target = "") {
  const { median, p99, max } = stats(samples);
  console.log(`${name.padEnd(44)} ${ms(median).padStart(10)} ${ms(p99).padStart(10)} ${ms(max).padStart(10)}  ${target}`);
}

/** Every data-model key answered: booleans ticked, text filled within its limit. */
function everyKey(model: Record<string, { type: string; maxLength?: number }>): Answers {
  const answers: Answers = {};
  for (const [key, schema] of Object.entries(model)) {
    answers[key] = schema.type === "boolean" ? true : "1".repeat(Math.min(schema.maxLength ?? 1, 3));
  }
  return answers;
}

async function main() {
  const coldStart = performance.now();
  const project = readProject();
  let form = loadForm(project.form, { today: TODAY });
  const cold = performance.now() - coldStart;

  const loads: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    form = loadForm(readProject().form, { today: TODAY });
    loads.push(performance.now() - start);
  }
  const compiles = time(30, () => loadForm(project.form, { today: TODAY }));

  const complete = JSON.parse(readFileSync(join(repoRoot, "examples/answers/complete.json"), "utf8")) as Answers;
  const model = (project.form.answersSchema as { properties: Record<string, { type: string; maxLength?: number }> }).properties;
  const all = everyKey(model);
  const allBlocks = Object.fromEntries([...form.blockGroups].map(([id, g]) => [id, g.max]));

  // Warm the JIT before measuring, as a long-running server is warm.
  for (let i = 0; i < 200; i++) validateAnswers(form, complete, { today: TODAY });

  console.log(`engine benchmark (${RUNS} runs each unless noted; Node ${process.version})`);
  console.log(`answer keys in the data model: ${Object.keys(model).length}; complete application: ${Object.keys(complete).length} answers; gates: ${form.gates.length}`);
  console.log(`${"".padEnd(44)} ${"median".padStart(10)} ${"p99".padStart(10)} ${"max".padStart(10)}  target`);
  console.log(`${"first load + compile in a fresh process".padEnd(44)} ${ms(cold).padStart(10)}`);
  row("load from disk + compile (30 runs)", loads, "< 50 ms");
  row("compile only (30 runs)", compiles, "< 50 ms");
  row("evaluate: complete application", time(RUNS, () => evaluateAnswers(form, complete)));
  row("validate: complete application", time(RUNS, () => validateAnswers(form, complete, { today: TODAY })), "< 1 ms median");
  row("evaluate: every key answered", time(RUNS, () => evaluateAnswers(form, all, { blocks: allBlocks })));
  row("validate: every key answered", time(RUNS, () => validateAnswers(form, all, { blocks: allBlocks, today: TODAY })), "< 1 ms median");
}

await main();
