// The definitions as the server uses them: the compiled form, and the request schemas that come
// from it (the answers' data model, the pages, the tab and add-another groups).
import { answersSchemaOf, loadForm, type JsonSchema } from "../engine/compile";
import type { CompiledForm, FormFiles } from "../engine/runtime";
import { readProject, repoRoot } from "../definitions/files";
import { lintErrorLines } from "../definitions/lint";

export interface ServerForm {
  form: CompiledForm;
  /** The definition set it was compiled from, as published (data/definition-versions.ts). */
  files: FormFiles;
  /** PUT /api/answer's body: every key of the data model, each with its type and limits. */
  answersSchema: JsonSchema;
  pageRoutes: string[];
  tabGroups: string[];
  blockGroups: string[];
  /** The answer keys of `file` questions, in page order (the PDF copy appends their documents so). */
  documentKeys: string[];
}

/** Definitions with lint errors: the server does not start on them. */
export class DefinitionErrors extends Error {
  constructor(readonly lines: string[]) {
    super(`the definitions have ${lines.length} error${lines.length === 1 ? "" : "s"}; the server does not start on them:\n${lines.join("\n")}`);
  }
}

/** The form from the definitions at `root`; throws DefinitionErrors when the linter refuses them. */
export function loadServerForm(root = repoRoot, today?: string): ServerForm {
  const errors = lintErrorLines(root);
  if (errors.length > 0) throw new DefinitionErrors(errors);
  const { form: files } = readProject(root);
  const form = loadForm(files, { today });
  // Essays' limits come from the institution's character_limit, as the validator's do.
  const model = answersSchemaOf(files) as { properties: Record<string, JsonSchema> };
  const properties: Record<string, JsonSchema> = {};
  for (const [key, schema] of Object.entries(model.properties)) {
    // "" is unanswered for every key, checkboxes included.
    properties[key] = schema.type === "boolean" ? { enum: [true, false, ""] } : schema;
  }
  return {
    form,
    files,
    answersSchema: {
      type: "object",
      description: "Answers by answer key; \"\" is unanswered. Only keys of the data model, each within its limits.",
      properties,
      additionalProperties: false,
      maxProperties: Object.keys(properties).length,
    },
    pageRoutes: form.pages.map((p) => p.route),
    tabGroups: [...form.tabGroups.keys()],
    blockGroups: [...form.blockGroups.keys()],
    documentKeys: [...form.owners].filter(([, owner]) => owner.item.item.type === "file").map(([key]) => key),
  };
}
