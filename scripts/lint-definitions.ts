// npm run lint:definitions [-- --format github] [--root DIR]
// Refuses definitions with mistakes before an applicant meets them. Each finding prints
// `file:line:column: message (JSON pointer)`; --format github prints GitHub annotations instead.
// Exit 1 on any error; warnings (data-model keys no page asks for) are listed and pass.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readProject, repoRoot, type SourceFile } from "./lib/files";
import { lintFormat, lintSchemas, type LintFinding } from "./lib/lint-format";
import { lintKeys } from "./lib/lint-keys";
import { locate } from "./lib/positions";

/** The findings, and the files they were found in (for lines and columns). */
export function lintDefinitions(root: string): { findings: LintFinding[]; sources: Map<string, SourceFile> } {
  const project = readProject(root);
  const findings = [...lintFormat(project.sources), ...lintSchemas(project.sources)];
  // Expanding needs well-formed definitions; fix the format first.
  const formatBroken = findings.some((f) => f.severity === "error" && f.path.startsWith("form-definitions/"));
  if (!formatBroken) findings.push(...lintKeys(project));
  return { findings, sources: new Map(project.sources.map((s) => [s.path, s])) };
}

export function formatFinding(finding: LintFinding, sources: Map<string, SourceFile>, format: "text" | "github"): string {
  const text = sources.get(finding.path)?.text ?? "";
  const { line, column } = locate(text, finding.pointer);
  const pointer = finding.pointer || "/";
  if (format === "github") {
    const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    return `::${finding.severity} file=${finding.path},line=${line},col=${column},title=lint-definitions::${escape(`${finding.message} (${pointer})`)}`;
  }
  const label = finding.severity === "warning" ? "warning: " : "";
  return `${finding.path}:${line}:${column}: ${label}${finding.message} (${pointer})`;
}

async function main(args: string[]): Promise<number> {
  let format: "text" | "github" = "text";
  let root = repoRoot;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === "--format" && (value === "text" || value === "github")) { format = value; i++; }
    else if (arg === "--root" && value) { root = resolve(value); i++; }
    else {
      process.stderr.write("usage: npm run lint:definitions -- [--format text|github] [--root DIR]\n");
      return 2;
    }
  }
  const { findings, sources } = lintDefinitions(root);
  findings.sort((a, b) => a.path.localeCompare(b.path) || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  for (const finding of findings) process.stdout.write(`${formatFinding(finding, sources, format)}\n`);
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  process.stderr.write(`lint:definitions: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`);
  return errors > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
