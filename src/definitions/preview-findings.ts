// The lint findings as the preview shows them (src/client/preview/findings.ts has the same shape):
// each with the line and column `npm run lint:definitions` prints, sorted by file and line.
import { formatFinding, lintDefinitions } from "./lint";

export function previewFindings(root: string) {
  const { findings, sources } = lintDefinitions(root);
  const placed = findings.map((finding) => {
    const text = formatFinding(finding, sources, "text");
    const [, line = "1", column = "1"] = /^[^:]*:(\d+):(\d+): /.exec(text) ?? [];
    return { path: finding.path, pointer: finding.pointer, line: Number(line), column: Number(column), message: finding.message, severity: finding.severity, text };
  });
  return placed.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column);
}
