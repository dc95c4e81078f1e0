// The checks that need the definitions expanded: every key against the data model, conditions
// against the questions they read, rules against the data model, and keys nothing asks for.
import { expandDefinitions, localToday, type Expansion, type KeyReference, type Source } from "../../src/engine";
import type { LintFinding } from "./lint-format";
import type { ProjectFiles } from "./files";

const ORDERED_OPS = new Set(["lt", "lte", "gt", "gte"]);
const LIST_OPS = new Set(["in", "notIn"]);
const NO_VALUE_OPS = new Set(["answered", "notAnswered"]);

export function lintKeys(project: ProjectFiles): LintFinding[] {
  const { form } = project;
  const expansion = expandDefinitions(form, { currentYear: Number(localToday().slice(0, 4)) });
  const model = new Set(Object.keys((form.answersSchema.properties ?? {}) as object));
  const findings: LintFinding[] = [];
  const at = (source: Source, pointerTail: string, message: string, severity: LintFinding["severity"] = "error") =>
    findings.push({ path: project.pathOf(source.file), pointer: source.pointer + pointerTail, message, severity });

  for (const f of expansion.findings) at(f.source, "", f.message, f.severity);

  // Every key a page stores is in the data model.
  // A companion or a lookup's fill has no `key` of its own: point at its item.
  for (const [key, owner] of expansion.owners) {
    if (!model.has(key)) at(expansion.keySources.get(key) ?? owner.item.source, "", `answer key "${key}" is not in the data model (schemas/answers.schema.json)`);
  }

  for (const ref of expansion.references) checkReference(ref, expansion, model, at);
  findings.push(...lintRules(project, model));

  const unasked = [...model].filter((key) => !expansion.owners.has(key));
  for (const key of unasked) {
    findings.push({ path: "schemas/answers.schema.json", pointer: `/properties/${key}`, message: `no page asks for answer key "${key}"`, severity: "warning" });
  }
  return findings;
}

function checkReference(ref: KeyReference, expansion: Expansion, model: Set<string>, at: (s: Source, tail: string, m: string) => void) {
  const owner = expansion.owners.get(ref.key);
  if (ref.kind === "fills") {
    if (!model.has(ref.key)) at(ref.source, "", `lookup fills answer key "${ref.key}", which is not in the data model`);
    return;
  }
  if (ref.kind === "clearOnHide" || ref.kind === "tabClear") {
    if (!model.has(ref.key) && !owner) at(ref.source, "", `${ref.kind === "tabClear" ? "clear" : "clearOnHide"} names "${ref.key}", which is not an answer key of the data model`);
    return;
  }
  if (!owner) {
    at(ref.source, ref.comparison ? "/key" : "", `condition reads "${ref.key}", which no page asks for${model.has(ref.key) ? "" : " and is not in the data model"}`);
    return;
  }
  const comparison = ref.comparison;
  if (!comparison) return;
  const { op, value } = comparison;
  const item = owner.item.item;
  const questionType = item.type === "checkbox" ? (item.stores === "yesNo" ? "yes/no checkbox" : "checkbox") : item.type;
  if (NO_VALUE_OPS.has(op)) {
    if (value !== undefined) at(ref.source, "/value", `operator "${op}" takes no value`);
    return;
  }
  if (value === undefined) {
    at(ref.source, "", `operator "${op}" needs a value`);
    return;
  }
  if (LIST_OPS.has(op) !== Array.isArray(value)) {
    at(ref.source, "/value", LIST_OPS.has(op) ? `operator "${op}" needs a list of values, e.g. ["3", "5"]` : `operator "${op}" compares with one value, not a list; use "in" for a list`);
    return;
  }
  const values = Array.isArray(value) ? value : [value];
  const optionValues = owner.item.key === ref.key && owner.item.options?.kind === "list" ? owner.item.options.options.map((o) => o.value) : undefined;
  if (ORDERED_OPS.has(op)) {
    const numericChoices = optionValues?.every((v) => /^\d+$/.test(v)) ?? false;
    if (!(item.type === "number" || item.type === "date" || numericChoices)) {
      at(ref.source, "/op", `operator "${op}" compares numbers or dates, but "${ref.key}" is a ${questionType} question`);
    }
    return;
  }
  const isBooleanKey = questionType === "checkbox" || questionType === "checkboxes";
  for (const v of values) {
    if (isBooleanKey && typeof v !== "boolean") {
      at(ref.source, "/value", `"${ref.key}" is a tick box and stores true or false, not ${JSON.stringify(v)}`);
    } else if (!isBooleanKey && typeof v === "boolean") {
      at(ref.source, "/value", `"${ref.key}" is a ${questionType} question and never stores ${v}`);
    } else if (optionValues && !optionValues.includes(String(v))) {
      at(ref.source, "/value", `${JSON.stringify(v)} is not an option of "${ref.key}" (${optionValues.join(", ")})`);
    }
  }
}

/** Keys named in rules (required, properties, errorMessage.required) must be in the data model. */
function lintRules(project: ProjectFiles, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [name, schema] of Object.entries(project.form.rules)) {
    const path = `schemas/rules/${name}`;
    const visit = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${pointer}/${i}`));
      if (typeof node !== "object" || node === null) return;
      const object = node as Record<string, unknown>;
      const name_ = (key: string, where: string) => {
        if (!model.has(key)) findings.push({ path, pointer: where, message: `rule names "${key}", which is not in the data model`, severity: "error" });
      };
      if (Array.isArray(object.required)) object.required.forEach((key, i) => name_(String(key), `${pointer}/required/${i}`));
      if (object.properties && typeof object.properties === "object") {
        for (const key of Object.keys(object.properties)) name_(key, `${pointer}/properties/${key}`);
      }
      for (const [key, child] of Object.entries(object)) {
        if (key !== "errorMessage") visit(child, `${pointer}/${key}`);
      }
    };
    visit(schema, "");
  }
  return findings;
}
