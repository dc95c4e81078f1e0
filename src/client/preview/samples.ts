// The answer sets the preview offers: every file of examples/answers/ (minimal.json, complete.json),
// by name without .json.
import type { Answers } from "../../engine/runtime";

const files = import.meta.glob<Answers>("../../../examples/answers/*.json", { eager: true, import: "default" });

export const samples: Record<string, Answers> = Object.fromEntries(
  Object.entries(files).map(([path, answers]) => [path.slice(path.lastIndexOf("/") + 1, -".json".length), answers]),
);
