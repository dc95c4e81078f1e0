// Checks every definition file against schemas/form-definition.schema.json (the format staff's
// editors read), in sentences.
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { classifyDefinitionFile, type DefinitionFileKind } from "../classify";
import { repoRoot, type SourceFile } from "../files";
import { escapePointer } from "../positions";
import { COMPLETIONS_SCHEMA } from "../generate-schemas";
import type { LintFinding } from "./finding";
import { sentence } from "./schema-messages";
import { closestMatch } from "./suggest";

const FORMAT_SCHEMA = "schemas/form-definition.schema.json";
const formatSchema = JSON.parse(readFileSync(join(repoRoot, FORMAT_SCHEMA), "utf8")) as Record<string, unknown>;
// What editors suggest for keys and option files; the format points at it with $ref.
const completionsSchema = JSON.parse(readFileSync(join(repoRoot, COMPLETIONS_SCHEMA), "utf8")) as Record<string, unknown>;

// verbose: the sentences quote the value (error.data), which Ajv keeps only then.
const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false, verbose: true });
addFormats(ajv, ["date", "email", "uri"]);
// Not a JSON Schema format: editors skip it, the linter asks Intl, which knows the IANA names.
ajv.addFormat("time-zone", isTimeZone);
ajv.addSchema(completionsSchema);
ajv.addSchema(formatSchema);
const validatorAt = (pointer: string) => ajv.getSchema(`${String(formatSchema.$id)}#${pointer}`)!;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const validators: Record<DefinitionFileKind, ReturnType<typeof validatorAt>> = {
  page: validatorAt("/definitions/page"),
  optionListFile: validatorAt("/definitions/optionListFile"),
  templateFile: validatorAt("/definitions/templateFile"),
  institutionFile: validatorAt("/definitions/institutionFile"),
  decisionsFile: validatorAt("/definitions/decisionsFile"),
};

/** Where each schema holding a oneOf or anyOf sits in the format, so one branch can be checked alone. */
const choicePointers = new Map<object, string>();
(function listChoices(node: unknown, pointer: string) {
  if (typeof node !== "object" || node === null) return;
  if (!Array.isArray(node) && ("oneOf" in node || "anyOf" in node)) choicePointers.set(node, pointer);
  for (const [key, child] of Object.entries(node)) listChoices(child, `${pointer}/${escapePointer(key)}`);
})(formatSchema, "");

const kindOf = (source: SourceFile) => classifyDefinitionFile(relative("form-definitions", source.path), source.json as object);

const isWithin = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

/**
 * One root cause per mistake. A value that fits no branch of a oneOf or anyOf (a condition: a comparison,
 * all, any or not) fails every branch, and Ajv lists each branch's errors: a misspelled operator
 * came out as seven lines. Keep the errors of the branch the value was meant for, found by
 * checking it against each branch alone: the branch whose type fits and whose errors lie deepest
 * (it matched the most), then the one with the fewest.
 */
function rootCauses(errors: ErrorObject[]): ErrorObject[] {
  // A value that fits several branches (passingSchemas) has no branch meant; none of the format's can.
  const choices = errors.filter((e) => (e.keyword === "oneOf" || e.keyword === "anyOf") && !(e.params as { passingSchemas?: unknown }).passingSchemas
    && choicePointers.has(e.parentSchema as object) && !(e.parentSchema as object as { discriminator?: unknown }).discriminator);
  const outermost = choices.filter((c) => !choices.some((o) => o.instancePath.length < c.instancePath.length && isWithin(c.instancePath, o.instancePath)));
  if (outermost.length === 0) return errors;
  // Several oneOf errors at the same place are one value: the last is the outer schema.
  const chosen = [...new Map(outermost.map((c) => [c.instancePath, c])).values()];
  const kept = errors.filter((e) => !chosen.some((c) => isWithin(e.instancePath, c.instancePath)));
  return [...kept, ...chosen.flatMap((c) => rootCauses(bestBranch(c)))];
}

function bestBranch(choice: ErrorObject): ErrorObject[] {
  const pointer = choicePointers.get(choice.parentSchema as object)!;
  const branches = (choice.schema as unknown[]).map((_, i) => {
    const validate = validatorAt(`${pointer}/${choice.keyword}/${i}`);
    validate(choice.data);
    const errors = (validate.errors ?? []).map((e) => ({ ...e, instancePath: choice.instancePath + e.instancePath }));
    const atRoot = errors.filter((e) => e.instancePath === choice.instancePath);
    // Not this branch: the value's type differs, or the branch knows none of its properties.
    const unknown = new Set(atRoot.filter((e) => e.keyword === "additionalProperties").map((e) => String((e.params as { additionalProperty: string }).additionalProperty)));
    const written = typeof choice.data === "object" && choice.data !== null ? Object.keys(choice.data) : [];
    const wrongType = atRoot.some((e) => e.keyword === "type") || (written.length > 0 && written.every((name) => unknown.has(name)));
    const depth = Math.max(...errors.map((e) => e.instancePath.split("/").length));
    return { errors, score: [wrongType ? 1 : 0, -depth, errors.length] };
  });
  branches.sort((a, b) => a.score[0]! - b.score[0]! || a.score[1]! - b.score[1]! || a.score[2]! - b.score[2]!);
  return branches[0]!.errors;
}

/**
 * Errors inside a oneOf branch repeat for every branch; report each once. A property misspelled
 * is also a required one missing ("lable" for "label"): the misspelling says both.
 */
function specificErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const misspelled = new Set(errors.flatMap((e) => {
    if (e.keyword !== "additionalProperties") return [];
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const meant = closestMatch(String((e.params as { additionalProperty: string }).additionalProperty), known);
    return meant === undefined ? [] : [`${e.instancePath}|${meant}`];
  }));
  return errors.filter((e) => {
    const id = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return !(e.keyword === "required" && misspelled.has(`${e.instancePath}|${String((e.params as { missingProperty: string }).missingProperty)}`));
  });
}

/** An unknown or refused property name is pointed at by name; the others at the value they are about. */
function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "discriminator") return `${error.instancePath}/type`;
  if (error.keyword === "additionalProperties") return `${error.instancePath}/${escapePointer(String(params.additionalProperty))}`;
  if (error.propertyName !== undefined) return `${error.instancePath}/${escapePointer(error.propertyName)}`;
  return error.instancePath;
}

export function lintFormat(sources: SourceFile[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const source of sources) {
    if (source.parseError) {
      findings.push({ path: source.path, pointer: "", offset: source.parseError.offset, message: source.parseError.message, severity: "error" });
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
    const errors = specificErrors(rootCauses(validate.errors ?? []));
    // A bad item type makes every branch of the item's oneOf fail: the discriminator says it best.
    const badTypes = new Set(errors.filter((e) => e.keyword === "discriminator").map((e) => e.instancePath));
    for (const error of errors) {
      if (error.keyword !== "discriminator" && [...badTypes].some((p) => error.instancePath.startsWith(p))) continue;
      const message = sentence(error);
      if (!message) continue;
      findings.push({ path: source.path, pointer: pointerOf(error), message, severity: "error" });
    }
  }
  return findings;
}
