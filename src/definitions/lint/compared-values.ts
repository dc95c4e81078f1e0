// What a condition compares each kind of answer with, and what to write instead of a value of
// another type. Answers are stored as text ("105", "2026-09-01", "Y") or as true/false; the
// engine compares a number question's digits as a number only with a number written without
// quotes: with "80" in quotes, "105" comes before "80" as text does, so 105 would count as less.
import { isCycleTerm } from "../../engine/runtime";
import type { StoredValue } from "./question-types";
import { offered } from "./suggest";

/** The question a condition reads, as the messages name it. */
interface Question {
  key: string;
  /** `number`, `radio`, `yes/no checkbox`. */
  noun: string;
  /** The codes a select or radio offers. */
  codes?: string[];
}

interface Compared {
  /** lt, lte, gt and gte apply (choices whose codes are all numbers allow them too). */
  isOrdered: boolean;
  fits(value: unknown): boolean;
  /** What to write instead of `value`, and why: `write 80 without quotes: "income" is a number question`. */
  instead(value: unknown, question: Question): string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YES = new Set(["y", "yes", "true", "1", "on", "checked", "ticked"]);
const NO = new Set(["n", "no", "false", "0", "off", "unchecked", "unticked"]);

/** true for a value that reads as yes ("Y", "yes", "true"), false for one that reads as no; else undefined. */
function yesOrNo(value: unknown): boolean | undefined {
  const word = String(value).trim().toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : undefined;
}

const quoted = (value: unknown) => JSON.stringify(value);
const isNumeric = (value: unknown): value is string => typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));

export const COMPARED: Record<StoredValue, Compared> = {
  text: {
    isOrdered: false,
    fits: (value) => typeof value === "string" || typeof value === "number" || isCycleTerm(value),
    instead: (value, { key, noun, codes }) =>
      `"${key}" is a ${noun} question and never stores ${quoted(value)}: ${codes ? `write one of its codes in quotes, ${offered(String(value), codes)}` : "compare it with text in quotes"}`,
  },
  number: {
    isOrdered: true,
    fits: (value) => typeof value === "number",
    instead: (value, { key }) => isNumeric(value)
      ? `write ${Number(value)} without quotes: "${key}" is a number question`
      : `"${key}" is a number question: compare it with a number, written without quotes`,
  },
  date: {
    isOrdered: true,
    fits: (value) => typeof value === "string" && DATE.test(value),
    instead: (value, { key }) => {
      const [, month, day, year] = US_DATE.exec(String(value)) ?? [];
      return year
        ? `write "${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}": "${key}" is a date question, and dates are written YYYY-MM-DD`
        : `"${key}" is a date question: compare it with a date written YYYY-MM-DD, in quotes`;
    },
  },
  "true/false": {
    isOrdered: false,
    fits: (value) => typeof value === "boolean",
    instead: (value, { key, noun }) => {
      const meant = yesOrNo(value);
      const stores = `"${key}" is a ${noun} question and stores true (ticked) or false`;
      return meant === undefined ? `${stores}: write true or false, without quotes` : `write ${meant} without quotes: ${stores}`;
    },
  },
  "Y/N": {
    isOrdered: false,
    fits: (value) => value === "Y" || value === "N",
    instead: (value, { key, noun }) => {
      const meant = typeof value === "boolean" ? value : yesOrNo(value);
      const stores = `"${key}" is a ${noun} question and stores "Y" (ticked) or "N"`;
      return meant === undefined ? `${stores}: write one of them` : `write "${meant ? "Y" : "N"}": ${stores}`;
    },
  },
};
