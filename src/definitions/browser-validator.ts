// The answers' validator as one self-contained ES module for the browser (the Vite plugin
// `virtual:answer-validator` in src/vite-plugins/answer-validator.ts serves it): Ajv's standalone
// code for the data model and every rule, bundled by esbuild with the few Ajv and ajv-formats
// helpers it requires.
// Ajv's package has no ESM entry for standalone; the file path works from Node and from tsx alike.
import standaloneCode from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { answersSchemaOf, createAjv, rulesOf, withoutMeta, type JsonSchema } from "../engine/compile";
import { readProject, repoRoot } from "./files";

export async function browserValidatorModule(root = repoRoot): Promise<{ code: string; files: string[] }> {
  const { form, sources } = readProject(root);
  const result = await build({
    stdin: { contents: standaloneValidatorSource(answersSchemaOf(form), rulesOf(form)), resolveDir: root, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0]!.text, files: sources.map((source) => source.path) };
}

/**
 * The same validator as JavaScript source (an ES module whose default export is the validate
 * function), for the browser: no compiler in the bundle and no eval, so the page runs under a
 * strict Content-Security-Policy. The data model is compiled as plain `properties` (see
 * groupedByShape in src/engine/validation.ts). Wrap the import with validatorFrom.
 */
function standaloneValidatorSource(answersSchema: JsonSchema, rules: JsonSchema[]): string {
  const ajv = createAjv({ standalone: true });
  const schema = withoutNotes({ allOf: [withoutMeta(answersSchema), ...rules.map(withoutMeta)] });
  return standaloneCode(ajv, ajv.compile(schema as JsonSchema));
}

/**
 * Titles and descriptions are for editors; the browser's copy of the schema needs none of them.
 * Only string notes go (a property named "title" has a schema, not a string), and messages keyed
 * by answer key (`errorMessage`) are kept whole.
 */
function withoutNotes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNotes);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !((key === "title" || key === "description" || key === "$comment") && typeof value === "string"))
      .map(([key, value]) => [key, key === "errorMessage" ? value : withoutNotes(value)]),
  );
}
