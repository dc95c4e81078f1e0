// Which saves change nothing but the answers sent: then the server need not run evaluate over the
// whole application (PUT /api/answer merges them in one statement). Worked out from the definitions.
import type { Expansion } from "./expand";
import type { AnswerKey, Answers } from "./types";

type Shape = Pick<Expansion, "gates" | "owners" | "companions" | "tabGroups" | "blockGroups" | "dependents">;

const controlling = new WeakMap<Shape["gates"], ReadonlySet<AnswerKey>>();
const alwaysAlone = new WeakMap<Shape["gates"], ReadonlySet<AnswerKey>>();

/**
 * The keys whose answer can change more than itself, or is checked against other answers; once per
 * form: read by a condition; listed in a gate's clearOnHide; asked on a tab or in an add-another
 * block (which tab is chosen and how many blocks are shown follow the answers); a dependent list
 * or the answer it follows; a select or radio and its label (its answer must be an offered, open
 * option, and its label is written from it).
 */
export function controllingKeys(form: Shape): ReadonlySet<AnswerKey> {
  let keys = controlling.get(form.gates);
  if (keys) return keys;
  const set = new Set<AnswerKey>();
  for (const gate of form.gates) {
    for (const key of gate.condition?.keysRead ?? []) set.add(key);
    for (const key of gate.clearOnHide) set.add(key);
  }
  for (const { tabs } of form.tabGroups.values()) for (const tab of tabs) for (const key of [...tab.keys, ...tab.clear]) set.add(key);
  for (const { blocks } of form.blockGroups.values()) for (const block of blocks) for (const key of block) set.add(key);
  for (const { key, controlKey } of form.dependents) set.add(key).add(controlKey);
  for (const [key, label] of form.companions) set.add(key).add(label);
  controlling.set(form.gates, (keys = set));
  return keys;
}

/** Whether the question asking `key` is shown: no add-another block and no condition on its way that fails. */
function shownWith(form: Shape, key: AnswerKey, holds: (gate: Shape["gates"][number]) => boolean): boolean {
  const owner = form.owners.get(key);
  if (!owner) return false;
  for (let g = owner.gate; g >= 0; g = form.gates[g]!.parent) {
    const gate = form.gates[g]!;
    if (gate.kind === "block" || (gate.condition && !holds(gate))) return false;
  }
  return true;
}

/**
 * The keys that save alone over any answers, once per form: controlling nothing and asked behind
 * no condition and in no add-another block. A save of these alone needs neither the engine nor the
 * stored answers (PUT /api/answer writes it in the statement that checks the session).
 */
export function alwaysAloneKeys(form: Shape): ReadonlySet<AnswerKey> {
  let keys = alwaysAlone.get(form.gates);
  if (keys) return keys;
  const controls = controllingKeys(form);
  keys = new Set([...form.owners.keys()].filter((key) => !controls.has(key) && shownWith(form, key, () => false)));
  alwaysAlone.set(form.gates, keys);
  return keys;
}

/** Whether `keys` (at least one) all save alone over any answers (alwaysAloneKeys). */
export function savesAloneAlways(form: Shape, keys: readonly AnswerKey[]): boolean {
  const alone = alwaysAloneKeys(form);
  return keys.length > 0 && keys.every((key) => alone.has(key));
}

/**
 * Whether saving `keys` over `answers` changes those answers alone, so evaluate would clear
 * nothing: no key is a controlling key, and each is asked (by a question of the definitions) behind
 * conditions that hold in `answers` and in no add-another block. A key controlling nothing is
 * read by no condition, so saving it cannot change whether it is shown.
 */
export function savesAlone(form: Shape, answers: Answers, keys: Iterable<AnswerKey>): boolean {
  const controls = controllingKeys(form);
  for (const key of keys) {
    if (controls.has(key) || !shownWith(form, key, (gate) => gate.condition!.test(answers))) return false;
  }
  return true;
}
