import type { FormFiles } from "./types";
import { assembleForm, type CompiledForm, type LoadOptions } from "./form";
import { compileValidator } from "./validation";

/** The rule files in a fixed order, so every build and every server compiles the same validator. */
export const rulesOf = (files: FormFiles) => Object.keys(files.rules).sort().map((name) => files.rules[name]!);

/** Loads the definitions and compiles their validator (the server and the scripts). */
export function loadForm(files: FormFiles, options: LoadOptions = {}): CompiledForm {
  return assembleForm(files, compileValidator(files.answersSchema, rulesOf(files)), options);
}
