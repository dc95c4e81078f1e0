import Ajv, { _, type CodeKeywordDefinition, type ErrorObject, type ValidateFunction } from "ajv";
import addErrors from "ajv-errors";
import addFormats from "ajv-formats";
import { messageForKeyword } from "./messages";
import type { AnswerKey, AnswerValue, JsonSchema, ValidationErrors } from "./types";

/** Validates present answers (already without hidden and empty ones) on the day `today` (YYYY-MM-DD). */
export type AnswerValidator = (data: Record<AnswerKey, AnswerValue>, today: string) => ValidationErrors;

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
      const comparable = _`${data}.length === 10`;
      cxt.fail(keyword === "minAgeYears" ? _`${comparable} && ${data} > ${boundary}` : _`${comparable} && ${data} < ${boundary}`);
    },
  };
}

/**
 * `validateSchema: false` skips checking the schemas against the JSON Schema meta-schema on every
 * load (most of the compile time); the linter checks them once, in CI.
 */
export function createAjv(options: { validateSchema?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    passContext: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateSchema: options.validateSchema ?? false,
    code: { optimize: false },
  });
  addFormats(ajv, ["date", "email", "uri"]);
  addErrors(ajv);
  ajv.addKeyword(ageKeyword("minAgeYears"));
  ajv.addKeyword(ageKeyword("maxAgeYears"));
  return ajv;
}

/** Compiles the data model and every rule file into one validator, once. */
export function compileValidator(answersSchema: JsonSchema, rules: JsonSchema[]): AnswerValidator {
  const ajv = createAjv();
  const validate: ValidateFunction = ajv.compile({
    allOf: [groupedByShape(withoutMeta(answersSchema)), ...rules.map(withoutMeta)],
  });
  return (data, today) => {
    if (validate.call({ today }, data)) return {};
    return collectErrors(validate.errors ?? []);
  };
}

/** A rule file keeps its `$schema`/`$id` for editors; inside allOf they would only get in the way. */
function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The data model lists ~500 keys, most with one of a few shapes ({type: string, maxLength: 45}).
 * Compiled key by key, Ajv writes code for each; grouped as one patternProperties entry per shape
 * it writes code once per shape. Same rules, same instancePath in errors, a fraction of the time.
 */
function groupedByShape(model: JsonSchema): JsonSchema {
  const { properties, ...rest } = model as { properties?: Record<string, JsonSchema> };
  if (!properties) return model;
  const keysByShape = new Map<string, string[]>();
  for (const [key, schema] of Object.entries(properties)) {
    const shape = JSON.stringify(schema);
    const keys = keysByShape.get(shape);
    if (keys) keys.push(key);
    else keysByShape.set(shape, [key]);
  }
  const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const patternProperties = Object.fromEntries(
    [...keysByShape].map(([shape, keys]) => [`^(?:${keys.map(escape).join("|")})$`, JSON.parse(shape) as JsonSchema]),
  );
  return { ...rest, patternProperties };
}

/** AJV errors → answer key → unique messages. */
export function collectErrors(errors: ErrorObject[]): ValidationErrors {
  const byKey: Record<AnswerKey, Set<string>> = {};
  for (const error of errors) {
    const text = error.keyword === "errorMessage" ? error.message! : messageForKeyword(error.keyword, error.params);
    for (const key of keysOf(error)) (byKey[key] ??= new Set()).add(text);
  }
  return Object.fromEntries(Object.entries(byKey).map(([key, messages]) => [key, [...messages]]));
}

function keysOf(error: ErrorObject): AnswerKey[] {
  if (error.instancePath) {
    const first = error.instancePath.split("/")[1] ?? "";
    return [first.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "errorMessage") return (params.errors as ErrorObject[]).flatMap(keysOf);
  if (typeof params.missingProperty === "string") return [params.missingProperty];
  if (typeof params.additionalProperty === "string") return [params.additionalProperty];
  return [];
}
