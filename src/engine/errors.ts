// Ajv's errors as the engine reports them, without Ajv itself: the browser runs a validator
// precompiled at build time (src/definitions/browser-validator.ts) through these.
import type { ErrorObject } from "ajv";
import { messageForKeyword } from "./messages";
import type { AnswerKey, AnswerValue, ValidationErrors } from "./types";

/** Validates present answers (already without hidden and empty ones) on the day `today` (YYYY-MM-DD). */
export type AnswerValidator = (data: Record<AnswerKey, AnswerValue>, today: string) => ValidationErrors;

/** An Ajv validate function, compiled at run time or precompiled: `this.today` feeds the age keywords. */
export interface CompiledValidate {
  (this: { today: string }, data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export function validatorFrom(validate: CompiledValidate): AnswerValidator {
  return (data, today) => (validate.call({ today }, data) ? {} : collectErrors(validate.errors ?? []));
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
