// A select's or radio's answer stores its option's code under its key and the option's label
// beside it ({key}_desc), and the data model limits both (maxLength). An option longer than its
// key holds is refused when the applicant saves it, with an error on an answer they never typed
// and cannot shorten.
import type { Expansion } from "../../engine/compile";
import type { ProjectFiles } from "../files";
import { findingAt, type LintFinding } from "./finding";
import { writtenOptions } from "./offered";

const MODEL = "schemas/answers.schema.json";

/** What of an option is stored, under which key. */
const STORED = [
  { part: "value", noun: "code", keyOf: (key: string) => key, whose: () => "" },
  { part: "label", noun: "label", keyOf: (_key: string, desc: string) => desc, whose: (key: string) => `, where the label of "${key}"'s answer is stored` },
] as const;

export function lintStoredLengths(project: ProjectFiles, expansion: Expansion): LintFinding[] {
  const limits = (project.form.answersSchema.properties ?? {}) as Record<string, { maxLength?: unknown } | undefined>;
  // One finding per written option: for an option list many questions share, the strictest limit.
  const strictest = new Map<string, { limit: number; finding: LintFinding }>();
  for (const [key, desc] of expansion.companions) {
    const owner = expansion.owners.get(key);
    if (owner?.item.key !== key) continue;
    for (const written of writtenOptions(project.form, owner.item)) {
      for (const { part, noun, keyOf, whose } of STORED) {
        const storedKey = keyOf(key, desc);
        const limit = limits[storedKey]?.maxLength;
        const length = [...written.option[part]].length;
        const at = part === "value" ? written.valueAt : written.labelAt;
        const id = `${at.file}|${at.pointer}`;
        if (typeof limit !== "number" || length <= limit || (strictest.get(id)?.limit ?? Infinity) <= limit) continue;
        strictest.set(id, {
          limit,
          finding: findingAt(project, at, "",
            `this ${noun} has ${length} characters, but the data model keeps at most ${limit} for "${storedKey}"${whose(key)}: an applicant who chooses it is refused with an error they cannot fix; shorten it to ${limit} character${limit === 1 ? "" : "s"}, or raise "maxLength" of "${storedKey}" in ${MODEL}`),
        });
      }
    }
  }
  return [...strictest.values()].map(({ finding }) => finding);
}
