// The engine as the server, the build and the scripts load it: expanding the definitions and
// compiling their validator with Ajv. The browser never imports this (./runtime is its door):
// Ajv alone would weigh on every first visit (scripts/bench-client.ts measures a first visit).
export { expandDefinitions, type Expansion, type KeyReference } from "./expand";
export { answersSchemaOf, loadForm, rulesOf } from "./load";
export type { JsonSchema } from "./types";
export { createAjv, withoutMeta } from "./validation";
