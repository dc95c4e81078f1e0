// A page copied beside its original (about.json to about-fr.json, a first try at a translation)
// asks every one of its answer keys and group ids again: the engine finds each of them twice, and
// in the file it reads second, often the untouched original. Said once instead, in the copy.
import type { Expansion } from "../../engine/compile";
import type { ProjectFiles } from "../files";
import { findingAt, type LintFinding } from "./finding";
import { baseName } from "./suggest";

type Finding = Expansion["findings"][number];

/** Up to this many keys of one file asked again in another are questions moved and left behind, each said; more are a copy. */
const MOVED = 3;

/** Files in the order their page was first written: a file named after its page first, then by name. */
function originalFirst(project: ProjectFiles, files: string[]): string[] {
  const isNamedAfterPage = (file: string) => project.form.pages[file]?.page === baseName(file);
  return [...files].sort((a, b) => Number(isNamedAfterPage(b)) - Number(isNamedAfterPage(a)) || baseName(a).localeCompare(baseName(b)));
}

/** The two files a key or id is written in (the engine says where it was first); undefined for one file. */
function filesOf(finding: Finding): [string, string] | undefined {
  if (!finding.first || finding.first.file === finding.source.file) return undefined;
  return [finding.first.file, finding.source.file].sort() as [string, string];
}

/** "11 answer keys and 2 group ids". */
function repeated(findings: Finding[]): string {
  const ids = findings.filter((f) => f.code === "duplicate-id").length;
  const keys = findings.length - ids;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return [keys && count(keys, "answer key"), ids && count(ids, "group id")].filter(Boolean).join(" and ");
}

/**
 * One finding in each copy of a page: at its "page" when it kept the original's, else at the first
 * key it repeats once it repeats more than a few. `said` holds the engine's findings it stands for.
 */
export function lintCopies(project: ProjectFiles, findings: Finding[]): { findings: LintFinding[]; said: Set<Finding> } {
  const byPair = new Map<string, { files: [string, string]; repeats: Finding[] }>();
  for (const finding of findings) {
    const files = filesOf(finding);
    if (!files) continue;
    const pair = byPair.get(files.join("|")) ?? { files, repeats: [] };
    pair.repeats.push(finding);
    byPair.set(files.join("|"), pair);
  }
  const out: LintFinding[] = [];
  const said = new Set<Finding>();
  const byName = new Map<string, string[]>();
  for (const [file, page] of Object.entries(project.form.pages)) byName.set(page.page, [...(byName.get(page.page) ?? []), file]);
  for (const [name, group] of byName) {
    const [original, ...copies] = originalFirst(project, group);
    for (const copy of copies) {
      const repeats = [...byPair.values()].filter(({ files }) => files.includes(copy) && files.every((f) => group.includes(f))).flatMap((pair) => pair.repeats);
      repeats.forEach((f) => said.add(f));
      const again = repeats.length > 0 ? `: this copy asks its ${repeated(repeats)} again` : "";
      out.push(findingAt(project, { file: copy, pointer: "/page" }, "",
        `page "${name}" is also ${project.pathOf(original!)}${again}; give the copy its own "page", "route" and answer keys, or keep it outside form-definitions/ until then`));
    }
  }
  for (const { files, repeats } of byPair.values()) {
    if (repeats.length <= MOVED || repeats.some((f) => said.has(f))) continue;
    const [original, copy] = originalFirst(project, files) as [string, string];
    repeats.forEach((f) => said.add(f));
    const first = repeats[0]!;
    out.push(findingAt(project, first.source.file === copy ? first.source : first.first!, "",
      `this page asks ${repeated(repeats)} that page "${project.form.pages[original]?.page}" asks too (${project.pathOf(original)}): a key belongs to one page, so a copy of a page needs keys and ids of its own`));
  }
  return { findings: out, said };
}
