import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const model = JSON.parse(readFileSync(join(base, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };

/** The base page with `question` (and its key in the data model) and a note shown by `condition` after it. */
function withCondition(condition: object, question?: { item: object; key: string; stored: object }) {
  return {
    ...page((items) => [...items, ...(question ? [question.item] : []), { type: "content", text: "A note.", showWhen: condition }]),
    ...(question && { "schemas/answers.schema.json": { ...model, properties: { ...model.properties, [question.key]: question.stored } } }),
  };
}

const checkbox = { item: { type: "checkbox", key: "toefl_unsure", label: "I don't have my TOEFL score yet." }, key: "toefl_unsure", stored: { type: "boolean" } };
const yesNoCheckbox = { item: { type: "checkbox", key: "toefl_unsure", label: "I don't have my TOEFL score yet.", stores: "yesNo" }, key: "toefl_unsure", stored: { type: "string", maxLength: 1 } };
const date = { item: { type: "date", key: "birth_date", label: "Date of birth" }, key: "birth_date", stored: { type: "string", maxLength: 10 } };

describe("a condition's value against the question it reads", () => {
  it.each([
    ["a number question compared with a number in quotes", { key: "toefl_score", op: "gte", value: "80" }, undefined,
      'form-definitions/page.json:106:9: write 80 without quotes: "toefl_score" is a number question (/items/6/showWhen/value)'],
    ["a number question compared with a list of numbers in quotes", { key: "toefl_score", op: "in", value: ["80", 90] }, undefined,
      'form-definitions/page.json:106:9: write 80 without quotes: "toefl_score" is a number question (/items/6/showWhen/value)'],
    ["a number question compared with words", { key: "toefl_score", op: "lt", value: "high" }, undefined,
      'form-definitions/page.json:106:9: "toefl_score" is a number question: compare it with a number, written without quotes (/items/6/showWhen/value)'],
    ["a radio compared with true", { key: "citizenship_us", op: "equals", value: true }, undefined,
      'form-definitions/page.json:106:9: "citizenship_us" is a radio question and never stores true: write one of its codes in quotes, `Y`, `N` (/items/6/showWhen/value)'],
    ["a text question compared with true", { key: "first_name", op: "equals", value: true }, undefined,
      'form-definitions/page.json:106:9: "first_name" is a text question and never stores true: compare it with text in quotes (/items/6/showWhen/value)'],
    ["a checkbox compared with a code", { key: "toefl_unsure", op: "equals", value: "Y" }, checkbox,
      'form-definitions/page.json:111:9: write true without quotes: "toefl_unsure" is a checkbox question and stores true (ticked) or false (/items/7/showWhen/value)'],
    ["a yes/no checkbox compared with true", { key: "toefl_unsure", op: "equals", value: true }, yesNoCheckbox,
      'form-definitions/page.json:112:9: write "Y": "toefl_unsure" is a yes/no checkbox question and stores "Y" (ticked) or "N" (/items/7/showWhen/value)'],
    ["a date question compared with a date written month first", { key: "birth_date", op: "lt", value: "09/01/2008" }, date,
      'form-definitions/page.json:111:9: write "2008-09-01": "birth_date" is a date question, and dates are written YYYY-MM-DD (/items/7/showWhen/value)'],
    ["a date question compared with a year", { key: "birth_date", op: "lt", value: 2008 }, date,
      'form-definitions/page.json:111:9: "birth_date" is a date question: compare it with a date written YYYY-MM-DD, in quotes (/items/7/showWhen/value)'],
  ])("refuses %s, saying what to write", async (_name, condition, question, expected) => {
    expect(lint(fixture(withCondition(condition, question)))).toEqual([expected]);
  });

  it.each([
    ["a number question compared with a number", { key: "toefl_score", op: "gte", value: 80 }, undefined],
    ["a number question in a list of numbers", { key: "toefl_score", op: "in", value: [80, 90] }, undefined],
    ["a checkbox compared with false", { key: "toefl_unsure", op: "equals", value: false }, checkbox],
    ["a date question compared with a date", { key: "birth_date", op: "gte", value: "2008-09-01" }, date],
  ])("accepts %s", async (_name, condition, question) => {
    expect(lint(fixture(withCondition(condition, question)))).toEqual([]);
  });
});
