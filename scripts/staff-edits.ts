// npm run -s staff-edits -- DIR
// Copies the project to DIR (without node_modules, dist and data; node_modules is linked) and makes
// there the three edits admissions staff make every year: the cycle rolled over to the next term,
// the banner's text and days changed, and a question's label reworded. CI runs the tests in that
// copy (.ci/run): a test that breaks there hard-codes a shipped text or code instead of reading it
// from the definitions, and would break the first time staff do their job.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, findNodeAtLocation, modify, parseTree, type JSONPath } from "jsonc-parser";
import { repoRoot } from "../src/definitions/files";
import type { InstitutionFile } from "../src/engine/runtime";

/** Two wordings for each text edit: the first that differs from what the file says is used, so a copy of a copy changes too. */
const BANNER_TEXTS = [
  "Our office is closed for the holiday; applications submitted online are received as usual.",
  "Decisions for early applicants will be posted in mid-December.",
];
const differentFrom = (current: unknown, wordings: string[]) => wordings.find((wording) => wording !== current)!;

/**
 * The banner the copy shows: from a week before today to two months after, so the tests that
 * expect no banner today meet one, and those that expect the shipped one on its days meet none.
 */
export function editedBanner(currentText: unknown, today = new Date()): { from: string; to: string; text: string } {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-7), to: day(60), text: differentFrom(currentText, BANNER_TEXTS) };
}

/** The question whose label is reworded: the About You page's first question, which many tests fill. */
export const RELABELED = { file: "form-definitions/about.json", key: "first_name", labels: ["Given Name", "Forename"] };

const LEFT_OUT = new Set(["node_modules", "dist", "data", "coverage", ".git", ".vite", "tmp"]);

/** A copy of `from` at `to` that shares `from`'s node_modules. */
export function copyProject(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const path = relative(from, source);
      return path === "" || !LEFT_OUT.has(path.split("/")[0]!);
    },
  });
  symlinkSync(join(from, "node_modules"), join(to, "node_modules"), "dir");
}

/** One edit of a JSON file in place, keeping the rest of its text as staff wrote it. */
function setJson(root: string, file: string, path: JSONPath, value: unknown): void {
  const text = readFileSync(join(root, file), "utf8");
  const edits = modify(text, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  writeFileSync(join(root, file), applyEdits(text, edits));
}

function readJson(root: string, file: string): unknown {
  return JSON.parse(readFileSync(join(root, file), "utf8"));
}

/** "FA26" → "FA27", "Fall 2026" → "Fall 2027", "2026-11-01" → "2027-11-01". */
export function nextYear(text: string): string {
  const code = /^([A-Z]+)(\d{2})$/.exec(text);
  if (code) return `${code[1]}${String((Number(code[2]) + 1) % 100).padStart(2, "0")}`;
  return text.replace(/\b(\d{4})\b/g, (year) => String(Number(year) + 1));
}

/** (a) A new term: `cycle` one year on, and nothing else (docs/definitions-reference.md, "Rolling over to a new cycle"). */
export function rollCycleOver(root: string): string {
  const file = "form-definitions/institution.json";
  const cycle = (readJson(root, file) as InstitutionFile).institution.cycle;
  if (!cycle) throw new Error(`${file} has no "cycle"`);
  // Value by value, so the file keeps the layout staff gave it.
  setJson(root, file, ["institution", "cycle", "term"], nextYear(cycle.term));
  setJson(root, file, ["institution", "cycle", "termLabel"], nextYear(cycle.termLabel));
  setJson(root, file, ["institution", "cycle", "opens"], nextYear(cycle.opens));
  for (const [i, later] of (cycle.laterTerms ?? []).entries()) {
    setJson(root, file, ["institution", "cycle", "laterTerms", i, "value"], nextYear(later.value));
    setJson(root, file, ["institution", "cycle", "laterTerms", i, "label"], nextYear(later.label));
  }
  for (const [plan, day] of Object.entries(cycle.deadlines)) setJson(root, file, ["institution", "cycle", "deadlines", plan], nextYear(day));
  const next = { term: nextYear(cycle.term), termLabel: nextYear(cycle.termLabel) };
  return `${file}: cycle ${cycle.term} → ${next.term} (${next.termLabel}), deadlines one year on`;
}

/** (b) The banner's text and days changed. */
export function changeBanner(root: string): string {
  const file = "form-definitions/institution.json";
  const banner = editedBanner((readJson(root, file) as InstitutionFile).institution.banner?.text);
  setJson(root, file, ["institution", "banner"], banner);
  return `${file}: banner "${banner.text}" from ${banner.from} to ${banner.to}`;
}

/** (c) One question's label reworded: the first item of the page asking `key`. */
export function relabel(root: string, { file, key, labels }: typeof RELABELED): string {
  const text = readFileSync(join(root, file), "utf8");
  const path = pathOfKey(parseTree(text), key, []);
  if (!path) throw new Error(`${file} asks no question "${key}"`);
  const old = findNodeAtLocation(parseTree(text)!, [...path, "label"])?.value as string;
  const label = differentFrom(old, labels);
  setJson(root, file, [...path, "label"], label);
  return `${file}: "${key}" labelled "${label}" (was "${old}")`;
}

type Node = ReturnType<typeof parseTree>;
function pathOfKey(node: Node, key: string, path: JSONPath): JSONPath | undefined {
  if (!node) return undefined;
  if (node.type === "object") {
    const own = node.children?.find((p) => p.children?.[0]?.value === "key");
    if (own?.children?.[1]?.value === key) return path;
    for (const property of node.children ?? []) {
      const found = pathOfKey(property.children?.[1], key, [...path, property.children![0]!.value as string]);
      if (found) return found;
    }
  }
  if (node.type === "array") {
    for (const [i, child] of (node.children ?? []).entries()) {
      const found = pathOfKey(child, key, [...path, i]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The three edits, each a separate change as staff would make it; a line saying what each changed. */
export function applyStaffEdits(root: string): string[] {
  return [rollCycleOver(root), changeBanner(root), relabel(root, RELABELED)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir || rest.length > 0) {
    process.stderr.write("usage: npm run -s staff-edits -- DIR\n");
    process.exitCode = 2;
  } else {
    const to = resolve(dir);
    if (existsSync(to) && readdirSync(to).length > 0 && !existsSync(join(to, "package.json"))) {
      process.stderr.write(`${to} exists and is not a copy of the project; pick an empty or new directory\n`);
      process.exitCode = 2;
    } else {
      copyProject(repoRoot, to);
      for (const line of applyStaffEdits(to)) process.stdout.write(`${line}\n`);
    }
  }
}
