// How a condition may compare each type of question. Keyed by QuestionType, so a new question
// type in the definition format does not compile until it has its entry here.
import type { Item, ItemByType, QuestionType } from "../../engine/runtime";

interface QuestionKeyRule<I extends Item = Item> {
  /** The question as a message names it: `"age" is a number question`. */
  noun(item: I): string;
  /** Stores true or false (a tick box), so a condition compares it with a boolean. */
  storesBoolean(item: I): boolean;
  /** lt, lte, gt and gte apply (choices whose values are all numbers allow them too). */
  isOrdered: boolean;
}

const text: QuestionKeyRule = { noun: (item) => item.type, storesBoolean: () => false, isOrdered: false };
const ordered: QuestionKeyRule = { ...text, isOrdered: true };

const questionKeyRules: { [T in QuestionType]: QuestionKeyRule<ItemByType[T]> } = {
  text,
  textarea: text,
  date: ordered,
  email: text,
  phone: text,
  ssn: text,
  number: ordered,
  select: text,
  radio: text,
  checkbox: {
    // `stores: "yesNo"` stores "Y" or "N" instead of true or false.
    noun: (item) => (item.stores === "yesNo" ? "yes/no checkbox" : "checkbox"),
    storesBoolean: (item) => item.stores !== "yesNo",
    isOrdered: false,
  },
  checkboxes: { ...text, storesBoolean: () => true },
  file: text,
  lookup: text,
};

/** The rule for the question that owns a key; a container never owns one, but read it as text. */
export function questionKeyRule(item: Item): QuestionKeyRule {
  return item.type in questionKeyRules ? (questionKeyRules[item.type as QuestionType] as QuestionKeyRule) : text;
}
