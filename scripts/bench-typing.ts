// npm run bench (typing) — keystroke latency and first render of /about beside the anchors: the
// same measurement (../shared/bench-anchors: Chromium, 4x CPU throttling, 40 keystrokes,
// median of 3 runs) of a plain-HTML page (the floor) and of RJSF, SurveyJS and JSON Forms
// rendering a 300-question form, in one run. A visitor opens /about on the built server (dist/,
// from npm run build; this script builds nothing of ours), types into first_name, and the page
// is ready when the last question's input exists.
// The anchors are copied to tmp/bench-anchors (the shared folder is read-only) and installed and
// built there once; delete that folder to start again. BENCH_ANCHORS overrides the source folder,
// BENCH_ANCHORS_DIR the copy.
// Extra arguments go to run.mjs (e.g. --runs 5, or --only to choose other anchor pages).
// Targets (issue 24): keystroke p95 ≤ the floor's and ≥ 1.7x faster than the fastest library's;
// first render ≤ 1.2x the floor's; JS ≤ 130 KiB gzipped. Prints figures; asserts nothing. CHROMIUM_PATH overrides /usr/bin/chromium.
import { spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, repoRoot, requireBuild, startBuiltServer, waitForExpression } from "../tests/e2e/support";
import { median } from "./lib/stats";

const ROUTE = "/about";
const TARGET = "#first_name";
const SOURCE = process.env.BENCH_ANCHORS ?? join(repoRoot, "../shared/bench-anchors");
const ANCHORS = process.env.BENCH_ANCHORS_DIR ?? join(repoRoot, "tmp/bench-anchors");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NAME = "ours";
// The floor and each library in its default settings (the issue's figures); rjsf-live and
// surveyjs-typing take minutes more (--only baseline,rjsf,rjsf-live,surveyjs,surveyjs-typing,jsonforms).
const ANCHOR_PAGES = "baseline,rjsf,surveyjs,jsonforms";
// What the issue measured at 4x throttling, for comparison with this machine.
const ISSUE = { p95: { baseline: 41, surveyjs: 84, rjsf: 96, jsonforms: 144 }, firstRender: { baseline: 615, rjsf: 1130 } } as const;

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} (in ${cwd}) ended with ${code ?? signal}`))));
  });
}

function writable(path: string): void {
  const directory = statSync(path).isDirectory();
  chmodSync(path, directory ? 0o755 : 0o644);
  if (directory) for (const name of readdirSync(path)) writable(join(path, name));
}

/** tmp/bench-anchors, copied, installed and built unless it already is. */
async function prepareAnchors(): Promise<void> {
  if (!existsSync(join(ANCHORS, "run.mjs"))) {
    if (!existsSync(join(SOURCE, "run.mjs"))) throw new Error(`no bench-anchors at ${SOURCE} (set BENCH_ANCHORS)`);
    console.log(`copying ${SOURCE} to ${ANCHORS}`);
    cpSync(SOURCE, ANCHORS, { recursive: true, filter: (path) => !/\/(node_modules|dist)$/.test(path) });
    writable(ANCHORS); // the copy keeps the shared folder's read-only modes
  }
  if (!existsSync(join(ANCHORS, "node_modules/playwright-core"))) await run("npm", ["ci", "--no-audit", "--no-fund"], ANCHORS);
  if (!existsSync(join(ANCHORS, "dist/bench-manifest.json"))) await run("npm", ["run", "build"], ANCHORS);
}

/** The selector of the last input, select or text area of the page's form, as a visitor sees it. */
async function lastQuestionSelector(url: string): Promise<string> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.locator(TARGET).waitFor();
    await waitForExpression(page, "document.readyState === 'complete'");
    const id = await page.evaluate<string>("[...document.querySelectorAll('form.form-body input, form.form-body select, form.form-body textarea')].at(-1)?.id ?? ''");
    if (!id) throw new Error(`the last input of form.form-body on ${url} has no id`);
    return `#${await page.evaluate<string>(`CSS.escape(${JSON.stringify(id)})`)}`;
  } finally {
    await browser.close();
  }
}

interface RunResult { name: string; p95: number; p50: number; firstRender: number; jsGz: number; longTaskMs: number; valueOk: boolean }

