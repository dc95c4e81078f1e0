// A finding as a line a person or GitHub reads: file, line and column, message, JSON pointer.
import type { SourceFile } from "../files";
import { locate, positionOfOffset } from "../positions";
import type { LintFinding } from "./finding";

/** `file:line:column: message (pointer)`, or a GitHub annotation with `format` "github". */
export function formatFinding(finding: LintFinding, sources: Map<string, SourceFile>, format: "text" | "github"): string {
  const text = sources.get(finding.path)?.text ?? "";
  const { line, column } = finding.offset === undefined ? locate(text, finding.pointer) : positionOfOffset(text, finding.offset);
  const pointer = finding.pointer || "/";
  if (format === "github") {
    const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    return `::${finding.severity} file=${finding.path},line=${line},col=${column},title=lint-definitions::${escape(`${finding.message} (${pointer})`)}`;
  }
  const label = finding.severity === "warning" ? "warning: " : "";
  return `${finding.path}:${line}:${column}: ${label}${finding.message} (${pointer})`;
}
