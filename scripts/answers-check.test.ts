import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readProject, repoRoot } from "../src/definitions/files";
import { basePage, fixture, removeFixtures } from "../src/definitions/lint/fixture";
import { loadForm } from "../src/engine/compile";
import { validateAnswers, type Answers } from "../src/engine/runtime";
import { completeAnswers, minimalAnswers } from "../tests/support/answer-sets";
import { definitions } from "../tests/support/definitions";
import { runCommand, runScript } from "../tests/support/commands";
import { SPAWNING_MS } from "../tests/support/spawning";
import { answersCheckCommand } from "./answers-check";

const TODAY = "2026-11-22";
const dir = mkdtempSync(join(tmpdir(), "answers-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  removeFixtures();
});

function answersFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** npm run answers:check -- …args, in this process. */
const check = (...args: string[]) => runCommand("answers:check", answersCheckCommand, args);

/** The same, as a process of its own, as staff run it (from the project at `project`). */
const checkInItsOwnProcess = (args: string[], project = repoRoot) => runScript(join(project, "scripts/answers-check.ts"), args);

describe("npm run answers:check", () => {
  it("exits 0, with no errors and nothing cleared, for the complete application (examples/answers/complete.json)", async () => {
    const file = answersFile("complete.json", JSON.stringify(completeAnswers(definitions(), TODAY)));
    const result = await checkInItsOwnProcess(["--today", TODAY, file]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(result.stdout)).toEqual({ errors: {}, cleared: [] });
  }, SPAWNING_MS);

  it("runs when started through a symbolic link to the project (a deployment's current/), not ending at once with exit 0", async () => {
    const link = join(dir, "current");
    symlinkSync(repoRoot, link);
    const result = await checkInItsOwnProcess(["--today", TODAY, answersFile("empty.json", "{}")], link);
    expect(result).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(result.stdout).errors).toHaveProperty("first_name");
  }, SPAWNING_MS);

  it("exits 0 for the minimal answer set (examples/answers/minimal.json)", async () => {
    const file = answersFile("minimal.json", JSON.stringify(minimalAnswers(definitions())));
    const result = await check("--today", TODAY, file);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(result.stdout)).toEqual({ errors: {}, cleared: [] });
  });

  it("exits 1 when the answer set has errors, printing them", async () => {
    const { last_name: _, ...answers } = completeAnswers(definitions(), TODAY);
    const result = await check("--today", TODAY, answersFile("no-last-name.json", JSON.stringify(answers)));
    expect(result).toMatchObject({ code: 1, stderr: "" });
    expect(JSON.parse(result.stdout)).toEqual({ errors: { last_name: ["Last Name is required."] }, cleared: [] });
  });

  it("reports a choice its question does not offer, as the server refuses it", async () => {
    const file = answersFile("unoffered.json", JSON.stringify({ conviction: "X", country: "USA", state: "ZZ", first_name: "Ana" }));
    const result = await check("--today", TODAY, file);
    expect(result.code).toBe(1);
    const { errors } = JSON.parse(result.stdout) as { errors: Record<string, string[]> };
    expect(errors.conviction).toContain("Please choose one of the answers offered.");
    expect(errors.state).toContain("Please choose one of the answers offered.");
    expect(errors.first_name).toBeUndefined();
  });

  it("prints exactly one JSON object with the spec's messages and the answers visibility would clear", async () => {
    const file = answersFile("some.json", JSON.stringify({
      first_name: "Ana", birth_date: "2015-06-01", country: "USA", zip: "123",
      mailing_addr_same_as_perm_addr: "Y", mailing_city: "Erie",
    }));
    const result = await check("--today", TODAY, file);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    const { errors, cleared } = JSON.parse(result.stdout) as { errors: Record<string, string[]>; cleared: string[] };
    expect(errors.birth_date).toEqual(["You must be 13 years or older to apply."]);
    expect(errors.zip).toEqual(["ZIP/Postal Code must be at least 5 characters."]);
    expect(errors.last_name).toEqual(["Last Name is required."]);
    expect(errors.first_name).toBeUndefined();
    expect(errors.mailing_city).toBeUndefined();
    expect(cleared).toEqual(["mailing_city"]);
  });

  it("says a missing file is missing, on one line, and exits 2", async () => {
    const result = await check(join(dir, "nope.json"));
    expect(result).toEqual({ code: 2, stdout: "", stderr: `${join(dir, "nope.json")} does not exist\n` });
    expect(await check(dir)).toEqual({ code: 2, stdout: "", stderr: `${dir} is a folder, not a file\n` });
  });

  it("exits 2 on definitions that do not lint, printing the linter's lines, not a stack trace", async () => {
    // A page copied beside its original: the engine would throw on every key it asks again.
    const root = fixture({ "form-definitions/page-fr.json": basePage });
    const result = await check("--root", root, answersFile("empty.json", "{}"));
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: [
        'form-definitions/page-fr.json:3:3: page "about" is also form-definitions/page.json: this copy asks its 14 answer keys and 2 group ids again; give the copy its own "page", "route" and answer keys, or keep it outside form-definitions/ until then (/page)',
        "answers:check: the definitions have 1 error; fix them first (npm run lint:definitions), then check the answers again",
        "",
      ].join("\n"),
    });
  });

  it("checks against the definitions at --root, and refuses a --root without any", async () => {
    expect(await check("--root", fixture(), answersFile("empty.json", "{}"))).toEqual({ code: 1, stdout: '{"errors":{"first_name":["First Name is required."]},"cleared":[]}\n', stderr: "" });
    expect(await check("--root", dir, answersFile("empty.json", "{}"))).toEqual({ code: 2, stdout: "", stderr: `${dir} has no form-definitions/ folder: give --root the project's folder\n` });
  });

  it("says malformed JSON is malformed, on one line, and exits 2", async () => {
    const file = answersFile("broken.json", '{"first_name": "Ana",');
    const result = await check(file);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(new RegExp(`^${file}: not valid JSON \\(.+\\)\\n$`));
  });

  it("refuses an answer set that is not one object, and a bad --today", async () => {
    expect(await check(answersFile("list.json", "[1, 2]"))).toMatchObject({ code: 2, stderr: expect.stringContaining("must hold one JSON object of answer keys") });
    expect(await check("--today", "22/11/2026", answersFile("empty.json", "{}"))).toMatchObject({ code: 2, stderr: expect.stringContaining("--today takes a date as YYYY-MM-DD") });
  });
});

describe("examples/answers/minimal.json", () => {
  it("answers only what must be answered: without any one of its answers, the application has an error", () => {
    const form = loadForm(readProject().form, { today: TODAY });
    const minimal = minimalAnswers(form);
    expect(validateAnswers(form, minimal, { today: TODAY })).toEqual({});
    const needed = Object.keys(minimal).filter((key) => !key.endsWith("_desc"));
    const unneeded = needed.filter((key) => {
      const without: Answers = { ...minimal, [key]: "", [`${key}_desc`]: "" };
      return Object.keys(validateAnswers(form, without, { today: TODAY })).length === 0;
    });
    expect(unneeded).toEqual([]);
  });

  it("is smaller than the complete application by far", () => {
    expect(Object.keys(minimalAnswers(definitions())).length * 3).toBeLessThan(Object.keys(completeAnswers(definitions(), TODAY)).length);
  });
});
