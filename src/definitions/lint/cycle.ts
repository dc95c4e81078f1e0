// Rule files may write { "cycleTerm": true } for the cycle's term; without a `cycle` in
// institution.json there is no term to read, and the rule would never match. (Definitions are
// checked as the engine expands them: src/engine/expand.) The cycle opens before its first
// deadline: the office's dashboard counts this cycle from that day.
import { isCycleTerm } from "../../engine/runtime";
import type { ProjectFiles } from "../files";
import type { LintFinding } from "./finding";

export function lintCycleTerms(project: ProjectFiles): LintFinding[] {
  if (project.form.institution.institution.cycle) return [];
  const findings: LintFinding[] = [];
  for (const [name, schema] of Object.entries(project.form.rules)) {
    const visit = (node: unknown, pointer: string) => {
      if (isCycleTerm(node)) {
        findings.push({
          path: `schemas/rules/${name}`, pointer, severity: "error",
          message: `{ "cycleTerm": true } means the cycle's term, but form-definitions/institution.json has no "cycle"`,
        });
      } else if (typeof node === "object" && node !== null) {
        for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${key}`);
      }
    };
    visit(schema, "");
  }
  return findings;
}

/** The cycle's opening day comes before its first deadline (the schema has checked both are dates). */
export function lintCycleOpening(project: ProjectFiles): LintFinding[] {
  const cycle = project.form.institution.institution.cycle;
  if (!cycle) return [];
  const [plan, first] = Object.entries(cycle.deadlines).sort(([, a], [, b]) => a.localeCompare(b))[0] ?? [];
  if (!plan || !first || cycle.opens < first) return [];
  return [{
    path: "form-definitions/institution.json", pointer: "/institution/cycle/opens", severity: "error",
    message: `the cycle opens on ${cycle.opens}, which is not before its first deadline (${plan}, ${first}); "opens" is the cycle's first day`,
  }];
}
