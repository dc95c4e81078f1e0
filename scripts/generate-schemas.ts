// npm run generate:schemas — writes what is generated from the schemas:
// schemas/generated/completions.schema.json (the answer keys and option files editors suggest,
// from the data model, the pages and form-definitions/options/) and the generated parts of
// docs/staff-guide.md: its reference (from schemas/form-definition.schema.json) and the linter's
// sentences for mistakes of form.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/definitions/files";
import { COMPLETIONS_SCHEMA, renderCompletions } from "../src/definitions/generate-schemas";
import { renderReference, renderSchemaMessages, STAFF_GUIDE, withGenerated } from "../src/definitions/staff-guide";

writeFileSync(join(repoRoot, COMPLETIONS_SCHEMA), renderCompletions(repoRoot));
console.log(`wrote ${COMPLETIONS_SCHEMA}`);

const formatSchema = JSON.parse(readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8")) as object;
const guide = join(repoRoot, STAFF_GUIDE);
const withReference = withGenerated(readFileSync(guide, "utf8"), "reference", renderReference(formatSchema));
writeFileSync(guide, withGenerated(withReference, "schema-messages", renderSchemaMessages()));
console.log(`wrote the reference and the linter's sentences in ${STAFF_GUIDE}`);
