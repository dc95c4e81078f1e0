// The lint rules that keep the layers apart, run through the project's own ESLint configuration.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import noImportCycle from "./no-import-cycle.js";

const root = join(import.meta.dirname, "..");

describe("the project's lint configuration", () => {
  const eslint = new ESLint({ cwd: root });
  const messagesOf = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: join(root, file) }))[0]!.messages.map((m) => `${m.ruleId}: ${m.message}`);

  it("refuses an import of scripts/ from src/, tests included", async () => {
    const found = await messagesOf("src/engine/example.test.ts", 'import { median } from "../../scripts/lib/stats";\nmedian([1]);\n');
    expect(found).toContainEqual(expect.stringContaining("import-x/no-restricted-paths: Unexpected path \"../../scripts/lib/stats\" imported in restricted zone. The product never depends on its tooling"));
  });

  it("refuses an engine module that imports the server", async () => {
    const found = await messagesOf("src/engine/example.ts", 'import { loadServerForm } from "../server/form";\nexport const m = loadServerForm;\n');
    expect(found).toContainEqual(expect.stringContaining("The engine is the bottom layer"));
  });

  it("refuses a browser module that imports the server's catalogue or refuse for a value, and allows the codes' type", async () => {
    const refused = "The browser takes the server's catalogue (and the codes) as types only";
    expect(await messagesOf("src/client/example.ts", 'import { messages } from "../api-contract/messages";\nexport const m = messages;\n')).toContainEqual(expect.stringContaining(refused));
    expect(await messagesOf("src/client/example.ts", 'import { refuse } from "../api-contract";\nexport const r = refuse;\n')).toContainEqual(expect.stringContaining(refused));
    expect(await messagesOf("src/client/example.ts", 'import type { ErrorCode } from "../api-contract/messages";\nexport type C = ErrorCode;\n')).toEqual([]);
    expect(await messagesOf("src/client/example.ts", 'import { ApiError } from "../api-contract/errors";\nexport const e = ApiError;\n')).toEqual([]);
  });

  it("refuses a browser module that imports the engine's compile door for a value, and allows a type", async () => {
    expect(await messagesOf("src/client/example.ts", 'import { loadForm } from "../engine/compile";\nexport const f = loadForm;\n'))
      .toContainEqual(expect.stringContaining("engine/compile brings Ajv and the definitions' compiler into the first visit"));
    expect(await messagesOf("src/client/example.ts", 'import type { Expansion } from "../engine/compile";\nexport type E = Expansion;\n')).toEqual([]);
  });
});

describe("architecture/no-import-cycle", () => {
  const dir = mkdtempSync(join(tmpdir(), "cycle-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const linter = new Linter({ configType: "flat", cwd: dir });
  const config = [{
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
    plugins: { architecture: { rules: { "no-import-cycle": noImportCycle } } },
    rules: { "architecture/no-import-cycle": "error" },
  }] as Linter.Config[];
  const lint = (name: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return linter.verify(files[name]!, config, { filename: join(dir, name) }).map((m) => m.message);
  };

  it("refuses a circle made of type-only imports, naming each file on it", () => {
    const found = lint("widget.ts", {
      "widget.ts": 'import type { Frame } from "./frame";\nexport type Widget = { frame: Frame };\n',
      "frame.ts": 'import type { Widget } from "./widget";\nexport type Frame = { widget?: Widget };\n',
    });
    expect(found).toEqual([expect.stringMatching(/^Import cycle: .*widget\.ts → .*frame\.ts → .*widget\.ts\. Move what both need into a module of its own\.$/)]);
  });

  it("refuses a longer circle through a dynamic import", () => {
    const found = lint("a.ts", {
      "a.ts": 'export const load = () => import("./b");\n',
      "b.ts": 'import { c } from "./c";\nexport const b = c;\n',
      "c.ts": 'import { load } from "./a";\nexport const c = load;\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/a\.ts → .*b\.ts → .*c\.ts → .*a\.ts/);
  });

  it("lets two modules share a third without a circle", () => {
    expect(lint("left.ts", {
      "shared.ts": "export const shared = 1;\n",
      "left.ts": 'import { shared } from "./shared";\nimport { right } from "./right";\nexport const left = shared + right;\n',
      "right.ts": 'import { shared } from "./shared";\nexport const right = shared;\n',
    })).toEqual([]);
  });
});
