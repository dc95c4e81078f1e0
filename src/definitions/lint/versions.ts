// What the working copy changes from the version applicants meet (a version file, or the
// database's), as lines staff read: each change with its class and the applications it
// touches. A breaking change is an error unless staff marked it intended (INTENDED_FILE).
import type { FormFiles } from "../../engine/runtime";
import { touched, versionChanges, type ChangeCount, type Touched } from "../version-changes";
import { comparedVersion, INTENDED_FILE, type VersionFile } from "../version-file";

export interface ChangeReport {
  lines: string[];
  errors: number;
  warnings: number;
}

const applications = (n: number) => `${n} application${n === 1 ? "" : "s"}`;

/** "312 applications in progress and 12 submitted chose it". */
function touchedWords(count: ChangeCount, n: Touched): string {
  const both = `${applications(n.in_progress)} in progress and ${n.submitted} submitted`;
  switch (count.kind) {
    case "answered": return `${both} answered it`;
    case "chose": return `${both} chose it`;
    case "longer": return `${both} gave more than ${count.limit} characters`;
    case "unanswered": return `${applications(n.in_progress)} in progress have not answered it`;
  }
}

/** The changes from `published` to `files`, as lines; `source` names where the published version came from. */
export function versionChangeReport(
  files: FormFiles, published: VersionFile, source: string, intended: string[], today: string, format: "text" | "github",
): ChangeReport {
  const changes = versionChanges(comparedVersion(published.files, today), comparedVersion(files, today), today);
  const report: ChangeReport = { lines: [], errors: 0, warnings: 0 };
  if (changes.length > 0) {
    const counted = published.exported_at.slice(0, 10);
    report.lines.push(format === "github"
      ? `::notice title=definition changes::Changes from version ${published.label} (${source}, applications counted ${counted})`
      : `${source}: changes from version ${published.label} (applications counted ${counted}):`);
  }
  const breaking = new Set<string>();
  for (const change of changes) {
    let line = `${change.class}: ${change.text}`;
    if (change.count) line += ` — ${touchedWords(change.count, touched(published.tally, change.count))}`;
    const refused = change.class === "breaking" && !intended.includes(change.text);
    if (change.class === "breaking") breaking.add(change.text);
    if (refused) {
      report.errors++;
      line += `; if you mean it, add its text to ${INTENDED_FILE}`;
    }
    const level = refused ? "error" : change.class === "safe" ? "notice" : "warning";
    report.lines.push(format === "github" ? `::${level} title=definition change::${line}` : `  ${line}`);
  }
  for (const text of intended.filter((text) => !breaking.has(text))) {
    report.warnings++;
    const line = `names a breaking change these definitions do not make: "${text}"; remove it`;
    report.lines.push(format === "github" ? `::warning title=definition change::${INTENDED_FILE} ${line}` : `${INTENDED_FILE}: warning: ${line}`);
  }
  return report;
}
