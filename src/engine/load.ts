import { withCycleTerm } from "./cycle";
import type { FormFiles, JsonSchema } from "./types";
import { assembleForm, type CompiledForm, type LoadOptions } from "./form";
import { compileValidator } from "./validation";

/**
 * The rule files in a fixed order, so every build and every server compiles the same validator,
 * with `{ "cycleTerm": true }` read as the cycle's term.
 */
export function rulesOf(files: FormFiles): JsonSchema[] {
  const term = files.institution.institution.cycle?.term;
  return Object.keys(files.rules).sort().map((name) => withCycleTerm(files.rules[name]!, term));
}

/** Loads the definitions and compiles their validator (the server and the scripts). */
export function loadForm(files: FormFiles, options: LoadOptions = {}): CompiledForm {
  return assembleForm(files, compileValidator(files.answersSchema, rulesOf(files)), options);
}
