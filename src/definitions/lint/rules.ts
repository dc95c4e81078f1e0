// Rule files (schemas/rules/) name answer keys in `required`, `properties`,
// `errorMessage.required` and `monthsAfter`: each must be a key some page asks for, a value a rule compares with
// must be one the question offers, and a message must belong to a rule that can fail.
import type { Expansion } from "../../engine/compile";
import type { ProjectFiles } from "../files";
import { duplicatedPointers } from "./duplicates";
import type { LintFinding } from "./finding";
import { isNotOffered, notOffered, optionValuesOf, resolveCycleTerm } from "./offered";
import { didYouMean } from "./suggest";

// Where a `required` fails the whole answer set; inside anyOf, not or if it only reads.
const BLOCKING = new Set(["allOf", "then", "else"]);

export function lintRules(project: ProjectFiles, expansion: Expansion, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  const asked = [...expansion.owners.keys()];
  for (const [name, schema] of Object.entries(project.form.rules)) {
    const path = `schemas/rules/${name}`;
    // A "required" written twice keeps only its last list (duplicates.ts reports it): a message
    // for a key of the first follows from that, and is not a mistake of its own.
    const duplicated = duplicatedPointers(project.sources.find((s) => s.path === path));
    const error = (pointer: string, message: string) => findings.push({ path, pointer, message, severity: "error" });
    /** The key's problem, or undefined when a page asks for it. */
    const unasked = (key: string) => {
      if (expansion.owners.has(key)) return undefined;
      return model.has(key) ? `"${key}", which no page asks` : `"${key}", which is not in the data model${didYouMean(key, asked)}`;
    };
    const visit = (node: unknown, pointer: string, isBlocking: boolean, isTest = false) => {
      if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${pointer}/${i}`, isBlocking, isTest));
      if (typeof node !== "object" || node === null) return;
      const object = node as Record<string, unknown>;
      const required = Array.isArray(object.required) ? object.required.map(String) : [];
      required.forEach((key, i) => {
        const problem = unasked(key);
        if (!problem) return;
        error(`${pointer}/required/${i}`, isBlocking && model.has(key)
          ? `rule requires "${key}", which no page asks: no applicant could submit; ask it on a page or remove it here`
          : isTest ? `rule reads ${problem}: the rule never applies` : `rule names ${problem}`);
      });
      if (object.properties && typeof object.properties === "object") {
        for (const [key, property] of Object.entries(object.properties as Record<string, unknown>)) {
          const problem = unasked(key);
          if (problem) error(`${pointer}/properties/${key}`, isTest ? `rule reads ${problem}: the rule never applies` : `rule names ${problem}`);
          else checkValues(key, property, `${pointer}/properties/${key}`);
        }
      }
      for (const [where, key] of monthsAfterKeys(object.monthsAfter)) {
        const problem = unasked(key);
        if (problem) error(`${pointer}/monthsAfter/${where}`, `rule reads ${problem}: the rule never applies`);
      }
      const messages = (object.errorMessage as { required?: Record<string, unknown> } | undefined)?.required;
      for (const key of Object.keys(messages && typeof messages === "object" ? messages : {})) {
        const where = `${pointer}/errorMessage/required/${key}`;
        const problem = unasked(key);
        // The `required` beside it is the root cause, reported above.
        if (problem && required.includes(key)) continue;
        if (problem) error(where, `errorMessage names ${problem}`);
        else if (!required.includes(key) && !duplicated.has(`${pointer}/required`)) error(where, `errorMessage for "${key}" can never show: the "required" beside it does not name "${key}"`);
      }
      for (const [key, child] of Object.entries(object)) {
        if (key !== "errorMessage" && key !== "properties") visit(child, `${pointer}/${key}`, isBlocking && BLOCKING.has(key), isTest || key === "if");
      }
      if (object.properties && typeof object.properties === "object") {
        for (const [key, child] of Object.entries(object.properties as Record<string, unknown>)) visit(child, `${pointer}/properties/${key}`, false, isTest);
      }
    };
    const checkValues = (key: string, property: unknown, pointer: string) => {
      const values = optionValuesOf(expansion, key);
      if (!values || typeof property !== "object" || property === null) return;
      const { const: single, enum: list } = property as { const?: unknown; enum?: unknown };
      const compared = [
        ...(single === undefined ? [] : [{ value: single, at: `${pointer}/const` }]),
        ...(Array.isArray(list) ? list.map((value, i) => ({ value, at: `${pointer}/enum/${i}` })) : []),
      ];
      for (const { value, at } of compared) {
        const code = resolveCycleTerm(value, project.form);
        if (isNotOffered(code, values)) error(at, notOffered(code, key, values));
      }
    };
    visit(schema, "", true);
  }
  return findings;
}

/** The answer keys a `monthsAfter` reads, each with its place inside it (`month`, `since/year`, `since/month`). */
function monthsAfterKeys(value: unknown): [string, string][] {
  if (typeof value !== "object" || value === null) return [];
  const { month, since } = value as { month?: unknown; since?: unknown };
  const { year: sinceYear, month: sinceMonth } = typeof since === "object" && since !== null ? since as { year?: unknown; month?: unknown } : {};
  const named: [string, unknown][] = [["month", month], ["since/year", sinceYear], ["since/month", sinceMonth]];
  return named.filter((entry): entry is [string, string] => typeof entry[1] === "string");
}
