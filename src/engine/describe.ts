// A condition as a sentence a person reads ("Shown when Entry Term is Fall 2026"): the preview
// writes it beside an item its condition hides, so staff see why without reading the JSON.
import type { Comparison, Condition } from "./generated/definition-format";

/** How the sentence names what a condition reads; keys as the condition writes them. */
export interface ConditionWords {
  /** The question a key names, by its label ("Entry Term"). */
  question(key: string): string;
  /** One value of that question as the applicant reads it ("Fall 2026" for FA26). */
  value(key: string, value: unknown): string;
}

/** "Shown when …" for showWhen, "Hidden when …" for hideWhen; undefined for an item with neither. */
export function describeVisibility(item: { showWhen?: Condition; hideWhen?: Condition }, words: ConditionWords): string | undefined {
  if (item.showWhen) return `Shown when ${describeCondition(item.showWhen, words)}`;
  if (item.hideWhen) return `Hidden when ${describeCondition(item.hideWhen, words)}`;
  return undefined;
}

export function describeCondition(condition: Condition, words: ConditionWords): string {
  if ("all" in condition) return joined(condition.all.map((c) => grouped(c, words)), "and");
  if ("any" in condition) return joined(condition.any.map((c) => grouped(c, words)), "or");
  if ("not" in condition) return `not (${describeCondition(condition.not, words)})`;
  return comparison(condition, words);
}

/** A group inside a group is bracketed, so "A and (B or C)" keeps its meaning. */
function grouped(condition: Condition, words: ConditionWords): string {
  const text = describeCondition(condition, words);
  return "all" in condition || "any" in condition ? `(${text})` : text;
}

const COMPARED: Record<Exclude<Comparison["op"], "in" | "notIn" | "startsWith" | "answered" | "notAnswered">, string> = {
  equals: "is",
  notEquals: "is not",
  lt: "is less than",
  lte: "is at most",
  gt: "is more than",
  gte: "is at least",
};

function comparison({ key, op, value }: Comparison, words: ConditionWords): string {
  const question = words.question(key);
  const values = (Array.isArray(value) ? value : [value]).map((v) => words.value(key, v));
  switch (op) {
    case "answered":
      return `${question} is answered`;
    case "notAnswered":
      return `${question} is not answered`;
    case "in":
      return `${question} is ${joined(values, "or")}`;
    case "startsWith":
      return `${question} begins with ${JSON.stringify(value)}`;
    case "notIn":
      return values.length === 1 ? `${question} is not ${values[0]}` : `${question} is none of ${joined(values, "or")}`;
    default:
      return `${question} ${COMPARED[op]} ${values[0]}`;
  }
}

/** "A", "A or B", "A, B or C". */
function joined(parts: string[], word: "and" | "or"): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} ${word} ${parts.at(-1)}`;
}
