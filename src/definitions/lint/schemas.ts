// Every schema in schemas/ against JSON Schema itself, with only the keywords the engine knows.
// A rule file's $schema names the editors' format (../rules.schema.json), which the engine leaves
// aside as it does when it loads the rules.
import type Ajv from "ajv";
import { createAjv, withoutMeta, type JsonSchema } from "../../engine/compile";
import type { SourceFile } from "../files";
import { valueAt, type LintFinding } from "./finding";
import { sentence } from "./schema-messages";
import { didYouMean } from "./suggest";

/**
 * What Ajv throws while compiling a schema JSON Schema itself accepts, in words: where (a JSON
 * pointer into the schema) and what to write instead. Ajv names a place only for some of them.
 */
const COMPILE_ERRORS: { match: RegExp; say: (found: RegExpExecArray, schema: unknown, ajv: Ajv) => { pointer?: string; message: string } }[] = [
  {
    match: /^strict mode: unknown keyword: "(.+)"$/,
    say: ([, keyword], schema, ajv) => ({
      pointer: pointerOfKey(schema, keyword!),
      message: `unknown keyword "${keyword}"${didYouMean(keyword!, Object.keys((ajv as unknown as { RULES: { all: object } }).RULES.all))}`,
    }),
  },
  {
    match: /^unknown format "(.+)" ignored in schema at path "#(.*)"$/,
    say: ([, format, at], _schema, ajv) => {
      const known = Object.keys(ajv.formats);
      return { pointer: `${at}/format`, message: `unknown format "${format}"${didYouMean(format!, known) || `; use one of ${known.join(", ")}`}` };
    },
  },
  {
    match: /^Invalid regular expression: \/(.*)\/u?: (.+)$/s,
    say: ([, pattern, reason], schema) => ({
      pointer: pointerOfKey(schema, "pattern", pattern),
      message: `the pattern "${pattern}" is not a regular expression (${reason!.toLowerCase()}): check its brackets and backslashes`,
    }),
  },
  {
    match: /^can't resolve reference (\S+)/,
    say: ([, ref], schema) => ({ pointer: pointerOfKey(schema, "$ref", ref), message: `"$ref" points at ${ref}, which this file does not have` }),
  },
  {
    match: /^keyword "errorMessage" value is invalid at path "#(.*)"/,
    say: ([, at]) => ({ pointer: `${at}/errorMessage`, message: "errorMessage must be a message in double quotes, or an object of messages by keyword" }),
  },
];

export function lintSchemas(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (!source.path.startsWith("schemas/") || source.parseError) continue;
    const at = (pointer: string | undefined, message: string): LintFinding => ({ path: source.path, pointer: pointer ?? "", message, severity: "error" });
    const ajv = createAjv({ validateSchema: true });
    const schema = withoutMeta(source.json as JsonSchema);
    // JSON Schema's own errors first: one, the deepest (the others repeat it from further out:
    // a list of types with one misspelled is wrong as a whole and at the one), where it is. They
    // carry no value of their own (Ajv keeps it only when verbose); the sentences quote it.
    if (!ajv.validateSchema(schema)) {
      const said = (ajv.errors ?? []).map((error) => ({ error, message: sentence({ ...error, data: valueAt(schema, error.instancePath) }) }));
      const depth = (pointer: string) => pointer.split("/").length;
      const [first] = said.filter((s) => s.message !== undefined).sort((a, b) => depth(b.error.instancePath) - depth(a.error.instancePath));
      findings.push(first ? at(first.error.instancePath, first.message!) : at("", `not a valid schema: ${ajv.errorsText()}`));
      continue;
    }
    try {
      ajv.compile(schema);
    } catch (error) {
      const message = (error as Error).message;
      const known = COMPILE_ERRORS.map(({ match, say }) => ({ found: match.exec(message), say })).find(({ found }) => found);
      const said = known ? known.say(known.found!, schema, ajv) : { message: `not a valid schema: ${message}` };
      findings.push(at(said.pointer, said.message));
    }
  }
  return findings;
}

/**
 * The first place a property named `key` is written (with the value `value`, when given), outside
 * `properties` (where names are answer keys).
 */
function pointerOfKey(node: unknown, key: string, value?: string, pointer = ""): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  if (!Array.isArray(node) && Object.hasOwn(node, key) && (value === undefined || (node as Record<string, unknown>)[key] === value)) return `${pointer}/${key}`;
  for (const [name, child] of Object.entries(node)) {
    const children = name === "properties" && !Array.isArray(node) ? Object.entries(child as object).map(([k, v]) => [`properties/${k}`, v] as const) : [[name, child] as const];
    for (const [path, inner] of children) {
      const found = pointerOfKey(inner, key, value, `${pointer}/${path}`);
      if (found) return found;
    }
  }
  return undefined;
}
