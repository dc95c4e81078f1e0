// The answers' validator as one self-contained ES module for the browser (the Vite plugin
// `virtual:answer-validator` in vite.config.ts serves it): Ajv's standalone code for the data
// model and every rule, bundled by esbuild with the few Ajv and ajv-formats helpers it requires.
import { build } from "esbuild";
import { rulesOf, standaloneValidatorSource } from "../../src/engine";
import { readProject, repoRoot } from "./files";

export async function browserValidatorModule(root = repoRoot): Promise<{ code: string; files: string[] }> {
  const { form, sources } = readProject(root);
  const result = await build({
    stdin: { contents: standaloneValidatorSource(form.answersSchema, rulesOf(form)), resolveDir: root, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0]!.text, files: sources.map((source) => source.path) };
}
