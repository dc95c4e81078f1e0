// Every schema in schemas/ against JSON Schema itself, with only the keywords the engine knows.
// A rule file's $schema names the editors' format (../rules.schema.json), which the engine leaves
// aside as it does when it loads the rules.
import { createAjv, withoutMeta, type JsonSchema } from "../../engine/compile";
import type { SourceFile } from "../files";
import type { LintFinding } from "./finding";

export function lintSchemas(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (!source.path.startsWith("schemas/") || source.parseError) continue;
    try {
      createAjv({ validateSchema: true }).compile(withoutMeta(source.json as JsonSchema));
    } catch (error) {
      findings.push({ path: source.path, pointer: "", message: `not a valid schema: ${(error as Error).message}`, severity: "error" });
    }
  }
  return findings;
}
