import jsonLogic, { type RulesLogic } from "json-logic-js";
import type { Comparison, Condition } from "./definition-format";
import type { AnswerKey, Answers } from "./types";

/** A condition compiled once, when definitions load. */
export interface CompiledCondition {
  /** The condition as JSON Logic, answer keys resolved. */
  logic: RulesLogic;
  /** The answer keys the condition reads. */
  keysRead: AnswerKey[];
  test(answers: Answers): boolean;
}

type Operator = Comparison["op"];

/** Every comparison in a condition, for checks that look at each one (the linter). */
export function comparisons(condition: Condition, pointer = ""): { comparison: Comparison; pointer: string }[] {
  if ("all" in condition) return condition.all.flatMap((c, i) => comparisons(c, `${pointer}/all/${i}`));
  if ("any" in condition) return condition.any.flatMap((c, i) => comparisons(c, `${pointer}/any/${i}`));
  if ("not" in condition) return comparisons(condition.not, `${pointer}/not`);
  return [{ comparison: condition, pointer }];
}

/**
 * Compiles a condition to JSON Logic. `resolveKey` turns a key as written (inside a block, without
 * its prefix) into the answer key it means.
 */
export function compileCondition(condition: Condition, resolveKey: (key: string) => AnswerKey): CompiledCondition {
  const logic = toLogic(condition, resolveKey);
  const keysRead = [...new Set(jsonLogic.uses_data(logic as Record<string, unknown>))].sort();
  return { logic, keysRead, test: (answers) => jsonLogic.truthy(jsonLogic.apply(logic, answers)) };
}

function toLogic(condition: Condition, resolveKey: (key: string) => AnswerKey): RulesLogic {
  if ("all" in condition) return { and: condition.all.map((c) => toLogic(c, resolveKey)) };
  if ("any" in condition) return { or: condition.any.map((c) => toLogic(c, resolveKey)) };
  if ("not" in condition) return { "!": [toLogic(condition.not, resolveKey)] };
  return comparisonLogic(condition.op, resolveKey(condition.key), condition.value);
}

// A missing answer reads as "", the engine's "not answered".
const answer = (key: AnswerKey) => ({ var: [key, ""] }) as RulesLogic;

/** Strict equality that reads answers the way they are stored: numbers as digits, booleans as ticks. */
function equals(a: RulesLogic, value: Comparison["value"]): RulesLogic {
  const v = value as never;
  if (typeof value === "number") return { and: [{ "!==": [a, ""] }, { "==": [a, v] }] };
  if (typeof value === "boolean") return { "===": [{ "!!": [a] }, v] };
  return { "===": [a, v] };
}

function comparisonLogic(op: Operator, key: AnswerKey, value: Comparison["value"]): RulesLogic {
  const a = answer(key);
  // json-logic-js types its operands narrowly; our values are plain JSON.
  const v = value as never;
  switch (op) {
    case "equals":
      return equals(a, value);
    case "notEquals":
      return { "!": [equals(a, value)] };
    // An unanswered question is neither less nor greater than anything ("" < 5 is true in JS).
    case "lt":
      return { and: [{ "!==": [a, ""] }, { "<": [a, v] }] };
    case "lte":
      return { and: [{ "!==": [a, ""] }, { "<=": [a, v] }] };
    case "gt":
      return { and: [{ "!==": [a, ""] }, { ">": [a, v] }] };
    case "gte":
      return { and: [{ "!==": [a, ""] }, { ">=": [a, v] }] };
    case "in":
      return { in: [a, v] };
    case "notIn":
      return { "!": [{ in: [a, v] }] };
    // false (an unticked box) and "" are both "not answered".
    case "answered":
      return { "!!": [a] };
    case "notAnswered":
      return { "!": [a] };
    default: {
      const unknown: never = op;
      throw new Error(`unknown condition operator ${String(unknown)}`);
    }
  }
}
