// Checks every definition file against schemas/form-definition.schema.json (the format staff's
// editors read), in sentences.
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { classifyDefinitionFile, type DefinitionFileKind } from "../classify";
import { repoRoot, type SourceFile } from "../files";
import { COMPLETIONS_SCHEMA } from "../generate-schemas";
import type { LintFinding } from "./finding";

const FORMAT_SCHEMA = "schemas/form-definition.schema.json";
const formatSchema = JSON.parse(readFileSync(join(repoRoot, FORMAT_SCHEMA), "utf8")) as Record<string, unknown>;
// What editors suggest for keys and option files; the format points at it with $ref.
const completionsSchema = JSON.parse(readFileSync(join(repoRoot, COMPLETIONS_SCHEMA), "utf8")) as Record<string, unknown>;

function formatValidator(kind: DefinitionFileKind) {
  // verbose: the sentences quote the value (error.data), which Ajv keeps only then.
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false, verbose: true });
  addFormats(ajv, ["date", "email", "uri"]);
  // Not a JSON Schema format: editors skip it, the linter asks Intl, which knows the IANA names.
  ajv.addFormat("time-zone", isTimeZone);
  ajv.addSchema(completionsSchema);
  ajv.addSchema(formatSchema);
  return ajv.getSchema(`${String(formatSchema.$id)}#/definitions/${kind}`)!;
}
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const validators: Record<DefinitionFileKind, ReturnType<typeof formatValidator>> = {
  page: formatValidator("page"),
  optionListFile: formatValidator("optionListFile"),
  templateFile: formatValidator("templateFile"),
  institutionFile: formatValidator("institutionFile"),
};

const kindOf = (source: SourceFile) => classifyDefinitionFile(relative("form-definitions", source.path), source.json as object);

const ITEM_TYPES = (formatSchema.definitions as { item: { properties: { type: { enum: string[] } } } }).item.properties.type.enum;

/** One sentence for one AJV error; undefined for errors another error already explains. */
function sentence(error: ErrorObject): string | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `"${String(params.missingProperty)}" is required here`;
    case "additionalProperties":
      return `unknown property "${String(params.additionalProperty)}"`;
    case "discriminator":
      return params.error === "mapping"
        ? `unknown item type "${String(params.tagValue)}"; use one of ${ITEM_TYPES.join(", ")}`
        : `an item needs a "type": one of ${ITEM_TYPES.join(", ")}`;
    case "enum":
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case "type":
      return `must be ${String(params.type)}`;
    case "format":
      return params.format === "time-zone" ? `"${String(error.data)}" is not a time zone; write an IANA name such as America/New_York` : error.message;
    case "pattern":
      return `"${String(error.data)}" does not have the expected form (${String(params.pattern)})`;
    case "oneOf":
    case "anyOf":
    case "if":
      return undefined;
    default:
      return error.message;
  }
}

/** Errors inside a oneOf branch repeat for every branch; report the most specific ones only. */
function specificErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const id = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function lintFormat(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (source.parseError) {
      findings.push({ path: source.path, pointer: "", message: `not valid JSON: ${source.parseError.message}`, severity: "error" });
      continue;
    }
    if (!source.path.startsWith("form-definitions/")) continue;
    if (typeof source.json !== "object" || source.json === null || Array.isArray(source.json)) {
      findings.push({ path: source.path, pointer: "", message: "a definition file holds one JSON object", severity: "error" });
      continue;
    }
    const json = source.json as Record<string, unknown>;
    const expected = normalize(join(dirname(source.path), String(json.$schema ?? "")));
    if (expected !== FORMAT_SCHEMA) {
      const relativeSchema = source.path.startsWith("form-definitions/options/") ? "../../" : "../";
      findings.push({
        path: source.path, pointer: "/$schema", severity: "error",
        message: `"$schema" must point at ${FORMAT_SCHEMA} so editors check this file: write "${relativeSchema}${FORMAT_SCHEMA}"`,
      });
    }
    const validate = validators[kindOf(source)];
    if (validate(json)) {
      if (kindOf(source) === "optionListFile" && ["options", "years", "cycleTerms"].filter((name) => name in json).length !== 1) {
        findings.push({ path: source.path, pointer: "", message: "an option list file has one of \"options\", \"years\" or \"cycleTerms\"", severity: "error" });
      }
      continue;
    }
    const errors = specificErrors(validate.errors ?? []);
    // A bad item type makes every branch of the item's oneOf fail: the discriminator says it best.
    const badTypes = new Set(errors.filter((e) => e.keyword === "discriminator").map((e) => e.instancePath));
    for (const error of errors) {
      if (error.keyword !== "discriminator" && [...badTypes].some((p) => error.instancePath.startsWith(p))) continue;
      const message = sentence(error);
      if (!message) continue;
      const pointer = error.keyword === "discriminator" ? `${error.instancePath}/type` : error.instancePath;
      findings.push({ path: source.path, pointer, message, severity: "error" });
    }
  }
  return findings;
}
