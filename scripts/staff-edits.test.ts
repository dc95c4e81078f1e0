import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToday, assembleForm } from "../src/engine/runtime";
import { readProject } from "../src/definitions/files";
import { lintDefinitions } from "../src/definitions/lint";
import { applyStaffEdits, copyProject, nextYear, RELABELED } from "./staff-edits";

describe("scripts/staff-edits.ts", () => {
  const shipped = readProject().form;
  let from: string;
  let copy: string;
  let lines: string[];
  beforeAll(() => {
    // A small project of our own: the definitions and schemas, plus the folders a copy leaves out.
    from = mkdtempSync(join(tmpdir(), "staff-edits-from-"));
    copy = join(mkdtempSync(join(tmpdir(), "staff-edits-")), "edited");
    for (const dir of ["form-definitions", "schemas"]) cpSync(join(readProject().root, dir), join(from, dir), { recursive: true });
    for (const dir of ["node_modules", "dist", "data"]) {
      mkdirSync(join(from, dir));
      writeFileSync(join(from, dir, "marker"), dir);
    }
    copyProject(from, copy);
    lines = applyStaffEdits(copy);
  });
  afterAll(() => {
    rmSync(from, { recursive: true, force: true });
    rmSync(join(copy, ".."), { recursive: true, force: true });
  });

  it("copies the project without dist and data, and shares its node_modules", () => {
    expect(existsSync(join(copy, "form-definitions/about.json"))).toBe(true);
    expect(existsSync(join(copy, "dist"))).toBe(false);
    expect(existsSync(join(copy, "data"))).toBe(false);
    expect(lstatSync(join(copy, "node_modules")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(copy, "node_modules/marker"), "utf8")).toBe("node_modules");
  });

  it("rolls the cycle over a year, shows a new banner today, and rewords one label, and the linter passes the result", () => {
    const edited = readProject(copy).form;
    const cycle = shipped.institution.institution.cycle!;
    expect(edited.institution.institution.cycle).toEqual({
      term: nextYear(cycle.term),
      termLabel: nextYear(cycle.termLabel),
      opens: nextYear(cycle.opens),
      laterTerms: cycle.laterTerms!.map((t) => ({ value: nextYear(t.value), label: nextYear(t.label) })),
      deadlines: Object.fromEntries(Object.entries(cycle.deadlines).map(([plan, day]) => [plan, nextYear(day)])),
    });
    const banner = edited.institution.institution.banner!;
    expect(banner.text).not.toBe(shipped.institution.institution.banner?.text);
    expect(banner.from <= localToday() && localToday() <= banner.to).toBe(true);
    const question = assembleForm(edited, () => ({})).owners.get(RELABELED.key)!.item.item as { label: string };
    expect(RELABELED.labels).toContain(question.label);
    expect(question.label).not.toBe((assembleForm(shipped, () => ({})).owners.get(RELABELED.key)!.item.item as { label: string }).label);
    expect(lines).toHaveLength(3);
    expect(lintDefinitions(copy).findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("changes the banner and the label again in a copy of the copy", () => {
    const again = join(copy, "..", "again");
    copyProject(copy, again);
    applyStaffEdits(again);
    expect(readProject(again).form.institution.institution.banner!.text).not.toBe(readProject(copy).form.institution.institution.banner!.text);
    const label = (root: string) => (assembleForm(readProject(root).form, () => ({})).owners.get(RELABELED.key)!.item.item as { label: string }).label;
    expect(label(again)).not.toBe(label(copy));
  });

  it("moves codes, labels and dates on by a year", () => {
    expect(["FA26", "SP99", "Fall 2026", "2026-11-01"].map(nextYear)).toEqual(["FA27", "SP00", "Fall 2027", "2027-11-01"]);
  });
});
