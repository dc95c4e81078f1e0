// Conditions, lookups' fills and clear lists name answer keys: each must be a key some page asks
// for (or at least one of the data model), and a comparison must suit the question it reads.
import type { Expansion, KeyReference } from "../../engine/compile";
import type { FormFiles } from "../../engine/runtime";
import type { ProjectFiles } from "../files";
import { COMPARED } from "./compared-values";
import { findingAt, type LintFinding } from "./finding";
import { isNotOffered, notOffered, optionValuesOf, resolveCycleTerm } from "./offered";
import { questionKeyRule } from "./question-types";
import { didYouMean, offered } from "./suggest";

const ORDERED_OPS = new Set(["lt", "lte", "gt", "gte"]);
const LIST_OPS = new Set(["in", "notIn"]);
const NO_VALUE_OPS = new Set(["answered", "notAnswered"]);

export function lintReferences(project: ProjectFiles, expansion: Expansion, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const ref of expansion.references) {
    checkReference(ref, expansion, model, project.form, (source, tail, message) => findings.push(findingAt(project, source, tail, message)));
  }
  return findings;
}

function checkReference(ref: KeyReference, expansion: Expansion, model: Set<string>, files: FormFiles, at: (s: KeyReference["source"], tail: string, m: string) => void) {
  const owner = expansion.owners.get(ref.key);
  if (ref.kind === "fills") {
    if (!model.has(ref.key)) at(ref.source, "", `lookup fills answer key "${ref.key}", which is not in the data model`);
    return;
  }
  const unasked = () => `"${ref.key}", which no page asks for${model.has(ref.key) ? "" : " and is not in the data model"}${didYouMean(ref.key, [...expansion.owners.keys()])}`;
  if (ref.kind === "clearOnHide" || ref.kind === "tabClear") {
    const list = ref.kind === "tabClear" ? "clear" : "clearOnHide";
    const page = expansion.pages.find((p) => p.file === ref.source.file)?.page;
    if (!owner) at(ref.source, "", `${list} names ${unasked()}`);
    else if (page && owner.page !== page) {
      at(ref.source, "", `${list} names "${ref.key}", which is asked on page "${owner.page}": hiding this item would empty an answer out of the applicant's sight; name keys of page "${page}" only`);
    }
    return;
  }
  if (!owner) {
    at(ref.source, ref.comparison ? "/key" : "", `condition reads ${unasked()}`);
    return;
  }
  const comparison = ref.comparison;
  if (!comparison) return;
  const { op, value } = comparison;
  const item = owner.item.item;
  const rule = questionKeyRule(item);
  const questionType = rule.noun(item);
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
  const values = (Array.isArray(value) ? value : [value]).map((v) => resolveCycleTerm(v, files));
  const optionValues = optionValuesOf(expansion, ref.key);
  if (op === "startsWith") {
    checkStart(value, ref.key, rule.stores(item) === "text" ? undefined : questionType, optionValues, (tail, message) => at(ref.source, tail, message));
    return;
  }
  const compared = COMPARED[rule.stores(item)];
  const isOrdered = ORDERED_OPS.has(op);
  const numericChoices = optionValues?.every((v) => /^\d+$/.test(v)) ?? false;
  if (isOrdered && !(compared.isOrdered || numericChoices)) {
    at(ref.source, "/op", `operator "${op}" compares numbers or dates, but "${ref.key}" is a ${questionType} question`);
    return;
  }
  for (const v of values) {
    if (!compared.fits(v)) at(ref.source, "/value", compared.instead(v, { key: ref.key, noun: questionType, codes: optionValues }));
    else if (!isOrdered && optionValues && isNotOffered(v, optionValues)) at(ref.source, "/value", notOffered(v, ref.key, optionValues));
  }
}

/** startsWith reads the first letters of a text or a choice's code: one of the codes must begin so. */
function checkStart(value: unknown, key: string, otherType: string | undefined, codes: string[] | undefined, at: (tail: string, message: string) => void) {
  if (typeof value !== "string" || value === "") {
    at("/value", 'operator "startsWith" compares with the first letters of a code or a text, in quotes: "FA" for any fall term');
  } else if (otherType) {
    at("/op", `operator "startsWith" reads the first letters of a code or a text, but "${key}" is a ${otherType} question`);
  } else if (codes && !codes.some((code) => code.startsWith(value))) {
    at("/value", `no option of "${key}" begins with ${JSON.stringify(value)}; options offer ${offered(value, codes)}`);
  }
}
