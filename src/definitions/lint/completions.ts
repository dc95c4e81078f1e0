// schemas/generated/completions.schema.json (what editors suggest) against what it would be now.
// A warning, not an error: a stale list only leaves a new key out of the editor's suggestions,
// the form is right, and staff adding a key should not be stopped for it.
import { COMPLETIONS_SCHEMA, renderCompletions, writtenCompletions } from "../generate-schemas";
import type { LintFinding } from "./finding";

export function lintCompletions(root: string): LintFinding[] {
  const written = writtenCompletions(root);
  // A project without the file (the linter's small fixtures) simply has no suggestions.
  if (written === undefined || written === renderCompletions(root)) return [];
  return [{
    path: COMPLETIONS_SCHEMA, pointer: "", severity: "warning",
    message: "out of date with the data model, the pages or the option files, so editors suggest old answer keys and option files: run npm run generate:schemas",
  }];
}
