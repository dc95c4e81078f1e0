// For the linter's tests: copies of tests/fixtures/lint/base with some files replaced, linted and
// printed as the command line prints them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../files";
import { formatFinding, lintDefinitions } from "./index";

export const base = join(repoRoot, "tests/fixtures/lint/base");
export const basePage = JSON.parse(readFileSync(join(base, "form-definitions/page.json"), "utf8")) as { items: object[] };
const roots: string[] = [];

/** Deletes the copies made so far; tests call it after each case. */
export function removeFixtures() {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** The base fixture with some files replaced: JSON values are written pretty, strings as they are. */
export function fixture(files: Record<string, object | string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "lint-"));
  roots.push(root);
  cpSync(base, root, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    writeFileSync(join(root, path), typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}

/** The base page with its items changed. */
export const page = (change: (items: object[]) => object[]) => ({
  "form-definitions/page.json": { ...basePage, items: change(structuredClone(basePage.items)) },
});

export function lint(root: string, format: "text" | "github" = "text"): string[] {
  const { findings, sources } = lintDefinitions(root);
  return findings.map((f) => formatFinding(f, sources, format));
}
