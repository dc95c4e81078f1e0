// Refuses definitions with mistakes before an applicant meets them: the format of every file,
// the schemas, then the checks that need the definitions expanded by the engine.
import { expandDefinitions } from "../../engine/compile";
import { localToday } from "../../engine/runtime";
import { readProject, type SourceFile } from "../files";
import { lintCompletions } from "./completions";
import { lintCycleTerms } from "./cycle";
import { findingAt, type LintFinding } from "./finding";
import { lintFormat } from "./format";
import { lintKeysInModel, lintUnaskedKeys } from "./keys";
import { lintReferences } from "./references";
import { lintRules } from "./rules";
import { lintSchemas } from "./schemas";

export type { LintFinding } from "./finding";
export { formatFinding } from "./report";

/** The findings in the project at `root`, and the files they were found in (for lines and columns). */
export function lintDefinitions(root: string): { findings: LintFinding[]; sources: Map<string, SourceFile> } {
  const project = readProject(root);
  const findings = [...lintFormat(project.sources), ...lintSchemas(project.sources), ...lintCompletions(root)];
  // Expanding needs well-formed definitions; fix the format first.
  const formatBroken = findings.some((f) => f.severity === "error" && f.path.startsWith("form-definitions/"));
  if (!formatBroken) {
    const { form } = project;
    const expansion = expandDefinitions(form, { currentYear: Number(localToday().slice(0, 4)) });
    const model = new Set(Object.keys((form.answersSchema.properties ?? {}) as object));
    findings.push(
      ...expansion.findings.map((f) => findingAt(project, f.source, "", f.message, f.severity)),
      ...lintKeysInModel(project, expansion, model),
      ...lintReferences(project, expansion, model),
      ...lintRules(project, model),
      ...lintCycleTerms(project),
      ...lintUnaskedKeys(expansion, model),
    );
  }
  return { findings, sources: new Map(project.sources.map((s) => [s.path, s])) };
}
