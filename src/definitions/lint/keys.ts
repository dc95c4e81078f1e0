// The pages' answer keys against the data model (schemas/answers.schema.json), both ways.
import type { Expansion } from "../../engine/compile";
import type { AnswerKey } from "../../engine/runtime";
import type { ProjectFiles } from "../files";
import { findingAt, writtenAt, type LintFinding } from "./finding";

const MODEL = "schemas/answers.schema.json";

/**
 * Every key a page stores is in the data model, one finding per mistake: a group's max beyond the
 * blocks the data model has keys for is one finding at `max`, and a written question missing from
 * it is one finding however many blocks repeat it.
 */
export function lintKeysInModel(project: ProjectFiles, expansion: Expansion, model: Set<string>): LintFinding[] {
  const findings: LintFinding[] = [];
  const explained = new Set<AnswerKey>();
  for (const [id, group] of expansion.blockGroups) {
    const gate = expansion.gates.find((g) => g.kind === "block" && g.group === id);
    if (!gate) continue;
    const written = (writtenAt(project, gate.source) as { max?: number } | undefined)?.max ?? group.max;
    // Past the limit the engine refuses the max itself; that finding says what to change.
    const modelled = group.blocks.findIndex((keys) => keys.length > 0 && keys.every((key) => !model.has(key)));
    if (modelled < 0) continue;
    if (!group.blocks.slice(modelled).every((keys) => keys.every((key) => !model.has(key)))) continue;
    for (const keys of group.blocks.slice(modelled)) keys.forEach((key) => explained.add(key));
    if (written > group.max) continue;
    const first = group.blocks[modelled]![0]!;
    findings.push(findingAt(project, gate.source, "/max",
      `add-another "${id}" has max ${written}, but the data model has keys for ${modelled} block${modelled === 1 ? "" : "s"}: add block ${modelled + 1}'s keys (${first}, …) and the later blocks' to ${MODEL}, or lower max to ${modelled}`));
  }
  // A companion or a lookup's fill has no `key` of its own: point at its item.
  const byItem = new Map<string, AnswerKey[]>();
  for (const [key, owner] of expansion.owners) {
    if (model.has(key) || explained.has(key)) continue;
    const id = `${owner.item.source.file}|${owner.item.source.pointer}`;
    byItem.set(id, [...(byItem.get(id) ?? []), key]);
  }
  for (const keys of byItem.values()) {
    const owner = expansion.owners.get(keys[0]!)!;
    const message = keys.length === 1
      ? `answer key "${keys[0]}" is not in the data model (${MODEL})`
      : `answer keys ${keys.map((k) => `"${k}"`).join(", ")} are not in the data model (${MODEL})`;
    findings.push(findingAt(project, expansion.keySources.get(keys[0]!) ?? owner.item.source, "", message));
  }
  return findings;
}

/** Data-model keys no page asks for, as warnings: they do not fail the lint. */
export function lintUnaskedKeys(expansion: Expansion, model: Set<string>): LintFinding[] {
  return [...model]
    .filter((key) => !expansion.owners.has(key))
    .map((key) => ({ path: MODEL, pointer: `/properties/${key}`, message: `no page asks for answer key "${key}"`, severity: "warning" }));
}
