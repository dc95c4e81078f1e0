// How a condition may compare each type of question. Keyed by QuestionType, so a new question
// type in the definition format does not compile until it has its entry here.
import type { Item, QuestionType } from "../../engine";

interface QuestionKeyRule {
  /** The question as a message names it: `"age" is a number question`. */
  noun(item: Item): string;
  /** Stores true or false (a tick box), so a condition compares it with a boolean. */
  storesBoolean(item: Item): boolean;
  /** lt, lte, gt and gte apply (choices whose values are all numbers allow them too). */
  isOrdered: boolean;
}

const text: QuestionKeyRule = { noun: (item) => item.type, storesBoolean: () => false, isOrdered: false };
const ordered: QuestionKeyRule = { ...text, isOrdered: true };

const questionKeyRules: Record<QuestionType, QuestionKeyRule> = {
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
    noun: (item) => (isYesNo(item) ? "yes/no checkbox" : "checkbox"),
    storesBoolean: (item) => !isYesNo(item),
    isOrdered: false,
  },
  checkboxes: { ...text, storesBoolean: () => true },
  file: text,
  lookup: text,
};

/** A checkbox with `stores: "yesNo"` stores "Y" or "N" instead of true or false. */
const isYesNo = (item: Item) => item.type === "checkbox" && item.stores === "yesNo";

/** The rule for the question that owns a key; a container never owns one, but read it as text. */
export function questionKeyRule(item: Item): QuestionKeyRule {
  return item.type in questionKeyRules ? questionKeyRules[item.type as QuestionType] : text;
}
