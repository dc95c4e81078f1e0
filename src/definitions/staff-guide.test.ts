// docs/staff-guide.md cannot drift: its reference is the format's, every JSON example in it is JSON,
// and its recipes' "after" blocks, applied to a copy of the definitions in order, pass the linter
// and do what the recipes say.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ITEM_TYPES, checklistFor, evaluateAnswers, validateAnswers, validateEvaluation, type Answers } from "../engine/runtime";
import { loadForm } from "../engine/compile";
import { readProject, repoRoot } from "./files";
import { lintDefinitions } from "./lint";
import { versionChanges } from "./version-changes";
import { comparedVersion } from "./version-file";
import { renderReference, renderSchemaMessages, STAFF_GUIDE, withGenerated } from "./staff-guide";
import { SPAWNING_MS, tsxArguments } from "../../tests/support/spawning";

const run = promisify(execFile);
const guide = readFileSync(join(repoRoot, STAFF_GUIDE), "utf8");
const formatSchema = JSON.parse(readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8")) as object;

/** The ```json blocks, each with the `<!-- check: … -->` line just before it, if any. */
function jsonBlocks(text: string): { check?: string[]; source: string }[] {
  const blocks = [...text.matchAll(/(?:<!-- check: (.+?) -->\n)?```json\n([\s\S]*?)```/g)];
  return blocks.map((match) => ({ check: match[1]?.split(" "), source: match[2]! }));
}

type Json = Record<string, unknown> | unknown[];

function at(document: Json, pointer = ""): Json {
  return pointer.split("/").slice(1).reduce<Json>((node, part) => (node as Record<string, Json>)[part]!, document);
}

/** The list holding the item whose key or id is `name`, and its place there. */
function placeOf(node: unknown, name: string): { list: unknown[]; index: number } | undefined {
  if (Array.isArray(node)) {
    const index = node.findIndex((item) => typeof item === "object" && item !== null && ((item as { key?: string }).key === name || (item as { id?: string }).id === name));
    if (index >= 0) return { list: node, index };
  }
  if (typeof node !== "object" || node === null) return undefined;
  for (const child of Object.values(node)) {
    const found = placeOf(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Applies one recipe's "after" block to the copy at `root`, as its check line says. */
function apply(root: string, [operation, path, where]: string[], value: Json) {
  const file = join(root, path!);
  const document = operation === "write" ? value : (JSON.parse(readFileSync(file, "utf8")) as Json);
  const place = () => placeOf(document, where!) ?? expect.fail(`${path} has no item "${where}"`);
  switch (operation) {
    case "write": break;
    case "merge": Object.assign(at(document, where), value); break;
    case "append": (at(document, where!) as unknown[]).push(value); break;
    case "replace": {
      const parent = where!.slice(0, where!.lastIndexOf("/"));
      (at(document, parent) as Record<string, unknown>)[where!.slice(where!.lastIndexOf("/") + 1)] = value;
      break;
    }
    case "insert-after": { const { list, index } = place(); list.splice(index + 1, 0, value); break; }
    case "insert-before": { const { list, index } = place(); list.splice(index, 0, value); break; }
    case "replace-item": { const { list, index } = place(); list.splice(index, 1, value); break; }
    default: expect.fail(`unknown check "${operation}" in ${STAFF_GUIDE}`);
  }
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
}

/** What npm run -s answers:check prints for a sample of the project at `root`, on the day its cycle opens (every plan open). */
function answersCheck(root: string, sample: string): string {
  const files = readProject(root).form;
  const today = files.institution.institution.cycle!.opens;
  const form = loadForm(files, { today });
  const evaluation = evaluateAnswers(form, JSON.parse(readFileSync(join(root, "examples/answers", sample), "utf8")) as Answers);
  return JSON.stringify({ errors: validateEvaluation(form, evaluation, today), cleared: evaluation.cleared });
}

describe("the staff guide", () => {
  it("has the format's reference (run npm run generate:schemas after changing schemas/form-definition.schema.json)", () => {
    expect(guide).toBe(withGenerated(guide, "reference", renderReference(formatSchema)));
  });

  it("lists the linter's sentence for every mistake of form (run npm run generate:schemas after changing lint/schema-messages.ts)", () => {
    expect(guide).toBe(withGenerated(guide, "schema-messages", renderSchemaMessages()));
    expect(guide).toContain('| `"11/30/2026" is not a date: write dates as YYYY-MM-DD, e.g. 2026-11-01` |');
  });

  it("describes every item type and every operator", () => {
    for (const type of ITEM_TYPES) expect(guide).toContain(`#### \`${type}\``);
    for (const op of ["equals", "notEquals", "lt", "lte", "gt", "gte", "in", "notIn", "startsWith", "answered", "notAnswered"]) expect(guide).toContain(`| \`${op}\` |`);
  });

  it("gives JSON a staff member can copy: every example parses", () => {
    const blocks = jsonBlocks(guide);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(() => JSON.parse(block.source), block.source).not.toThrow();
  });

  it("ends every recipe with npm run preview and answers:check", () => {
    const recipes = guide.slice(guide.indexOf("## Recipes"), guide.indexOf("## When the linter complains")).split("\n### ").slice(1);
    expect(recipes.length).toBe(12);
    for (const recipe of recipes) expect(recipe, recipe.slice(0, 40)).toContain("npm run -s answers:check -- ");
    for (const recipe of recipes.filter((part) => part.includes("<!-- check:"))) expect(recipe, recipe.slice(0, 40)).toContain("npm run preview");
  });

  it("quotes what the linter says when the data model step is forgotten", () => {
    const root = mkdtempSync(join(tmpdir(), "staff-guide-"));
    try {
      for (const folder of ["form-definitions", "schemas"]) cpSync(join(repoRoot, folder), join(root, folder), { recursive: true });
      const [first] = jsonBlocks(guide).filter((block) => block.check);
      apply(root, first!.check!, JSON.parse(first!.source) as Json);
      const errors = lintDefinitions(root).findings.filter((f) => f.severity === "error");
      expect(errors.length).toBeGreaterThan(0);
      // The message, not its place: an item added above the recipe's moves the line and the pointer.
      for (const error of errors) expect(guide).toContain(`: ${error.message} (`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  describe("its recipes, applied in order to a copy of the definitions", () => {
    let root: string;
    /** What answers:check printed for the complete sample just before the first recipe that edits it. */
    let firstCheck: string | undefined;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), "staff-guide-"));
      for (const folder of ["form-definitions", "schemas", "examples"]) cpSync(join(repoRoot, folder), join(root, folder), { recursive: true });
      for (const block of jsonBlocks(guide)) {
        if (!block.check) continue;
        if (block.check[1]!.startsWith("examples/")) firstCheck ??= answersCheck(root, "complete.json");
        apply(root, block.check, JSON.parse(block.source) as Json);
      }
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("pass the linter", () => {
      const { findings } = lintDefinitions(root);
      expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    });

    it("ask the new questions, hide the roommate question from someone living off campus, require what the rules say, and change the limits", () => {
      const form = loadForm(readProject(root).form, { today: "2027-10-01" });
      expect(evaluateAnswers(form, { housing: "N", housing_roommate: "Y" }).answers.housing_roommate).toBe("");
      const errors = validateAnswers(form, { housing: "Y", language_name: "Spanish", language_fluency: "FLUENT" }, { today: "2027-10-01" });
      expect(errors.housing_roommate).toEqual(["Please tell us whether you would like us to find you a roommate."]);
      expect(errors.heard_about).toEqual(["Please tell us how you first heard about us."]);
      expect(errors.language_name).toBeUndefined();
      expect(form.institution.cycle?.term).toBe("FA27");
      expect(validateAnswers(form, { personal_statement_essay: "x".repeat(6501) }, { today: "2027-10-01" }).personal_statement_essay)
        .toEqual(["Please shorten this answer to 6500 characters or fewer."]);
      // The checklist's new item, for international applicants only.
      const listed = (answers: Answers) => checklistFor(form, answers).map((item) => item.id);
      expect(listed({ citizenship_us: "N" })).toContain("finances");
      expect(listed({ citizenship_us: "Y" })).not.toContain("finances");
    });

    it("make answers:check name the questions the new rules require, as the guide quotes it", () => {
      type Check = { errors: Record<string, string[]> };
      const quoted = JSON.parse(/^\{"errors":\{"heard_about".*$/m.exec(guide)![0]) as Check;
      const printed = JSON.parse(firstCheck!) as Check;
      expect(Object.keys(quoted.errors)).toEqual(["heard_about", "housing_roommate"]);
      // The questions the recipes added, as the guide quotes them; the sample may miss others where
      // staff have changed more (a rollover leaves its entry term behind, as that recipe says).
      for (const [key, messages] of Object.entries(quoted.errors)) expect(printed.errors[key], key).toEqual(messages);
    });

    it("leave the sample answer sets complete on a day of the new cycle, as answers:check says", async () => {
      for (const sample of ["complete.json", "minimal.json"]) {
        const { stdout } = await run(process.execPath, tsxArguments("scripts/answers-check.ts", "--root", root, "--today", "2027-10-01", join(root, "examples/answers", sample)), { cwd: repoRoot });
        expect(stdout, sample).toBe('{"errors":{},"cleared":[]}\n');
      }
    }, SPAWNING_MS);

    it("quote the linter's count of a choice removed and of a rollover", () => {
      const today = "2027-10-01";
      const after = readProject(root).form;
      // Before "Remove a choice": the list as "Add a list of choices" wrote it.
      const written = jsonBlocks(guide).find((block) => block.check?.[0] === "write")!;
      const before = { ...after, optionLists: { ...after.optionLists, [written.check![1]!.replace("form-definitions/", "")]: JSON.parse(written.source) as never } };
      const removed = versionChanges(comparedVersion(before, today), comparedVersion(after, today), today);
      expect(removed.map((c) => `${c.class}: ${c.text}`)).toEqual(['needs applicants: Option "Online" (ONLINE) removed from "How did you first hear about us?" (heard_about)']);
      // The rollover: the cycle the recipe shows before, then the one it writes.
      const blocks = jsonBlocks(guide);
      const rollover = blocks.findIndex((block) => block.check?.join(" ") === "replace form-definitions/institution.json /institution/cycle");
      const institution = after.institution.institution;
      const lastCycle = { ...after, institution: { ...after.institution, institution: { ...institution, cycle: JSON.parse(blocks[rollover - 1]!.source) as never } } };
      const rolled = versionChanges(comparedVersion(lastCycle, today), comparedVersion(after, today), today)
        .filter((c) => c.class === "needs applicants" && c.text.includes("(entry_term)"));
      expect(rolled.length).toBeGreaterThan(0);
      for (const change of rolled) expect(guide).toContain(`needs applicants: ${change.text} — `);
      for (const change of removed) expect(guide).toContain(`${change.class}: ${change.text} — `);
    });
  });
});
