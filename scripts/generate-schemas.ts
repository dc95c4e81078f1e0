// npm run generate:schemas — writes schemas/generated/completions.schema.json (the answer keys and
// option files editors suggest) from the data model, the pages and form-definitions/options/.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/definitions/files";
import { COMPLETIONS_SCHEMA, renderCompletions } from "../src/definitions/generate-schemas";

writeFileSync(join(repoRoot, COMPLETIONS_SCHEMA), renderCompletions(repoRoot));
console.log(`wrote ${COMPLETIONS_SCHEMA}`);
