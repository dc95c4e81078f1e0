// npm run generate:types — writes src/engine/generated/definition-format.ts from
// schemas/form-definition.schema.json (the generator is src/definitions/generate-types.ts).
import { writeFile } from "node:fs/promises";
import { formatTypesPath, renderFormatTypes } from "../src/definitions/generate-types";

await writeFile(formatTypesPath, await renderFormatTypes());
console.log(`wrote ${formatTypesPath}`);
