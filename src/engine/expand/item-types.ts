import type { QuestionType } from "../types";

export const QUESTION_TYPES: ReadonlySet<string> = new Set<QuestionType>([
  "text", "textarea", "date", "email", "phone", "ssn", "number",
  "select", "radio", "checkbox", "checkboxes", "file", "lookup",
]);

export const ITEM_TYPES: ReadonlySet<string> = new Set([
  ...QUESTION_TYPES, "address", "section", "tabs", "addAnother", "content",
]);
