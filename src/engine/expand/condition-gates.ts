import { compileCondition, comparisons } from "../conditions";
import { mentionsCycleTerm, withCycleTerm } from "../cycle";
import type { Condition, Item } from "../generated/definition-format";
import type { Source } from "../types";
import { addGate, reference, report, type Expander, type Position } from "./expansion";
import { resolveIn } from "./prefixes";

/**
 * The gate the item sits behind: a new condition gate when it has hideWhen, showWhen or
 * clearOnHide, else the gate around it. Lists the keys its condition and clearOnHide name.
 */
export function conditionGate(x: Expander, item: Item, at: Position, source: Source): number {
  if (item.hideWhen && item.showWhen) {
    report(x, "both-conditions", "an item takes hideWhen or showWhen, not both", source);
  }
  const which = item.showWhen ? "showWhen" : "hideWhen";
  // { "cycleTerm": true } reads as the cycle's term from here on.
  const term = x.files.institution.institution.cycle?.term;
  const asWritten = item.showWhen ?? item.hideWhen;
  if (term === undefined && mentionsCycleTerm(asWritten)) {
    report(x, "no-cycle", `{ "cycleTerm": true } means the cycle's term, but form-definitions/institution.json has no "cycle"`, { file: source.file, pointer: `${source.pointer}/${which}` });
  }
  const shown = withCycleTerm(asWritten, term);
  // hideWhen is stored as its opposite so that every condition gate reads "shown while this holds".
  const written: Condition | undefined = item.showWhen ? shown : shown && { not: shown };
  if (!written && !item.clearOnHide) return at.gate;

  for (const { comparison, pointer } of comparisons(shown ?? { all: [] }, `${source.pointer}/${which}`)) {
    reference(x, comparison.key, "condition", at, pointer, comparison);
  }
  (item.clearOnHide ?? []).forEach((key, i) => reference(x, key, "clearOnHide", at, `${source.pointer}/clearOnHide/${i}`));
  const condition = written && compileCondition(written, (key) => resolveIn(at.scope, key));
  if (!condition && !canHide(x, at.gate)) {
    report(x, "unreachable-clear", "clearOnHide can never run: this item has no hideWhen or showWhen and nothing around it hides", source);
  }
  return addGate(x, {
    parent: at.gate, kind: "condition", condition,
    clearOnHide: (item.clearOnHide ?? []).map((key) => resolveIn(at.scope, key)), source,
  });
}

/** Questions on a tab not chosen keep their answers: only a block or a condition clears them. */
function canHide(x: Expander, gate: number): boolean {
  for (let g = gate; g >= 0; g = x.out.gates[g]!.parent) {
    const { kind, condition } = x.out.gates[g]!;
    if (kind === "block" || condition) return true;
  }
  return false;
}
