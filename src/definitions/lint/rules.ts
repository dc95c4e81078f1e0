// Rule files (schemas/rules/) name answer keys in `required`, `properties` and
// `errorMessage.required`: each must be in the data model.
import type { ProjectFiles } from "../files";
import type { LintFinding } from "./finding";

export function lintRules(project: ProjectFiles, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [name, schema] of Object.entries(project.form.rules)) {
    const path = `schemas/rules/${name}`;
    const visit = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${pointer}/${i}`));
      if (typeof node !== "object" || node === null) return;
      const object = node as Record<string, unknown>;
      const name_ = (key: string, where: string) => {
        if (!model.has(key)) findings.push({ path, pointer: where, message: `rule names "${key}", which is not in the data model`, severity: "error" });
      };
      if (Array.isArray(object.required)) object.required.forEach((key, i) => name_(String(key), `${pointer}/required/${i}`));
      if (object.properties && typeof object.properties === "object") {
        for (const key of Object.keys(object.properties)) name_(key, `${pointer}/properties/${key}`);
      }
      for (const [key, child] of Object.entries(object)) {
        if (key !== "errorMessage") visit(child, `${pointer}/${key}`);
      }
    };
    visit(schema, "");
  }
  return findings;
}
