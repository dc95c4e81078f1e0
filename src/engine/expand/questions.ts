import type { CheckboxesItem, Item } from "../generated/definition-format";
import type { ViewItem } from "../types";
import { addToBlock } from "./add-another";
import { addCompanion } from "./companions";
import { own, report, type Expander, type Position } from "./expansion";
import { expandLookupFills } from "./lookups";
import { selectOptions } from "./select-options";

type QuestionItem = Extract<Item, { key: string }> | CheckboxesItem;

/** A question's answer keys, prefixes applied, each owned by this question; checkboxes have one per option. */
export function expandQuestion(x: Expander, item: QuestionItem, view: ViewItem, at: Position): ViewItem {
  const written = item.type === "checkboxes" ? item.options.map((o) => o.key) : [item.key];
  written.forEach((key, i) => {
    const pointer = item.type === "checkboxes" ? `${view.source.pointer}/options/${i}/key` : `${view.source.pointer}/key`;
    const source = at.anchor ?? { file: view.source.file, pointer };
    if (at.scope.ownPrefix && key.startsWith(at.scope.ownPrefix)) {
      report(x, "prefix-in-key", `answer key "${key}" repeats its container's prefix "${at.scope.ownPrefix}"; write "${key.slice(at.scope.ownPrefix.length)}", the prefix is added`, at.anchor ?? view.source);
    }
    const answerKey = at.scope.prefix + key;
    // The first question to ask a key owns it (own, below): findings about the key point there.
    if (!x.out.keySources.has(answerKey)) x.out.keySources.set(answerKey, source);
    view.keys.push(answerKey);
    own(x, answerKey, at, view);
  });
  if (item.type !== "checkboxes") view.key = view.keys[0];

  if (item.type === "select" || item.type === "radio") {
    addCompanion(x, view, at);
    view.options = selectOptions(x, item, view, at);
  }
  if (item.type === "lookup") expandLookupFills(x, item, view, at);
  if (item.type === "textarea" && item.essay) view.maxLength = x.files.institution.institution.character_limit;
  addToBlock(x, view.keys, at);
  return view;
}
