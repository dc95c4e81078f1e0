// The admission cycle (institution.json `cycle`) as staff roll it over: the definitions and rules
// say { "cycleTerm": true }, so a copy whose cycle alone moves on a year passes the linter and
// applies the old term's rules to the new term. Every expectation is read from the definitions.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import completeAnswers from "../../examples/answers/complete.json";
import { readProject, repoRoot } from "../definitions/files";
import { lintDefinitions } from "../definitions/lint";
import { loadForm } from "./compile";
import { cycleTermOptions, longDate, withCycleTerm, type Cycle } from "./cycle";
import { evaluateAnswers, validateAnswers, type Answers, type CompiledForm } from "./runtime";

const shipped = readProject();
const cycle = shipped.form.institution.institution.cycle!;
const plans = Object.entries(cycle.deadlines);
const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
const nextTerm = (code: string) => code.replace(/\d+$/, (yy) => String(Number(yy) + 1).padStart(yy.length, "0"));
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The cycle a year on, as the staff guide's rollover recipe writes it. */
const rolled: Cycle = {
  term: nextTerm(cycle.term),
  termLabel: cycle.termLabel.replace(/\d{4}/, (year) => String(Number(year) + 1)),
  opens: nextYear(cycle.opens),
  laterTerms: cycle.laterTerms?.map((t) => ({ value: nextTerm(t.value), label: t.label.replace(/\d{4}/, (year) => String(Number(year) + 1)) })),
  deadlines: Object.fromEntries(plans.map(([plan, day]) => [plan, nextYear(day)])),
};
/** The first plan still open on `today`. */
const openPlan = (c: Cycle, today: string) => Object.entries(c.deadlines).find(([, day]) => day >= today)![0];

describe("the cycle's term", () => {
  it("replaces every { cycleTerm: true } in a rule, and leaves a rule without one as it is", () => {
    const rule = { if: { properties: { entry_term: { const: { cycleTerm: true } }, x: { enum: ["A", { cycleTerm: true }] } } } };
    expect(withCycleTerm(rule, "FA27")).toEqual({ if: { properties: { entry_term: { const: "FA27" }, x: { enum: ["A", "FA27"] } } } });
    const plain = { required: ["a"] };
    expect(withCycleTerm(plain, "FA27")).toBe(plain);
  });

  it("offers the cycle's term first, then its later terms, as the entry term's options", () => {
    const form = loadForm(shipped.form);
    const options = form.owners.get("entry_term")!.item.options;
    expect(options).toEqual({ kind: "list", options: cycleTermOptions(cycle) });
    expect(cycleTermOptions(cycle)[0]).toEqual({ value: cycle.term, label: cycle.termLabel });
  });
});

describe("each application plan's deadline", () => {
  const today = plans[0]![1];
  let form: CompiledForm;
  beforeAll(() => { form = loadForm(shipped.form, { today }); });
  const answers = (plan: string): Answers => ({ ...(completeAnswers as Answers), entry_term: cycle.term, decision_type: plan });

  it.each(plans)("takes %s on its last day, %s, and refuses it the day after, saying when it closed", (plan, deadline) => {
    expect(validateAnswers(form, answers(plan), { today: deadline }).decision_type).toBeUndefined();
    expect(validateAnswers(form, answers(plan), { today: dayAfter(deadline) }).decision_type)
      .toEqual([`The deadline for this choice was ${longDate(deadline)}. Please choose another.`]);
  });

  it("judges deadlines on the day it is given apart from the day the date rules count from", () => {
    const [plan, deadline] = plans[0]!;
    expect(validateAnswers(form, answers(plan), { today: dayAfter(deadline), deadlineDay: deadline }).decision_type).toBeUndefined();
  });
});

describe("rolling the cycle over by editing `cycle` alone", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "rollover-"));
    for (const dir of ["form-definitions", "schemas"]) cpSync(join(repoRoot, dir), join(root, dir), { recursive: true });
    const path = join(root, "form-definitions/institution.json");
    const file = JSON.parse(readFileSync(path, "utf8")) as { institution: { cycle: Cycle } };
    file.institution.cycle = rolled;
    writeFileSync(path, JSON.stringify(file, null, 2));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("passes the linter", () => {
    expect(lintDefinitions(root).findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("applies the old term's rules to the new term, and not to the old term's code", () => {
    const today = dayAfter(Object.values(cycle.deadlines).sort().at(-1)!);
    const form = loadForm(readProject(root).form, { today });
    const plan = openPlan(rolled, today);
    const complete: Answers = { ...(completeAnswers as Answers), entry_term: rolled.term, entry_term_desc: rolled.termLabel, decision_type: plan };
    expect(validateAnswers(form, complete, { today })).toEqual({});
    expect(evaluateAnswers(form, complete).cleared).toEqual([]);
    // The plan question is asked, and required, for the new term.
    const noPlan = validateAnswers(form, { ...complete, decision_type: "", decision_type_desc: "" }, { today });
    expect(noPlan.decision_type).toEqual(["Application Plan is required."]);
    // A later term is not this cycle's: no plan is asked, and the one given is cleared.
    const later = rolled.laterTerms![0]!;
    expect(evaluateAnswers(form, { ...complete, entry_term: later.value }).cleared).toContain("decision_type");
    // The old term's code is no longer offered.
    expect(validateAnswers(form, { ...complete, entry_term: cycle.term }, { today }).entry_term).toEqual(["Please choose one of the answers offered."]);
  });
});
