// Which test files read form-definitions/: the ones CI runs again in the copy where staff have made
// their yearly edits (.ci/run, scripts/staff-edits.ts). A test whose imports never reach the
// definitions cannot behave differently there, so it runs once.
//
// Worked out from the imports, followed file by file from each test: a file reads the definitions
// when it imports a file under form-definitions/ (a JSON import or import.meta.glob), a virtual
// module (src/vite-plugins/ builds them from the definitions), or src/definitions/files.ts (what the
// server, the scripts and the tests read the definitions with). A read the imports do not show is
// caught at run time (tests/support/definitions-guard.ts), so the list cannot fall behind.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Test files of the server and client projects (vite.config.ts), from the project root. */
const TEST_ROOTS = ["src", "eslint", "scripts", "tests/server", "tests/support"];
const TEST_FILE = /\.test\.tsx?$/;
const READER = "src/definitions/files.ts";
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*["']([^"']+)["']/g,
];

/** Every test file (path from `root`) whose imports reach the definitions, sorted. */
export function testsReadingDefinitions(root: string): string[] {
  const imports = new Map<string, (string | typeof DEFINITIONS)[]>();
  const importsOfFile = (file: string) => imports.get(file) ?? imports.set(file, importsOf(root, file)).get(file)!;
  const reaches = (test: string): boolean => {
    const seen = new Set([test]);
    const next = [test];
    for (let file = next.pop(); file !== undefined; file = next.pop()) {
      for (const target of importsOfFile(file)) {
        if (target === DEFINITIONS) return true;
        if (!seen.has(target)) {
          seen.add(target);
          next.push(target);
        }
      }
    }
    return false;
  };
  return testFiles(root).filter(reaches);
}

/**
 * The test files among `files` (paths from `root`) and those that import one of them themselves,
 * not through another file: what `npm run test:changed` runs for a change to `files`.
 */
export function testsImporting(root: string, files: string[]): string[] {
  const changed = new Set(files);
  return testFiles(root).filter((test) => changed.has(test) || importsOf(root, test).some((target) => typeof target === "string" && changed.has(target)));
}

const DEFINITIONS = Symbol("the definitions");

function importsOf(root: string, file: string): (string | typeof DEFINITIONS)[] {
  if (file === READER) return [DEFINITIONS];
  const text = readFileSync(join(root, file), "utf8");
  const targets: (string | typeof DEFINITIONS)[] = [];
  for (const pattern of SPECIFIERS) {
    for (const [, specifier] of text.matchAll(pattern)) {
      if (specifier!.startsWith("virtual:")) targets.push(DEFINITIONS);
      else if (specifier!.startsWith(".")) {
        const target = relative(root, resolve(root, dirname(file), specifier!));
        if (target.startsWith("form-definitions/") || target === "form-definitions") targets.push(DEFINITIONS);
        else {
          const source = sourceFile(root, target);
          if (source) targets.push(source);
        }
      }
    }
  }
  return targets;
}

/** The TypeScript file an import names (with or without its ending, or a folder's index). */
function sourceFile(root: string, target: string): string | undefined {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, target.replace(/\.js$/, ".ts"), join(target, "index.ts")];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
}

function testFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "fixtures") walk(path);
      } else if (TEST_FILE.test(entry.name)) found.push(path);
    }
  };
  for (const dir of TEST_ROOTS) if (existsSync(join(root, dir))) walk(dir);
  return found.sort();
}

// `npx tsx tests/support/definition-readers.ts`: the list, a file a line (scripts/test.sh);
// `… --importing FILE…`: testsImporting's (scripts/test-changed.sh).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const [flag, ...files] = process.argv.slice(2);
  console.log((flag === "--importing" ? testsImporting(root, files) : testsReadingDefinitions(root)).join("\n"));
}
