import type { Options, RadioItem, SelectItem } from "../generated/definition-format";
import { resolveOptions } from "../options";
import type { ResolvedOption, ResolvedOptions, ViewItem } from "../types";
import { reference, report, type Expander, type Position } from "./expansion";
import { resolveIn } from "./prefixes";

/** A select's or radio's choices: one list, or one list per value of the answer they follow. */
export function selectOptions(x: Expander, item: SelectItem | RadioItem, view: ViewItem, at: Position): ResolvedOptions | undefined {
  const resolve = (options: Options, pointer: string): ResolvedOption[] => {
    const resolved = resolveOptions(options, x.files, x.currentYear);
    if (!resolved) {
      const listsTerms = typeof options === "string" && x.files.optionLists[options]?.cycleTerms;
      if (listsTerms) report(x, "no-cycle", `option list "${options}" lists the cycle's terms, but form-definitions/institution.json has no "cycle"`, { file: at.file, pointer });
      else report(x, "missing-option-list", `option list "${String(options)}" does not exist in form-definitions/`, { file: at.file, pointer });
    }
    return resolved ?? [];
  };
  if (item.options) {
    const options = resolve(item.options, `${view.source.pointer}/options`);
    return { kind: "list", options: item.type === "radio" || item.type === "select" ? withDeadlines(x, item, options, view) : options };
  }
  if (item.optionsByAnswer) {
    const controlKey = resolveIn(at.scope, item.optionsByAnswer.key);
    reference(x, item.optionsByAnswer.key, "condition", at, `${view.source.pointer}/optionsByAnswer/key`);
    // Changing the country makes the chosen state meaningless: the engine clears it.
    x.out.dependents.push({ key: view.key!, controlKey });
    const lists = Object.fromEntries(Object.entries(item.optionsByAnswer.lists).map(([value, options]) =>
      [value, resolve(options, `${view.source.pointer}/optionsByAnswer/lists/${value}`)]));
    return { kind: "byAnswer", controlKey, lists };
  }
  report(x, "missing-options", `${item.type} "${item.key}" needs options or optionsByAnswer`, view.source);
  return undefined;
}

/** A plan question's options (`cycleDeadlines`), each closing after its day in the cycle's deadlines. */
function withDeadlines(x: Expander, item: SelectItem | RadioItem, options: ResolvedOption[], view: ViewItem): ResolvedOption[] {
  if (!item.cycleDeadlines) return options;
  const deadlines = x.files.institution.institution.cycle?.deadlines;
  const at = { file: view.source.file, pointer: `${view.source.pointer}/cycleDeadlines` };
  if (!deadlines) {
    report(x, "no-cycle", `"${item.key}" closes its options at the cycle's deadlines, but form-definitions/institution.json has no "cycle"`, at);
    return options;
  }
  const values = options.map((o) => o.value);
  const missing = values.filter((value) => !(value in deadlines));
  if (missing.length > 0) report(x, "deadlines", `cycle.deadlines in institution.json gives no date for ${missing.map((v) => `"${v}"`).join(", ")} of "${item.key}"; add one for each option (${values.join(", ")})`, at);
  const unknown = Object.keys(deadlines).filter((plan) => !values.includes(plan));
  if (unknown.length > 0) report(x, "deadlines", `cycle.deadlines in institution.json names ${unknown.map((v) => `"${v}"`).join(", ")}, which "${item.key}" does not offer (${values.join(", ")})`, at);
  return options.map((option) => (option.value in deadlines ? { ...option, closesAfter: deadlines[option.value] } : option));
}
