// The pages' answer keys against the data model (schemas/answers.schema.json), both ways.
import type { Expansion } from "../../engine/compile";
import type { ProjectFiles } from "../files";
import { findingAt, type LintFinding } from "./finding";

/** Every key a page stores is in the data model. */
export function lintKeysInModel(project: ProjectFiles, expansion: Expansion, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  // A companion or a lookup's fill has no `key` of its own: point at its item.
  for (const [key, owner] of expansion.owners) {
    if (!model.has(key)) findings.push(findingAt(project, expansion.keySources.get(key) ?? owner.item.source, "", `answer key "${key}" is not in the data model (schemas/answers.schema.json)`));
  }
  return findings;
}

/** Data-model keys no page asks for, as warnings: they do not fail the lint. */
export function lintUnaskedKeys(expansion: Expansion, model: Set<string>): LintFinding[] {
  return [...model]
    .filter((key) => !expansion.owners.has(key))
    .map((key) => ({ path: "schemas/answers.schema.json", pointer: `/properties/${key}`, message: `no page asks for answer key "${key}"`, severity: "warning" }));
}
