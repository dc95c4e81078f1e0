// A property written twice in one object: JSON.parse (the server, the browser and the linter's
// other checks read the files so) keeps the last one without a word, so a second showWhen drops
// the first condition. jsonc-parser's tree keeps every property, where it is written.
import { parseTree, type Node } from "jsonc-parser";
import type { SourceFile } from "../files";
import { escapePointer, positionOfOffset } from "../positions";
import type { LintFinding } from "./finding";

/** A property written again in its object: its pointer and name, and both places (characters from the start). */
interface Duplicate {
  pointer: string;
  name: string;
  offset: number;
  firstOffset: number;
}

/** What to write instead of two of one property, for those staff mean to add up; any other: keep one. */
const JOINED: Record<string, string> = {
  showWhen: 'put both conditions in one showWhen, as { "all": [ …, … ] }',
  hideWhen: 'put both conditions in one hideWhen, as { "any": [ …, … ] }',
  required: 'list every key in one "required"',
  clearOnHide: 'list every key in one "clearOnHide"',
  items: 'put every item in one "items" list',
  options: 'put every option in one "options" list',
  properties: 'put every property in one "properties"',
  allOf: 'put every rule in one "allOf" list',
};

/** Every property written again in its object, in the order they are written. */
function duplicateProperties(text: string): Duplicate[] {
  const found: Duplicate[] = [];
  const visit = (node: Node | undefined, pointer: string): void => {
    if (node?.type === "array") node.children?.forEach((child, i) => visit(child, `${pointer}/${i}`));
    if (node?.type !== "object") return;
    const first = new Map<string, number>();
    for (const [name, value] of (node.children ?? []).map((property) => property.children ?? [])) {
      if (!name) continue;
      const key = String(name.value);
      const at = `${pointer}/${escapePointer(key)}`;
      const firstOffset = first.get(key);
      if (firstOffset === undefined) first.set(key, name.offset);
      else found.push({ pointer: at, name: key, offset: name.offset, firstOffset });
      visit(value, at);
    }
  };
  visit(parseTree(text), "");
  return found;
}

/** The pointers of the properties written twice in `source` (`/allOf/0/required`). */
export function duplicatedPointers(source: SourceFile | undefined): Set<string> {
  if (!source || source.parseError) return new Set();
  return new Set(duplicateProperties(source.text).map((d) => d.pointer));
}

/** Each property written twice, at the second place, in every file read (a file that is not JSON has its own finding). */
export function lintDuplicates(sources: SourceFile[]): LintFinding[] {
  return sources.filter((source) => !source.parseError).flatMap((source) =>
    duplicateProperties(source.text).map((d): LintFinding => ({
      path: source.path,
      pointer: d.pointer,
      offset: d.offset,
      severity: "error",
      message: `"${d.name}" is written twice in the same { … } (first on line ${positionOfOffset(source.text, d.firstOffset).line}), and only the last one counts: ${JOINED[d.name] ?? "delete the one you do not mean"}`,
    })));
}
