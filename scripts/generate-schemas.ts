// npm run generate:schemas — writes what is generated from the schemas:
// schemas/generated/completions.schema.json (the answer keys and option files editors suggest,
// from the data model, the pages and form-definitions/options/) and the reference part of
// docs/staff-guide.md (from schemas/form-definition.schema.json).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/definitions/files";
import { COMPLETIONS_SCHEMA, renderCompletions } from "../src/definitions/generate-schemas";
import { renderReference, STAFF_GUIDE, withReference } from "../src/definitions/staff-guide";

writeFileSync(join(repoRoot, COMPLETIONS_SCHEMA), renderCompletions(repoRoot));
console.log(`wrote ${COMPLETIONS_SCHEMA}`);

const formatSchema = JSON.parse(readFileSync(join(repoRoot, "schemas/form-definition.schema.json"), "utf8")) as object;
const guide = join(repoRoot, STAFF_GUIDE);
writeFileSync(guide, withReference(readFileSync(guide, "utf8"), renderReference(formatSchema)));
console.log(`wrote the reference in ${STAFF_GUIDE}`);
