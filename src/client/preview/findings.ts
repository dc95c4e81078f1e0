// Lint findings as the preview shows them: listed at the top, and beside the item each is about.
// The linter runs in Node (Vite's side, src/vite-plugins/lint-findings.ts); the page gets its findings as data.
import type { Source, ViewItem } from "../../engine/runtime";

/** One finding of `npm run lint:definitions`, placed. */
export interface PreviewFinding {
  /** From the project root: form-definitions/about.json. */
  path: string;
  pointer: string;
  line: number;
  column: number;
  message: string;
  severity: "error" | "warning";
  /** The line the linter prints: `file:line:column: message (pointer)`. */
  text: string;
}

const DEFINITIONS = "form-definitions/";
const sourceId = (source: Source) => `${source.file}#${source.pointer}`;

/** Whether `prefix` is `pointer` or one of its ancestors: /items/1 holds /items/1/key, not /items/10. */
const isWithin = (pointer: string, prefix: string) => pointer === prefix || pointer.startsWith(`${prefix}/`);

/**
 * Each finding at the item it is about: of the items read from the finding's file, the one whose
 * source pointer is the longest prefix of the finding's. Findings in no item (a rule file, an
 * option list, a file's top) are left to the list at the top. Keyed by `file#pointer`.
 */
export function findingsByItem(findings: readonly PreviewFinding[], items: Iterable<Pick<ViewItem, "source">>): Map<string, PreviewFinding[]> {
  const byFile = new Map<string, Set<string>>();
  for (const { source } of items) {
    let pointers = byFile.get(source.file);
    if (!pointers) byFile.set(source.file, (pointers = new Set()));
    pointers.add(source.pointer);
  }
  const placed = new Map<string, PreviewFinding[]>();
  for (const finding of findings) {
    if (!finding.path.startsWith(DEFINITIONS)) continue;
    const file = finding.path.slice(DEFINITIONS.length);
    let best: string | undefined;
    for (const pointer of byFile.get(file) ?? []) {
      if (isWithin(finding.pointer, pointer) && (best === undefined || pointer.length > best.length)) best = pointer;
    }
    if (best === undefined) continue;
    const id = sourceId({ file, pointer: best });
    placed.set(id, [...(placed.get(id) ?? []), finding]);
  }
  return placed;
}

/** The findings placed at an item (`findingsByItem`). */
export const findingsAt = (placed: Map<string, PreviewFinding[]>, source: Source): PreviewFinding[] => placed.get(sourceId(source)) ?? [];

/** Every item of some pages, inside sections, tabs and blocks. */
export function* everyItem(items: readonly ViewItem[]): Generator<ViewItem> {
  for (const view of items) {
    yield view;
    yield* everyItem([...(view.children ?? []), ...(view.tabs ?? []).flatMap((tab) => tab.items), ...(view.blocks ?? []).flat()]);
  }
}

/** "2 errors, 1 warning". */
export function findingsCount(findings: readonly PreviewFinding[]): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  return `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
}
