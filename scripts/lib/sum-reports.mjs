// node scripts/lib/sum-reports.mjs NAME=DIR:RUNS …: sums the JSON reports Vitest wrote into each DIR
// (VITEST_REPORT_DIR, vite.config.ts), a line for each and one for all of them; exits 1 when a test
// failed, a DIR holds fewer than RUNS reports (a run that never finished) or nothing ran.
import { readdirSync, readFileSync } from "node:fs";

const count = (reports, field) => reports.reduce((total, report) => total + report[field], 0);
const line = (reports) =>
  `${count(reports, "numPassedTests")} passed, ${count(reports, "numFailedTests")} failed, ${count(reports, "numPendingTests") + count(reports, "numTodoTests")} skipped`;

let ok = true;
const all = [];
for (const argument of process.argv.slice(2)) {
  const [, name, dir, runs] = /^(.+)=(.+):(\d+)$/.exec(argument);
  const reports = readdirSync(dir).map((file) => JSON.parse(readFileSync(`${dir}/${file}`, "utf8")));
  console.log(`${name}: ${line(reports)} (${reports.length} of ${runs} runs reported)`);
  ok &&= reports.length === Number(runs) && count(reports, "numTotalTests") > 0 && count(reports, "numFailedTests") === 0;
  all.push(...reports);
}
console.log(`tests: ${line(all)}`);
process.exit(ok ? 0 : 1);
