import fc from "fast-check";
import jsonLogic, { type RulesLogic } from "json-logic-js";
import { describe, expect, it } from "vitest";
import { compileCondition, compileLogic } from "./conditions";
import type { Condition } from "./generated/definition-format";
import type { Answers } from "./types";

const asWritten = (key: string) => key;
const holds = (condition: Condition, answers: Answers) => compileCondition(condition, asWritten).test(answers);

describe("conditions", () => {
  it.each<[string, Condition, Answers, boolean]>([
    ["equals holds for the same answer", { key: "citizenship_us", op: "equals", value: "N" }, { citizenship_us: "N" }, true],
    ["equals fails for another answer", { key: "citizenship_us", op: "equals", value: "N" }, { citizenship_us: "Y" }, false],
    ["equals fails when unanswered", { key: "citizenship_us", op: "equals", value: "N" }, {}, false],
    ["equals true holds for a ticked box", { key: "optin_sms_ind", op: "equals", value: true }, { optin_sms_ind: true }, true],
    ["equals true fails for an unticked box", { key: "optin_sms_ind", op: "equals", value: true }, { optin_sms_ind: false }, false],
    ["equals false holds for an unanswered box", { key: "optin_sms_ind", op: "equals", value: false }, { optin_sms_ind: "" }, true],
    ["equals a number holds for its digits", { key: "sibling_age", op: "equals", value: 17 }, { sibling_age: "17" }, true],
    ["equals 0 fails when unanswered", { key: "sibling_age", op: "equals", value: 0 }, { sibling_age: "" }, false],
    ["notEquals holds for another answer", { key: "citizenship_us", op: "notEquals", value: "N" }, { citizenship_us: "Y" }, true],
    ["notEquals holds when unanswered", { key: "citizenship_us", op: "notEquals", value: "N" }, {}, true],
    ["notEquals fails for the same answer", { key: "citizenship_us", op: "notEquals", value: "N" }, { citizenship_us: "N" }, false],
    ["lt holds below", { key: "sibling_age", op: "lt", value: 18 }, { sibling_age: "9" }, true],
    ["lt fails at the value", { key: "sibling_age", op: "lt", value: 18 }, { sibling_age: "18" }, false],
    ["lt fails when unanswered", { key: "sibling_age", op: "lt", value: 18 }, { sibling_age: "" }, false],
    ["lte holds at the value", { key: "sibling_age", op: "lte", value: 18 }, { sibling_age: "18" }, true],
    ["lte fails above", { key: "sibling_age", op: "lte", value: 18 }, { sibling_age: "19" }, false],
    ["gt holds above", { key: "sibling_age", op: "gt", value: 18 }, { sibling_age: "21" }, true],
    ["gt fails at the value", { key: "sibling_age", op: "gt", value: 18 }, { sibling_age: "18" }, false],
    ["gte holds at the value", { key: "sibling_age", op: "gte", value: 18 }, { sibling_age: "18" }, true],
    ["gte fails below", { key: "sibling_age", op: "gte", value: 18 }, { sibling_age: "4" }, false],
    ["gte fails when unanswered", { key: "sibling_age", op: "gte", value: 0 }, {}, false],
    ["lt compares dates", { key: "birth_date", op: "lt", value: "2010-01-01" }, { birth_date: "2008-05-01" }, true],
    ["gt compares dates", { key: "birth_date", op: "gt", value: "2010-01-01" }, { birth_date: "2008-05-01" }, false],
    ["in holds for a listed answer", { key: "citizenship_non_us_type", op: "in", value: ["3", "5"] }, { citizenship_non_us_type: "5" }, true],
    ["in fails for another answer", { key: "citizenship_non_us_type", op: "in", value: ["3", "5"] }, { citizenship_non_us_type: "4" }, false],
    ["in fails when unanswered", { key: "citizenship_non_us_type", op: "in", value: ["3", "5"] }, {}, false],
    ["notIn holds for another answer", { key: "citizenship_non_us_type", op: "notIn", value: ["3", "5"] }, { citizenship_non_us_type: "1" }, true],
    ["notIn fails for a listed answer", { key: "citizenship_non_us_type", op: "notIn", value: ["3", "5"] }, { citizenship_non_us_type: "3" }, false],
    ["in a list of numbers holds for a number answer's digits", { key: "sibling_age", op: "in", value: [17, 18] }, { sibling_age: "18" }, true],
    ["in a list of numbers fails when unanswered", { key: "sibling_age", op: "in", value: [0, 18] }, { sibling_age: "" }, false],
    ["notIn a list of numbers fails for a listed number", { key: "sibling_age", op: "notIn", value: [17, 18] }, { sibling_age: "17" }, false],
    ["startsWith holds for a code that begins so", { key: "entry_term", op: "startsWith", value: "FA" }, { entry_term: "FA27" }, true],
    ["startsWith fails for a code that begins otherwise", { key: "entry_term", op: "startsWith", value: "FA" }, { entry_term: "SP27" }, false],
    ["startsWith fails for a code that has the letters later", { key: "entry_term", op: "startsWith", value: "FA" }, { entry_term: "XFA2" }, false],
    ["startsWith fails when unanswered", { key: "entry_term", op: "startsWith", value: "FA" }, {}, false],
    ["answered holds for text", { key: "preferred_name", op: "answered" }, { preferred_name: "Sam" }, true],
    ["answered fails for the empty string", { key: "preferred_name", op: "answered" }, { preferred_name: "" }, false],
    ["answered fails for an unticked box", { key: "optin_sms_ind", op: "answered" }, { optin_sms_ind: false }, false],
    ["answered holds for a zero", { key: "sibling_age", op: "answered" }, { sibling_age: "0" }, true],
    ["notAnswered holds when missing", { key: "preferred_name", op: "notAnswered" }, {}, true],
    ["notAnswered fails when answered", { key: "preferred_name", op: "notAnswered" }, { preferred_name: "Sam" }, false],
  ])("%s", (_name, condition, answers, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });

  const both: Condition = { all: [{ key: "entry_term", op: "equals", value: "FA26" }, { key: "decision_type", op: "in", value: ["ED1", "ED2"] }] };
  const either: Condition = { any: [{ key: "sat_taken", op: "equals", value: "Y" }, { key: "act_taken", op: "equals", value: "Y" }] };

  it("all holds only when every condition holds", () => {
    expect(holds(both, { entry_term: "FA26", decision_type: "ED2" })).toBe(true);
    expect(holds(both, { entry_term: "FA26", decision_type: "RD" })).toBe(false);
    expect(holds(both, { entry_term: "SP27", decision_type: "ED1" })).toBe(false);
  });

  it("any holds when one condition holds", () => {
    expect(holds(either, { sat_taken: "N", act_taken: "Y" })).toBe(true);
    expect(holds(either, { sat_taken: "N", act_taken: "N" })).toBe(false);
  });

  it("not turns a condition around", () => {
    expect(holds({ not: either }, { sat_taken: "N" })).toBe(true);
    expect(holds({ not: either }, { sat_taken: "Y" })).toBe(false);
  });

  it("knows which answer keys a condition reads, block prefixes applied", () => {
    const compiled = compileCondition({ all: [both, { not: { key: "living", op: "equals", value: "1" } }] }, (key) => (key === "living" ? "parent_2_living" : key));
    expect(compiled.keysRead).toEqual(["decision_type", "entry_term", "parent_2_living"]);
    expect(compiled.test({ entry_term: "FA26", decision_type: "ED1", parent_2_living: "2" })).toBe(true);
    expect(compiled.test({ entry_term: "FA26", decision_type: "ED1", parent_2_living: "1" })).toBe(false);
  });

  describe("compiled, decides as json-logic-js does", () => {
    const keys = ["a", "b", "c", "d"];
    const primitive = fc.oneof(fc.constantFrom("", "0", "1", "5", "17", "18", "Y", "N", "2010-01-01", "2008-05-01", 0, 1, 5, 18, 1.5, -1, true, false), fc.string({ maxLength: 3 }));
    const value = fc.oneof({ weight: 3, arbitrary: primitive }, { weight: 1, arbitrary: fc.array(primitive, { maxLength: 3 }) });
    const comparison = fc.record({
      key: fc.constantFrom(...keys),
      op: fc.constantFrom("equals", "notEquals", "lt", "lte", "gt", "gte", "in", "notIn", "answered", "notAnswered"),
      value,
    }) as fc.Arbitrary<Condition>;
    const { condition } = fc.letrec<{ condition: Condition }>((tie) => ({
      condition: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        comparison,
        fc.record({ all: fc.array(tie("condition"), { maxLength: 3 }) }),
        fc.record({ any: fc.array(tie("condition"), { maxLength: 3 }) }),
        fc.record({ not: tie("condition") }),
      ),
    }));
    const answerValue = fc.oneof(fc.constantFrom("", "0", "1", "5", "17", "18", "19", "Y", "N", "2009-12-31", "true", "false", true, false), fc.string({ maxLength: 3 }));
    const answers = fc.dictionary(fc.constantFrom(...keys), answerValue) as fc.Arbitrary<Answers>;

    it("for any condition the definitions can write and any answers", () => {
      fc.assert(
        fc.property(condition, answers, (written, given) => {
          const compiled = compileCondition(written, asWritten);
          expect(compiled.test(given)).toBe(jsonLogic.truthy(jsonLogic.apply(compiled.logic, given)));
        }),
        { numRuns: 3000 },
      );
    });

    // Beyond what toLogic writes: other argument counts, literals where answers go, data with null.
    const { logic } = fc.letrec<{ logic: unknown }>((tie) => ({
      logic: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.oneof(primitive, fc.constant(null), fc.array(primitive, { maxLength: 3 })),
        fc.record({ var: fc.oneof(fc.constantFrom(...keys, "x.y"), fc.tuple(fc.constantFrom(...keys), primitive)) }),
        fc.tuple(fc.constantFrom("and", "or", "!", "!!", "==", "===", "!==", "<", "<=", ">", ">=", "in"), fc.array(tie("logic"), { maxLength: 3 }))
          .map(([op, args]) => ({ [op]: args })),
      ),
    }));
    const data = fc.dictionary(fc.constantFrom(...keys, "x"), fc.oneof(answerValue, fc.constant(null), fc.constant({ y: "Y" }))) as fc.Arbitrary<Answers>;

    it("for any rule of json-logic-js's operators the compiler knows", () => {
      fc.assert(
        fc.property(logic, data, (rule, given) => {
          expect(compileLogic(rule)(given)).toEqual(jsonLogic.apply(rule as RulesLogic, given));
        }),
        { numRuns: 20000 },
      );
    });
  });
});
