import { describe, expect, it } from "vitest";
import { describeCondition, describeVisibility, type ConditionWords } from "./describe";

const labels: Record<string, string> = { entry_term: "Entry Term", decision_type: "Application Plan", age: "Age", citizenship_us: "U.S. citizen" };
const choices: Record<string, string> = { FA26: "Fall 2026", ED1: "Early Decision I", ED2: "Early Decision II", EA: "Early Action", Y: "Yes", N: "No" };
const words: ConditionWords = {
  question: (key) => labels[key] ?? key,
  value: (_key, value) => choices[String(value)] ?? String(value),
};

describe("a condition as a sentence", () => {
  it("reads a showWhen with the question's label and the option's label", () => {
    expect(describeVisibility({ showWhen: { key: "entry_term", op: "equals", value: "FA26" } }, words)).toBe("Shown when Entry Term is Fall 2026");
  });

  it("says Hidden when for a hideWhen", () => {
    expect(describeVisibility({ hideWhen: { key: "citizenship_us", op: "notEquals", value: "N" } }, words)).toBe("Hidden when U.S. citizen is not No");
  });

  it("has nothing to say about an item without a condition", () => {
    expect(describeVisibility({}, words)).toBeUndefined();
  });

  it("lists in and notIn values as a person would", () => {
    expect(describeCondition({ key: "decision_type", op: "in", value: ["ED1", "ED2"] }, words)).toBe("Application Plan is Early Decision I or Early Decision II");
    expect(describeCondition({ key: "decision_type", op: "in", value: ["ED1", "ED2", "EA"] }, words)).toBe("Application Plan is Early Decision I, Early Decision II or Early Action");
    expect(describeCondition({ key: "decision_type", op: "notIn", value: ["ED1"] }, words)).toBe("Application Plan is not Early Decision I");
    expect(describeCondition({ key: "decision_type", op: "notIn", value: ["ED1", "EA"] }, words)).toBe("Application Plan is none of Early Decision I or Early Action");
  });

  it("joins all and any, bracketing a group inside a group", () => {
    const condition = {
      all: [
        { key: "entry_term", op: "equals" as const, value: "FA26" },
        { any: [{ key: "decision_type", op: "equals" as const, value: "ED1" }, { key: "age", op: "gte" as const, value: 18 }] },
      ],
    };
    expect(describeCondition(condition, words)).toBe("Entry Term is Fall 2026 and (Application Plan is Early Decision I or Age is at least 18)");
  });

  it("reads answered, notAnswered, the comparisons and not", () => {
    expect(describeCondition({ key: "age", op: "answered" }, words)).toBe("Age is answered");
    expect(describeCondition({ key: "entry_term", op: "startsWith", value: "FA" }, words)).toBe('Entry Term begins with "FA"');
    expect(describeCondition({ key: "age", op: "notAnswered" }, words)).toBe("Age is not answered");
    expect(describeCondition({ key: "age", op: "lt", value: 13 }, words)).toBe("Age is less than 13");
    expect(describeCondition({ key: "age", op: "lte", value: 13 }, words)).toBe("Age is at most 13");
    expect(describeCondition({ key: "age", op: "gt", value: 13 }, words)).toBe("Age is more than 13");
    expect(describeCondition({ not: { key: "age", op: "answered" } }, words)).toBe("not (Age is answered)");
  });
});
