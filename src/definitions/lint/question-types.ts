// How a condition may compare each type of question. Keyed by QuestionType, so a new question
// type in the definition format does not compile until it has its entry here.
import type { Item, ItemByType, QuestionType } from "../../engine/runtime";

/** What an answer is stored as, and so what a condition compares it with (compared-values.ts). */
export type StoredValue = "text" | "number" | "date" | "true/false" | "Y/N";

interface QuestionKeyRule<I extends Item = Item> {
  /** The question as a message names it: `"age" is a number question`. */
  noun(item: I): string;
  stores(item: I): StoredValue;
}

const text: QuestionKeyRule = { noun: (item) => item.type, stores: () => "text" };

const questionKeyRules: { [T in QuestionType]: QuestionKeyRule<ItemByType[T]> } = {
  text,
  textarea: text,
  date: { ...text, stores: () => "date" },
  email: text,
  phone: text,
  ssn: text,
  number: { ...text, stores: () => "number" },
  select: text,
  radio: text,
  checkbox: {
    // `stores: "yesNo"` stores "Y" or "N" instead of true or false.
    noun: (item) => (item.stores === "yesNo" ? "yes/no checkbox" : "checkbox"),
    stores: (item) => (item.stores === "yesNo" ? "Y/N" : "true/false"),
  },
  checkboxes: { ...text, stores: () => "true/false" },
  file: text,
  lookup: text,
};

/** The rule for the question that owns a key; a container never owns one, but read it as text. */
export function questionKeyRule(item: Item): QuestionKeyRule {
  return item.type in questionKeyRules ? (questionKeyRules[item.type as QuestionType] as QuestionKeyRule) : text;
}
