// Checks of what the definitions mean, once they have the right shape: values that cannot mean
// what staff meant (a date range that ends before it starts, an option longer than the data model
// stores, a character the PDF copy cannot print, a condition read before its question is asked).
// How a condition's value suits its question is checked with the condition (references.ts).
import type { Expansion } from "../../engine/compile";
import type { FormFiles } from "../../engine/runtime";
import type { ProjectFiles } from "../files";
import { locate } from "../positions";
import { findingAt, type LintFinding } from "./finding";
import { lintPrintable } from "./printable";
import { lintStoredLengths } from "./stored-lengths";

export function lintMeaning(project: ProjectFiles, expansion: Expansion): LintFinding[] {
  return [...lintDateRanges(project.form), ...lintStoredLengths(project, expansion), ...lintPrintable(project), ...lintConditionsBeforeQuestions(project, expansion)];
}

/** Every pair of days in the definitions' format that makes a range: where it is, and its days (both YYYY-MM-DD, the format has checked). */
const DATE_RANGES: { path: string; pointer: string; what: string; start: string; end: string; read(files: FormFiles): Record<string, string> | undefined }[] = [
  { path: "form-definitions/institution.json", pointer: "/institution/banner", what: "the banner", start: "from", end: "to", read: (files) => files.institution.institution.banner },
];

function lintDateRanges(files: FormFiles): LintFinding[] {
  return DATE_RANGES.flatMap(({ path, pointer, what, start, end, read }): LintFinding[] => {
    const range = read(files);
    const [first, last] = [range?.[start], range?.[end]];
    if (!first || !last || first <= last) return [];
    return [{
      path, pointer: `${pointer}/${end}`, severity: "error",
      message: `${what} ends on ${last} ("${end}"), before it starts on ${first} ("${start}"), so it never shows: write a "${end}" on or after ${first}`,
    }];
  });
}

/**
 * A condition that reads a question of a later page: the applicant meets the item on its page
 * before they answer the question, as when a question moved to another page and its follow-up
 * stayed. Reading an earlier page's answer is usual (the education page asks by citizenship).
 */
function lintConditionsBeforeQuestions(project: ProjectFiles, expansion: Expansion): LintFinding[] {
  const pageOf = (file: string) => expansion.pages.find((p) => p.file === file);
  return expansion.references.flatMap((ref): LintFinding[] => {
    const here = pageOf(ref.source.file);
    const owner = expansion.owners.get(ref.key);
    const there = owner && expansion.pages.find((p) => p.page === owner.page);
    const question = expansion.keySources.get(ref.key);
    if (ref.kind !== "condition" || !here || !there || !question || there.step <= here.step) return [];
    const path = project.pathOf(question.file);
    const { line, column } = locate(project.sources.find((s) => s.path === path)?.text ?? "", question.pointer);
    return [findingAt(project, ref.source, "",
      `condition reads "${ref.key}", which is asked on a later page, "${there.page}" (${path}:${line}:${column}): on page "${here.page}" applicants meet it before they answer "${ref.key}"; move this item to page "${there.page}" too, or move the question back to page "${here.page}"`,
      "warning")];
  });
}
