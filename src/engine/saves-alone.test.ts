// Which saves need not run the engine, derived from the definitions: for every key the controlling
// set leaves out, changing its answer alone changes nothing but that answer, over each answer set.
import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { completeAnswers, minimalAnswers } from "../../tests/support/answer-sets";
import type { CompiledForm } from "./form";
import { loadForm } from "./load";
import { alwaysAloneKeys, controllingKeys, savesAlone, savesAloneAlways } from "./saves-alone";
import type { AnswerKey, Answers } from "./types";
import { evaluate } from "./visibility";

const today = "2026-11-22";
let form: CompiledForm;
let answerSets: [string, Answers][];
beforeAll(() => {
  form = loadForm(readProject().form, { today });
  answerSets = [["complete", completeAnswers(form, today)], ["minimal", minimalAnswers(form)], ["empty", {}]];
});

/** What an evaluation shows: every gate's state, the chosen tabs and the block counts. */
function shown(answers: Answers) {
  const evaluation = evaluate(form, answers);
  return { gates: form.gates.map((_, g) => evaluation.isGateShown(g)), tabs: evaluation.tabs, blocks: evaluation.blocks, cleared: evaluation.cleared };
}

describe("controllingKeys", () => {
  it("leaves out only keys whose change alone changes no gate, tab or block count and clears nothing else", () => {
    const controls = controllingKeys(form);
    const free = [...form.owners.keys()].filter((key) => !controls.has(key));
    expect(free.length).toBeGreaterThan(0);
    for (const [, answers] of answerSets) {
      const before = shown(answers);
      for (const key of free) {
        const changed = { ...answers, [key]: answers[key] === undefined || answers[key] === "" ? "changed" : "" };
        const after = shown(changed);
        expect({ key, gates: after.gates, tabs: after.tabs, blocks: after.blocks }).toEqual({ key, gates: before.gates, tabs: before.tabs, blocks: before.blocks });
        expect(after.cleared.filter((k) => k !== key)).toEqual(before.cleared);
      }
    }
  });

  it("holds every key a condition reads, a tab or block asks, a dependent list follows, and every choice", () => {
    const controls = controllingKeys(form);
    const expected = new Set<AnswerKey>([
      ...form.gates.flatMap((gate) => [...(gate.condition?.keysRead ?? []), ...gate.clearOnHide]),
      ...[...form.tabGroups.values()].flatMap((group) => group.tabs.flatMap((tab) => [...tab.keys, ...tab.clear])),
      ...[...form.blockGroups.values()].flatMap((group) => group.blocks.flat()),
      ...form.dependents.flatMap(({ key, controlKey }) => [key, controlKey]),
      ...[...form.companions].flat(),
    ]);
    expect([...expected].filter((key) => !controls.has(key))).toEqual([]);
  });
});

describe("savesAlone", () => {
  const controlling = (key: AnswerKey) => controllingKeys(form).has(key);
  /** A key controlling nothing, asked behind a condition gate, with an answer set where it holds and one where it does not. */
  function behindCondition(): { key: AnswerKey; holds: Answers; fails: Answers } {
    for (const [key, owner] of form.owners) {
      if (controlling(key) || owner.gate < 0) continue;
      const gate = form.gates[owner.gate]!;
      if (gate.kind !== "condition" || !gate.condition || gate.parent >= 0) continue;
      const holds = answerSets.find(([, a]) => gate.condition!.test(a))?.[1];
      const fails = answerSets.find(([, a]) => !gate.condition!.test(a))?.[1];
      if (holds && fails) return { key, holds, fails };
    }
    throw new Error("no question controlling nothing sits behind a condition the answer sets both meet and miss");
  }

  it("is true for keys controlling nothing that are shown, false when one is hidden", () => {
    const { key, holds, fails } = behindCondition();
    expect(savesAlone(form, holds, [key])).toBe(true);
    expect(savesAlone(form, fails, [key])).toBe(false);
  });

  it("is false when any key sent controls something, or is asked by no question", () => {
    const free = [...form.owners.keys()].find((key) => !controlling(key) && form.owners.get(key)!.gate < 0)!;
    const control = form.gates.find((gate) => gate.condition)!.condition!.keysRead[0]!;
    expect(savesAlone(form, {}, [free])).toBe(true);
    expect(savesAlone(form, {}, [free, control])).toBe(false);
    expect(savesAlone(form, {}, [free, "not_a_key"])).toBe(false);
  });
});

describe("alwaysAloneKeys", () => {
  it("holds exactly the keys that save alone over every answers, asked behind no condition", () => {
    const alone = alwaysAloneKeys(form);
    expect(alone.size).toBeGreaterThan(0);
    for (const key of form.owners.keys()) {
      const overEvery = answerSets.every(([, answers]) => savesAlone(form, answers, [key]));
      let behindCondition = false;
      for (let g = form.owners.get(key)!.gate; g >= 0; g = form.gates[g]!.parent) behindCondition ||= form.gates[g]!.condition !== undefined || form.gates[g]!.kind === "block";
      expect({ key, alone: alone.has(key) }).toEqual({ key, alone: overEvery && !behindCondition });
    }
  });

  it("lets a save skip the stored answers only when every key sent is one, and at least one is sent", () => {
    const [free] = alwaysAloneKeys(form);
    const behind = [...form.owners.keys()].find((key) => !controllingKeys(form).has(key) && !alwaysAloneKeys(form).has(key))!;
    expect(savesAloneAlways(form, [free!])).toBe(true);
    expect(savesAloneAlways(form, [])).toBe(false);
    expect(savesAloneAlways(form, [free!, behind])).toBe(false);
    expect(savesAloneAlways(form, [free!, "not_a_key"])).toBe(false);
  });
});
