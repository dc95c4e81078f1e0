// The engine's findings from expanding the pages, as the linter says them: a missing option list
// with the file meant, and a copied page once, in the copy (copies.ts).
import type { Expansion } from "../../engine/compile";
import type { Source } from "../../engine/runtime";
import type { ProjectFiles } from "../files";
import { lintCopies } from "./copies";
import { findingAt, writtenAt, type LintFinding } from "./finding";
import { didYouMeanFile } from "./suggest";

export function lintEngineFindings(project: ProjectFiles, expansion: Expansion): LintFinding[] {
  const copies = lintCopies(project, expansion.findings);
  return [
    ...copies.findings,
    ...expansion.findings.filter((f) => !copies.said.has(f)).map((f) =>
      findingAt(project, f.source, "", f.code === "missing-option-list" ? missingOptionList(project, f.source) : f.message, f.severity)),
  ];
}

/**
 * The engine's "does not exist", with the file meant and the files there are: every file of
 * form-definitions/options/, those nothing names yet first (a file renamed is one of them).
 */
function missingOptionList(project: ProjectFiles, source: Source): string {
  const written = String(writtenAt(project, source));
  const lists = Object.keys(project.form.optionLists).sort();
  const named = new Set(optionListsNamed([project.form.pages, project.form.addressTemplate, project.form.institution]));
  return `option list "${written}" does not exist${didYouMeanFile(written, lists, (list) => !named.has(list))} (the option lists are ${lists.join(", ")})`;
}

/** Every option list file a definition names ("options/…json"), wherever it is written. */
function optionListsNamed(node: unknown): string[] {
  if (typeof node === "string") return /^options\/.+\.json$/.test(node) ? [node] : [];
  if (typeof node !== "object" || node === null) return [];
  return Object.values(node).flatMap(optionListsNamed);
}
