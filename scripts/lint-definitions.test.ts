import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/definitions/files";
import { fixture, lint, page, removeFixtures } from "../src/definitions/lint/fixture";
import { runCommand } from "../tests/support/commands";
import { SPAWNING_MS, tsxArguments } from "../tests/support/spawning";
import { lintDefinitionsCommand } from "./lint-definitions";

// The rules have their tests beside them in src/definitions/lint/; these check the command line.
afterEach(removeFixtures);

describe("npm run lint:definitions", () => {
  it("prints GitHub annotations with --format github", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "nickname", label: "Nickname" }])), "github");
    expect(lines).toEqual([expect.stringMatching(/^::error file=form-definitions\/page\.json,line=\d+,col=\d+,title=lint-definitions::answer key "nickname" is not in the data model \(schemas\/answers\.schema\.json\) \(\/items\/6\/key\)$/)]);
  });

  it("exits 1 on an error and 0 on a clean project, from the command line", async () => {
    const run = promisify(execFile);
    const cli = tsxArguments("scripts/lint-definitions.ts");
    await expect(run(process.execPath, [...cli, "--root", fixture()], { cwd: repoRoot })).resolves.toMatchObject({ stdout: "" });
    const broken = fixture(page((items) => [...items, { type: "text", key: "nickname", label: "Nickname" }]));
    await expect(run(process.execPath, [...cli, "--root", broken], { cwd: repoRoot })).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('answer key "nickname" is not in the data model'),
      stderr: expect.stringContaining("lint:definitions: 1 error, 0 warnings"),
    });
  }, SPAWNING_MS);

  it("says in one line, never a stack trace, that there is nothing to lint or compare with", async () => {
    const cli = (...args: string[]) => runCommand("lint:definitions", lintDefinitionsCommand, args);
    const empty = mkdtempSync(join(tmpdir(), "lint-empty-"));
    try {
      expect(await cli("--root", empty)).toMatchObject({ code: 2, stdout: "", stderr: `lint:definitions: ${empty} has no form-definitions/ folder: give --root the project's folder\n` });
      expect(await cli("--root", fixture(), "--against", empty)).toMatchObject({
        code: 1,
        stdout: `lint:definitions: ${empty} is a folder, not a file\n`,
        stderr: "lint:definitions: 1 error, 0 warnings\n",
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
