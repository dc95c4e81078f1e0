// Every schema in schemas/ against JSON Schema itself, with only the keywords the engine knows.
// A rule file's $schema names the editors' format (../rules.schema.json), which the engine leaves
// aside as it does when it loads the rules.
import { createAjv, withoutMeta, type JsonSchema } from "../../engine/compile";
import type { SourceFile } from "../files";
import type { LintFinding } from "./finding";
import { didYouMean } from "./suggest";

export function lintSchemas(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (!source.path.startsWith("schemas/") || source.parseError) continue;
    const ajv = createAjv({ validateSchema: true });
    try {
      ajv.compile(withoutMeta(source.json as JsonSchema));
    } catch (error) {
      const message = (error as Error).message;
      const unknown = /^strict mode: unknown keyword: "(.+)"$/.exec(message)?.[1];
      const pointer = unknown === undefined ? undefined : pointerOfKey(source.json, unknown);
      if (unknown !== undefined && pointer !== undefined) {
        const known = Object.keys((ajv as unknown as { RULES: { all: object } }).RULES.all);
        findings.push({ path: source.path, pointer, message: `unknown keyword "${unknown}"${didYouMean(unknown, known)}`, severity: "error" });
        continue;
      }
      // "schema is invalid: data/allOf/0/required must be array": the first of JSON Schema's errors, where it is.
      const invalid = /^schema is invalid: data(\S*) ([^,]+)/.exec(message);
      findings.push(invalid
        ? { path: source.path, pointer: invalid[1]!, message: `not a valid schema: ${invalid[2]!}`, severity: "error" }
        : { path: source.path, pointer: "", message: `not a valid schema: ${message}`, severity: "error" });
    }
  }
  return findings;
}

/** The first place a property named `key` is written, outside `properties` (where names are answer keys). */
function pointerOfKey(node: unknown, key: string, pointer = ""): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  if (!Array.isArray(node) && Object.hasOwn(node, key)) return `${pointer}/${key}`;
  for (const [name, child] of Object.entries(node)) {
    const children = name === "properties" && !Array.isArray(node) ? Object.entries(child as object).map(([k, v]) => [`properties/${k}`, v] as const) : [[name, child] as const];
    for (const [path, value] of children) {
      const found = pointerOfKey(value, key, `${pointer}/${path}`);
      if (found) return found;
    }
  }
  return undefined;
}