requireBuild();
await prepareAnchors();
const server = await startBuiltServer();
const json = join(ANCHORS, "results-ours.json");
try {
  const url = `${server.url}${ROUTE}`;
  const ready = await lastQuestionSelector(url);
  console.log(`\ntyping benchmark: ${url} as a visitor, typing into ${TARGET}, ready when ${ready} exists; the anchors from ${ANCHORS}`);
  await run(process.execPath, [
    "run.mjs", "--url", url, "--selector", TARGET, "--name", NAME, "--ready-selector", ready, "--anchors",
    "--chromium", CHROMIUM, "--out", join(ANCHORS, "results-ours.md"), "--json", json, "--only", ANCHOR_PAGES, ...process.argv.slice(2),
  ], ANCHORS);
} finally {
  await server.stop();
}

// Ratios from the medians over runs (as run.mjs's table).
const { results } = JSON.parse(readFileSync(json, "utf8")) as { results: RunResult[] };
const byName = new Map<string, { p95: number; p50: number; firstRender: number; jsGz: number; longTaskMs: number }>();
for (const name of new Set(results.map((r) => r.name))) {
  const runs = results.filter((r) => r.name === name);
  const m = (key: "p95" | "p50" | "firstRender" | "jsGz" | "longTaskMs") => median(runs.map((r) => r[key]));
  byName.set(name, { p95: m("p95"), p50: m("p50"), firstRender: m("firstRender"), jsGz: m("jsGz"), longTaskMs: m("longTaskMs") });
}
const ours = byName.get(NAME);
const floor = byName.get("baseline");
const libraries = [...byName].filter(([name]) => name !== NAME && name !== "baseline");
if (!ours || !floor || libraries.length === 0) {
  console.log("\n(ratios need ours, the baseline and at least one library: run without --only, or include baseline and a library)");
} else {
  const [fastestName, fastest] = libraries.reduce((best, entry) => (entry[1].p95 < best[1].p95 ? entry : best));
  const x = (n: number) => `${n.toFixed(2)}x`;
  const verdict = (met: boolean) => (met ? "met" : "MISSED");
  const p95Floor = ours.p95 / floor.p95;
  const speedup = fastest.p95 / ours.p95;
  const renderFloor = ours.firstRender / floor.firstRender;
  console.log("\nours against the anchors (medians over runs):");
  console.log(`  keystroke p95        ours ${ours.p95.toFixed(1)} ms, floor ${floor.p95.toFixed(1)} ms: ${x(p95Floor)} the floor (target <= 1x: ${verdict(p95Floor <= 1)})`);
  console.log(`                       fastest library ${fastestName} ${fastest.p95.toFixed(1)} ms: ours ${x(speedup)} faster (target >= 1.7x: ${verdict(speedup >= 1.7)})`);
  for (const [name, figures] of libraries) console.log(`                       ${name.padEnd(16)} ${figures.p95.toFixed(1).padStart(6)} ms  (ours ${x(figures.p95 / ours.p95)} faster)`);
  // The two keystroke targets agree only where the floor is well ahead of the libraries (the issue's figures, ISSUE above, show by how much).
  console.log(`                       (the floor itself is ${x(fastest.p95 / floor.p95)} faster than ${fastestName} here; the issue measured ${x(ISSUE.p95.surveyjs / ISSUE.p95.baseline)} for SurveyJS)`);
  console.log(`  first render         ours ${ours.firstRender.toFixed(0)} ms, floor ${floor.firstRender.toFixed(0)} ms: ${x(renderFloor)} the floor (target <= 1.2x: ${verdict(renderFloor <= 1.2)})`);
  for (const [name, figures] of libraries) console.log(`                       ${name.padEnd(16)} ${figures.firstRender.toFixed(0).padStart(6)} ms`);
  console.log(`  JS gzipped           ours ${(ours.jsGz / 1024).toFixed(1)} KiB (target <= 130: ${verdict(ours.jsGz / 1024 <= 130)}), floor ${(floor.jsGz / 1024).toFixed(1)} KiB; long tasks while typing: ours ${ours.longTaskMs.toFixed(0)} ms`);
  console.log(`  the issue's figures (4x): floor p95 ${ISSUE.p95.baseline} ms, SurveyJS ${ISSUE.p95.surveyjs}, RJSF ${ISSUE.p95.rjsf}, JSON Forms ${ISSUE.p95.jsonforms}; first render floor ${ISSUE.firstRender.baseline} ms, RJSF ${ISSUE.firstRender.rjsf} ms`);
}
