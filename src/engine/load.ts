import { withCycleTerm } from "./cycle";
import type { Item } from "./generated/definition-format";
import type { AnswerKey, FormFiles, JsonSchema } from "./types";
import { assembleForm, type CompiledForm, type LoadOptions } from "./form";
import { MAX_BLOCKS } from "./expand";
import { blockPrefix } from "./expand/prefixes";
import { compileValidator } from "./validation";

/**
 * The rule files in a fixed order, so every build and every server compiles the same validator,
 * with `{ "cycleTerm": true }` read as the cycle's term.
 */
export function rulesOf(files: FormFiles): JsonSchema[] {
  const term = files.institution.institution.cycle?.term;
  return Object.keys(files.rules).sort().map((name) => withCycleTerm(files.rules[name]!, term));
}

/** The answer keys of essays (`"essay": true`), prefixes applied, every block of a group. */
function essayKeys(items: readonly Item[], prefix: string): AnswerKey[] {
  return items.flatMap((item): AnswerKey[] => {
    if (item.type === "textarea") return item.essay ? [prefix + item.key] : [];
    if (item.type === "section") return essayKeys(item.items, prefix);
    if (item.type === "tabs") return item.tabs.flatMap((tab) => essayKeys(tab.items, prefix));
    if (item.type === "addAnother") {
      const blocks = Array.from({ length: Math.min(item.max, MAX_BLOCKS) }, (_, i) => prefix + blockPrefix(item.prefix, i + 1));
      return blocks.flatMap((inner) => essayKeys(item.items, inner));
    }
    return [];
  });
}

/**
 * The data model as validation uses it: every essay's maxLength is the institution's
 * character_limit, so institution.json alone sets it (the data model leaves it out).
 */
export function answersSchemaOf(files: FormFiles): JsonSchema {
  const limit = files.institution.institution.character_limit;
  const properties = { ...(files.answersSchema.properties as Record<string, JsonSchema> | undefined) };
  for (const page of Object.values(files.pages)) {
    for (const key of essayKeys(page.items, "")) {
      // A key missing from the data model is the linter's to report, not this to add.
      if (properties[key]) properties[key] = { ...properties[key], maxLength: limit };
    }
  }
  return { ...files.answersSchema, properties };
}

/** Loads the definitions and compiles their validator (the server and the scripts). */
export function loadForm(files: FormFiles, options: LoadOptions = {}): CompiledForm {
  return assembleForm(files, compileValidator(answersSchemaOf(files), rulesOf(files)), options);
}
