import jsonLogic, { type RulesLogic } from "json-logic-js";
import type { Comparison, Condition } from "./generated/definition-format";
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
  const run = compileLogic(logic);
  return { logic, keysRead, test: (answers) => jsonLogic.truthy(run(answers)) };
}

type Run = (data: Answers) => unknown;

const always = (value: unknown): Run => () => value;
/** An operand not written: json-logic-js reads it as undefined. */
const none = always(undefined);

// json-logic-js's own operators, for the ones toLogic writes: the same results without reading
// the rule again at every test. A condition is tested for every gate at every keystroke and save.
const OPERATORS: Record<string, (args: Run[]) => Run> = {
  and: (args) => (data) => {
    let value: unknown;
    for (const arg of args) if (!jsonLogic.truthy((value = arg(data)))) return value;
    return value;
  },
  or: (args) => (data) => {
    let value: unknown;
    for (const arg of args) if (jsonLogic.truthy((value = arg(data)))) return value;
    return value;
  },
  "!": ([a = none]) => (data) => !jsonLogic.truthy(a(data)),
  "!!": ([a = none]) => (data) => jsonLogic.truthy(a(data)),
  "==": ([a = none, b = none]) => (data) => a(data) == b(data),
  "===": ([a = none, b = none]) => (data) => a(data) === b(data),
  "!==": ([a = none, b = none]) => (data) => a(data) !== b(data),
  // json-logic-js's "between": a third operand is used when it is not undefined.
  "<": ([a = none, b = none, c = none]) => (data) => {
    const x = a(data) as never, y = b(data) as never, z = c(data) as never;
    return z === undefined ? x < y : x < y && y < z;
  },
  "<=": ([a = none, b = none, c = none]) => (data) => {
    const x = a(data) as never, y = b(data) as never, z = c(data) as never;
    return z === undefined ? x <= y : x <= y && y <= z;
  },
  ">": ([a = none, b = none]) => (data) => (a(data) as never) > (b(data) as never),
  ">=": ([a = none, b = none]) => (data) => (a(data) as never) >= (b(data) as never),
  in: ([a = none, b = none]) => (data) => {
    const list = b(data) as { indexOf?: (item: unknown) => number } | null | undefined;
    return !!list && typeof list.indexOf !== "undefined" && list.indexOf(a(data)) !== -1;
  },
};

const isLogic = (logic: unknown): logic is Record<string, unknown> =>
  typeof logic === "object" && logic !== null && !Array.isArray(logic) && Object.keys(logic).length === 1;

/** A JSON Logic rule as a function; anything but the operators above is left to jsonLogic.apply. */
export function compileLogic(logic: unknown): Run {
  if (Array.isArray(logic)) {
    const items = logic.map(compileLogic);
    return (data) => items.map((item) => item(data));
  }
  if (!isLogic(logic)) return always(logic);
  const [op, written] = Object.entries(logic)[0]!;
  const args = Array.isArray(written) ? written : [written];
  // { var: [key, default] } with a plain key: one property read (json-logic-js splits keys at dots).
  if (op === "var" && typeof args[0] === "string" && args[0] !== "" && !args[0].includes(".") && !isLogic(args[1]) && !Array.isArray(args[1])) {
    const [key, fallback = null] = args as [string, unknown];
    return (data) => {
      const value = data[key];
      return value === undefined ? fallback : value;
    };
  }
  const operator = OPERATORS[op];
  if (!operator) return (data) => jsonLogic.apply(logic as RulesLogic, data);
  return operator(args.map(compileLogic));
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

/**
 * Whether the answer is in a list, each value read as equals reads it: a number is a number
 * question's digits ("80" is in [80, 90]). JSON Logic's own "in" compares strictly.
 */
function inList(a: RulesLogic, value: Comparison["value"]): RulesLogic {
  if (!Array.isArray(value) || value.every((v) => typeof v === "string")) return { in: [a, value as never] };
  return { or: value.map((v) => equals(a, v)) };
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
      return inList(a, value);
    case "notIn":
      return { "!": [inList(a, value)] };
    // A code's first letters ("FA" for any fall term); an unanswered question begins with nothing.
    case "startsWith":
      return { and: [{ "!==": [a, ""] }, { "===": [{ substr: [a, 0, String(value).length] }, String(value)] }] };
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
