// Every schema in schemas/ against JSON Schema itself, with only the keywords the engine knows.
import { createAjv } from "../../engine/compile";
import type { SourceFile } from "../files";
import type { LintFinding } from "./finding";

export function lintSchemas(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (!source.path.startsWith("schemas/") || source.parseError) continue;
    try {
      createAjv({ validateSchema: true }).compile(source.json as object);
    } catch (error) {
      findings.push({ path: source.path, pointer: "", message: `not a valid schema: ${(error as Error).message}`, severity: "error" });
    }
  }
  return findings;
}
