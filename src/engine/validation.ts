import Ajv, {
  _,
  type Code,
  type CodeKeywordDefinition,
  type ErrorObject,
  type FuncKeywordDefinition,
} from "ajv";
import type { DataValidateFunction, DataValidationCxt } from "ajv/dist/types";
import addErrors from "ajv-errors";
import addFormats from "ajv-formats";
import { validatorFrom, type AnswerValidator } from "./errors";
import type { JsonSchema } from "./types";

/**
 * `minAgeYears: 13` — a YYYY-MM-DD date at least 13 years before today; `maxAgeYears: 100` — at
 * most 100 years before. Today comes from the validation context (`this.today`), so tests and the
 * server choose it. Inline code, so Ajv's standalone output keeps working for the browser.
 */
function ageKeyword(keyword: "minAgeYears" | "maxAgeYears"): CodeKeywordDefinition {
  return {
    keyword,
    type: "string",
    schemaType: "number",
    code(cxt) {
      const { data, schema } = cxt;
      // Years are shifted as text: 2026-02-28 minus 13 years is 2013-02-28; dates compare as strings.
      const boundary = _`(String(+this.today.slice(0, 4) - ${schema}).padStart(4, "0") + this.today.slice(4))`;
      // Only real calendar dates: "2013-13-01" and "14/03/2008" are the date format's to refuse.
      const time = _`Date.parse(${data} + "T00:00:00Z")`;
      const comparable = _`${data}.length === 10 && !isNaN(${time}) && new Date(${time}).toISOString().slice(0, 10) === ${data}`;
      cxt.fail(keyword === "minAgeYears" ? _`${comparable} && ${data} > ${boundary}` : _`${comparable} && ${data} < ${boundary}`);
    },
  };
}

/** The value of `monthsAfter`: see monthsAfterKeyword. */
interface MonthsAfter {
  month: string;
  since: "today" | { year: string; month: string };
  minimum?: number;
  maximum?: number;
}

/**
 * `monthsAfter: { month, since, minimum, maximum }` on a year question: that year and the answer
 * `month` (1–12) name a month at least `minimum` and at most `maximum` months after `since`,
 * another year and month of the answers ({ year, month }) or "today" (`this.today`, as the age
 * keywords take it). It reads the other answers from the object the year is in, so it checks
 * only when each of them is a year and a month; a missing one is the required rules' to ask for.
 * Inline code, so Ajv's standalone output keeps working for the browser.
 */
function monthsAfterKeyword(): CodeKeywordDefinition {
  return {
    keyword: "monthsAfter",
    type: "string",
    schemaType: "object",
    code(cxt) {
      const { data, it } = cxt;
      const schema = cxt.schema as MonthsAfter;
      const answers = it.parentData;
      const answer = (key: string) => _`${answers}[${key}]`;
      const isYear = (value: Code) => _`(typeof ${value} == "string" && /^[0-9]{4}$/.test(${value}))`;
      const isMonth = (value: Code) => _`(typeof ${value} == "string" && /^([1-9]|1[0-2])$/.test(${value}))`;
      const monthCount = (year: Code, month: Code) => _`(+${year} * 12 + +${month})`;
      const since = schema.since === "today"
        ? { isComparable: _`true`, count: monthCount(_`this.today.slice(0, 4)`, _`this.today.slice(5, 7)`) }
        : {
          isComparable: _`${isYear(answer(schema.since.year))} && ${isMonth(answer(schema.since.month))}`,
          count: monthCount(answer(schema.since.year), answer(schema.since.month)),
        };
      const after = _`(${monthCount(data, answer(schema.month))} - ${since.count})`;
      const isComparable = _`typeof ${answers} == "object" && ${answers} !== null && ${isYear(data)} && ${isMonth(answer(schema.month))} && ${since.isComparable}`;
      const outside = [
        ...(schema.minimum === undefined ? [] : [_`${after} < ${schema.minimum}`]),
        ...(schema.maximum === undefined ? [] : [_`${after} > ${schema.maximum}`]),
      ];
      cxt.fail(outside.length === 0 ? _`false` : _`${isComparable} && (${outside.reduce((a, b) => _`${a} || ${b}`)})`);
    },
  };
}

/**
 * `validateSchema: false` skips checking the schemas against the JSON Schema meta-schema on every
 * load (most of the compile time); the linter checks them once, in CI.
 */
export function createAjv(options: { validateSchema?: boolean; standalone?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    passContext: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateSchema: options.validateSchema ?? false,
    code: options.standalone ? { optimize: true, source: true, esm: true, lines: false } : { optimize: false },
  });
  addFormats(ajv, ["date", "email", "uri"]);
  addErrors(ajv);
  ajv.addKeyword(ageKeyword("minAgeYears"));
  ajv.addKeyword(ageKeyword("maxAgeYears"));
  ajv.addKeyword(monthsAfterKeyword());
  if (!options.standalone) ajv.addKeyword(answerShapesKeyword(ajv));
  return ajv;
}

/** Compiles the data model and every rule file into one validator, once. */
export function compileValidator(answersSchema: JsonSchema, rules: JsonSchema[]): AnswerValidator {
  return validatorFrom(createAjv().compile({ allOf: [groupedByShape(withoutMeta(answersSchema)), ...rules.map(withoutMeta)] }));
}

/** A rule file keeps its `$schema`/`$id` for editors; inside allOf they would only get in the way. */
export function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The data model lists ~500 keys, most with one of a few shapes ({type: string, maxLength: 45}).
 * Compiled as `properties`, Ajv writes code for every key, slow to compile; as `patternProperties`
 * it loops over the answers once per shape, slow on every check. `answerShapes` compiles each shape once
 * and checks each answer against its own shape in one pass. Ajv's standalone output cannot carry
 * it: a build that precompiles validators compiles the plain `properties` instead.
 */
function groupedByShape(model: JsonSchema): JsonSchema {
  const { properties, additionalProperties, ...rest } = model as { properties?: Record<string, JsonSchema>; additionalProperties?: unknown };
  if (!properties) return model;
  const shapes: string[] = [];
  const keys: Record<string, number> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const shape = JSON.stringify(schema);
    let index = shapes.indexOf(shape);
    if (index < 0) index = shapes.push(shape) - 1;
    keys[key] = index;
  }
  return { ...rest, answerShapes: { keys, shapes: shapes.map((s) => JSON.parse(s) as JsonSchema), closed: additionalProperties === false } };
}

interface AnswerShapes {
  keys: Record<string, number>;
  shapes: JsonSchema[];
  closed: boolean;
}

function answerShapesKeyword(ajv: Ajv): FuncKeywordDefinition {
  return {
    keyword: "answerShapes",
    type: "object",
    errors: true,
    compile(schema: AnswerShapes) {
      const validators = schema.shapes.map((shape) => ajv.compile(shape));
      const shapeOf = new Map(Object.entries(schema.keys));
      const validate: DataValidateFunction = (data: Record<string, unknown>, context?: DataValidationCxt) => {
        const errors: Partial<ErrorObject>[] = [];
        const at = context?.instancePath ?? "";
        for (const key in data) {
          const index = shapeOf.get(key);
          if (index === undefined) {
            if (schema.closed) errors.push({ instancePath: at, keyword: "additionalProperties", params: { additionalProperty: key }, message: "must NOT have additional properties" });
            continue;
          }
          const check = validators[index]!;
          if (!check(data[key])) {
            for (const error of check.errors ?? []) errors.push({ ...error, instancePath: `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}${error.instancePath}` });
          }
        }
        validate.errors = errors;
        return errors.length === 0;
      };
      return validate;
    },
  };
}

