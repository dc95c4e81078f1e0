import type { Options, RadioItem, SelectItem } from "../generated/definition-format";
import { resolveOptions } from "../options";
import type { ResolvedOption, ResolvedOptions, ViewItem } from "../types";
import { reference, report, type Expander, type Position } from "./expansion";
import { resolveIn } from "./prefixes";

/** A select's or radio's choices: one list, or one list per value of the answer they follow. */
export function selectOptions(x: Expander, item: SelectItem | RadioItem, view: ViewItem, at: Position): ResolvedOptions | undefined {
  const resolve = (options: Options, pointer: string): ResolvedOption[] => {
    const resolved = resolveOptions(options, x.files, x.currentYear);
    if (!resolved) report(x, "missing-option-list", `option list "${String(options)}" does not exist in form-definitions/`, { file: at.file, pointer });
    return resolved ?? [];
  };
  if (item.options) return { kind: "list", options: resolve(item.options, `${view.source.pointer}/options`) };
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
