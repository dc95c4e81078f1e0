// docs/staff-guide.md cannot drift: its reference is the format's, every JSON example in it is JSON,
// and its recipes' "after" blocks, applied to a copy of the definitions in order, pass the linter
// and do what the recipes say.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ITEM_TYPES, evaluateAnswers, validateAnswers } from "../engine/runtime";
import { loadForm } from "../engine/compile";
import { readProject, repoRoot } from "./files";
import { lintDefinitions } from "./lint";
import { renderReference, STAFF_GUIDE, withReference } from "./staff-guide";

const guide = readFileSync(join(repoRoot, STAFF_GUIDE), "utf8");
const formatSchema = JSON.parse(readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8")) as object;

/** The ```json blocks, each with the `<!-- check: … -->` line just before it, if any. */
function jsonBlocks(text: string): { check?: string[]; source: string }[] {
  const blocks = [...text.matchAll(/(?:<!-- check: (.+?) -->\n)?```json\n([\s\S]*?)```/g)];
  return blocks.map((match) => ({ check: match[1]?.split(" "), source: match[2]! }));
}

type Json = Record<string, unknown> | unknown[];

function at(document: Json, pointer: string): Json {
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
    case "merge": Object.assign(at(document, where!), value); break;
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

describe("the staff guide", () => {
  it("has the format's reference (run npm run generate:schemas after changing schemas/form-definition.schema.json)", () => {
    expect(guide).toBe(withReference(guide, renderReference(formatSchema)));
  });

  it("describes every item type and every operator", () => {
    for (const type of ITEM_TYPES) expect(guide).toContain(`#### \`${type}\``);
    for (const op of ["equals", "notEquals", "lt", "lte", "gt", "gte", "in", "notIn", "answered", "notAnswered"]) expect(guide).toContain(`| \`${op}\` |`);
  });

  it("gives JSON a staff member can copy: every example parses", () => {
    const blocks = jsonBlocks(guide);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(() => JSON.parse(block.source), block.source).not.toThrow();
  });

  it("ends every recipe with npm run preview", () => {
    const recipes = guide.split("\n### ").filter((part) => part.includes("<!-- check:"));
    expect(recipes.length).toBe(8);
    for (const recipe of recipes) expect(recipe, recipe.slice(0, 40)).toContain("npm run preview");
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
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), "staff-guide-"));
      for (const folder of ["form-definitions", "schemas"]) cpSync(join(repoRoot, folder), join(root, folder), { recursive: true });
      for (const block of jsonBlocks(guide)) if (block.check) apply(root, block.check, JSON.parse(block.source) as Json);
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
    });
  });
});
