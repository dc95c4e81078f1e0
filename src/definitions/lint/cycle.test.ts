// The cycle's findings: a { "cycleTerm": true } or a cycleTerms list with no cycle to read, and
// deadlines that do not match the plan question's options.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: Record<string, unknown> };
const withCycle = (cycle: object) => ({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, cycle } } });
const cycle = { term: "FA27", termLabel: "Fall 2027", opens: "2027-08-01", deadlines: { Y: "2027-11-01", N: "2028-01-15" } };
const plan = { type: "radio", key: "citizenship", label: "Plan", options: "options/yes-no.json", cycleDeadlines: true };
const onCycleTerm = { key: "citizenship_us", op: "equals", value: { cycleTerm: true } };

describe("the cycle", () => {
  it("refuses { cycleTerm: true } in a condition when institution.json has no cycle", () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "city", label: "City", showWhen: onCycleTerm }])));
    expect(lines).toContainEqual(expect.stringMatching(/^form-definitions\/page\.json:\d+:\d+: \{ "cycleTerm": true \} means the cycle's term, but form-definitions\/institution\.json has no "cycle" \(\/items\/6\/showWhen\)$/));
  });

  it("refuses { cycleTerm: true } in a rule when institution.json has no cycle", () => {
    const rule = { $schema: "http://json-schema.org/draft-07/schema#", allOf: [{ if: { properties: { citizenship_us: { const: { cycleTerm: true } } } }, then: { required: ["city"] } }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rule }));
    expect(lines).toContainEqual(expect.stringMatching(/^schemas\/rules\/basic\.schema\.json:\d+:\d+: \{ "cycleTerm": true \} means the cycle's term, but form-definitions\/institution\.json has no "cycle" \(\/allOf\/0\/if\/properties\/citizenship_us\/const\)$/));
  });

  it("refuses an option list of the cycle's terms when there is no cycle", () => {
    const terms = { $schema: "../../schemas/form-definition.schema.json", cycleTerms: true };
    const lines = lint(fixture({ "form-definitions/options/terms.json": terms, ...page((items) => [...items, { type: "select", key: "city", label: "Term", options: "options/terms.json" }]) }));
    expect(lines).toContainEqual(expect.stringContaining(`option list "options/terms.json" lists the cycle's terms, but form-definitions/institution.json has no "cycle" (/items/6/options)`));
  });

  it("reads { cycleTerm: true } as the cycle's term once there is one", () => {
    const lines = lint(fixture({ ...withCycle(cycle), ...page((items) => [...items, { type: "text", key: "city", label: "City", showWhen: onCycleTerm }]) }));
    expect(lines.filter((line) => line.includes("cycleTerm"))).toEqual([]);
  });

  it("asks for a deadline for every plan, and refuses a deadline for a plan not offered", () => {
    const missing = lint(fixture({ ...withCycle({ ...cycle, deadlines: { Y: "2027-11-01" } }), ...page((items) => [...items.slice(0, 2), ...items.slice(3), plan]) }));
    expect(missing).toContainEqual(expect.stringContaining(`cycle.deadlines in institution.json gives no date for "N" of "citizenship"; add one for each option (Y, N) (/items/5/cycleDeadlines)`));
    const unknown = lint(fixture({ ...withCycle({ ...cycle, deadlines: { ...cycle.deadlines, ED9: "2027-12-01" } }), ...page((items) => [...items.slice(0, 2), ...items.slice(3), plan]) }));
    expect(unknown).toContainEqual(expect.stringContaining(`cycle.deadlines in institution.json names "ED9", which "citizenship" does not offer (Y, N) (/items/5/cycleDeadlines)`));
  });

  it("refuses cycleDeadlines when there is no cycle", () => {
    const lines = lint(fixture(page((items) => [...items.slice(0, 2), ...items.slice(3), plan])));
    expect(lines).toContainEqual(expect.stringContaining(`"citizenship" closes its options at the cycle's deadlines, but form-definitions/institution.json has no "cycle" (/items/5/cycleDeadlines)`));
  });

  it("refuses a deadline that is not a date", () => {
    const lines = lint(fixture(withCycle({ ...cycle, deadlines: { Y: "1 November" } })));
    expect(lines).toContainEqual(expect.stringMatching(/^form-definitions\/institution\.json:\d+:\d+: .*date.* \(\/institution\/cycle\/deadlines\/Y\)$/));
  });

  it("asks for the cycle's opening day, a date before its first deadline", () => {
    const { opens: _, ...withoutOpening } = cycle;
    expect(lint(fixture(withCycle(withoutOpening)))).toContainEqual(expect.stringMatching(/^form-definitions\/institution\.json:\d+:\d+: .*opens.* \(\/institution\/cycle\)$/));
    expect(lint(fixture(withCycle({ ...cycle, opens: "1 August" })))).toContainEqual(expect.stringMatching(/^form-definitions\/institution\.json:\d+:\d+: .*date.* \(\/institution\/cycle\/opens\)$/));
    expect(lint(fixture(withCycle({ ...cycle, opens: "2027-11-01" })))).toContainEqual(expect.stringMatching(
      /^form-definitions\/institution\.json:\d+:\d+: the cycle opens on 2027-11-01, which is not before its first deadline \(Y, 2027-11-01\); "opens" is the cycle's first day \(\/institution\/cycle\/opens\)$/));
    expect(lint(fixture(withCycle(cycle))).filter((line) => line.includes("/institution/cycle"))).toEqual([]);
  });
});
