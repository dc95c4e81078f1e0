import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { testsImporting, testsReadingDefinitions } from "./definition-readers";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "readers-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("the tests run again with staff's edits", () => {
  it("are those whose imports reach the definitions, however many files away", () => {
    const root = project({
      "form-definitions/institution.json": "{}",
      "src/definitions/files.ts": "export const read = () => 1;",
      "src/server/form.ts": 'import { read } from "../definitions/files";\nexport const form = read;',
      "src/server/app.ts": 'export { form } from "./form.ts";',
      "tests/server/api.test.ts": 'import { form } from "../../src/server/app";',
      "src/client/institution.ts": 'import settings from "../../form-definitions/institution.json";',
      "src/client/Footer.tsx": 'import "./institution";',
      "src/client/Footer.test.tsx": 'import { Footer } from "./Footer";',
      "src/client/model.ts": 'const all = import.meta.glob<unknown>("../../form-definitions/**/*.json", { eager: true });',
      "src/client/model.test.ts": 'const model = await import("./model");',
      "src/client/pages.ts": 'import pages from "virtual:pages";',
      "src/client/pages.test.ts": 'import { pages } from "./pages.ts";',
      // b.test.ts reaches them through a, which imports b back.
      "src/server/a.ts": 'import { b } from "./b";\nimport { form } from "./form";',
      "src/server/b.ts": 'import { a } from "./a";',
      "src/server/b.test.ts": 'import { b } from "./b";',
    });
    expect(testsReadingDefinitions(root)).toEqual(["src/client/Footer.test.tsx", "src/client/model.test.ts", "src/client/pages.test.ts", "src/server/b.test.ts", "tests/server/api.test.ts"]);
  });

  it("leave out tests whose imports never reach them, also through a cycle", () => {
    const root = project({
      "form-definitions/institution.json": "{}",
      "src/engine/a.ts": 'import { b } from "./b";\nexport const a = 1;',
      "src/engine/b.ts": 'import { a } from "./a";\nexport const b = 2;',
      "src/engine/a.test.ts": 'import { a } from "./a";\nimport fixture from "./fixtures/form-definitions.json";',
      "src/server/convert/png.test.ts": 'import { readFileSync } from "node:fs";\nimport sharp from "sharp";',
    });
    expect(testsReadingDefinitions(root)).toEqual([]);
  });
});

describe("npm run test:changed", () => {
  it("runs the changed tests and those that import a changed file themselves, not through another", () => {
    const root = project({
      "src/server/keys.ts": "export const key = 1;",
      "src/server/keys.test.ts": 'import { key } from "./keys";',
      "src/server/routes.ts": 'import { key } from "./keys.ts";\nexport const routes = key;',
      "src/server/app.ts": 'import { routes } from "./routes";',
      "tests/server/api.test.ts": 'import { routes } from "../../src/server/app";',
      "tests/server/routes.test.ts": 'import { routes } from "../../src/server/routes";',
      "src/server/other.test.ts": 'import { key } from "./elsewhere";',
    });
    expect(testsImporting(root, ["src/server/keys.ts"])).toEqual(["src/server/keys.test.ts"]);
    expect(testsImporting(root, ["src/server/routes.ts", "src/server/other.test.ts"])).toEqual(["src/server/other.test.ts", "tests/server/routes.test.ts"]);
    expect(testsImporting(root, ["README.md"])).toEqual([]);
  });
});
