// Refuses definitions with mistakes before an applicant meets them: the format of every file,
// the schemas, then the checks that need the definitions expanded by the engine.
import { expandDefinitions } from "../../engine/compile";
import { localToday } from "../../engine/runtime";
import { readProject, type SourceFile } from "../files";
import { lintCompletions } from "./completions";
import { lintCycleOpening, lintCycleTerms } from "./cycle";
import { lintDuplicates } from "./duplicates";
import { lintEngineFindings } from "./engine-findings";
import type { LintFinding } from "./finding";
import { lintFormat } from "./format";
import { lintKeysInModel, lintUnaskedKeys } from "./keys";
import { lintMeaning } from "./meaning";
import { lintReferences } from "./references";
import { lintRules } from "./rules";
import { lintSchemas } from "./schemas";

export type { LintFinding } from "./finding";
export { formatFinding };
import { formatFinding } from "./report";

/** The findings in the project at `root`, and the files they were found in (for lines and columns). */
export function lintDefinitions(root: string): { findings: LintFinding[]; sources: Map<string, SourceFile> } {
  const project = readProject(root);
  const findings = [...lintFormat(project.sources), ...lintSchemas(project.sources), ...lintCompletions(root)];
  // Expanding needs well-formed definitions; fix the format first.
  const formatBroken = findings.some((f) => f.severity === "error" && f.path.startsWith("form-definitions/"));
  // A property written twice leaves its file readable: the checks below read the last one.
  findings.push(...lintDuplicates(project.sources));
  if (!formatBroken) {
    const { form } = project;
    const expansion = expandDefinitions(form, { currentYear: Number(localToday().slice(0, 4)) });
    const model = new Set(Object.keys((form.answersSchema.properties ?? {}) as object));
    findings.push(
      ...lintEngineFindings(project, expansion),
      ...lintKeysInModel(project, expansion, model),
      ...lintReferences(project, expansion, model),
      ...lintRules(project, expansion, model),
      ...lintCycleTerms(project),
      ...lintCycleOpening(project),
      ...lintUnaskedKeys(expansion, model),
      ...lintMeaning(project, expansion),
    );
  }
  return { findings, sources: new Map(project.sources.map((s) => [s.path, s])) };
}

/**
 * The lines of every lint error in the definitions at `root`; none when they pass. The server
 * refuses to start on such definitions: the browser would meet the same mistake as "Something
 * went wrong" (the engine throws on what the linter refuses).
 */
export function lintErrorLines(root: string): string[] {
  const { findings, sources } = lintDefinitions(root);
  return findings.filter((f) => f.severity === "error").map((f) => formatFinding(f, sources, "text"));
}
