import type { Source } from "../../engine/runtime";
import type { ProjectFiles } from "../files";

/** One mistake in a project's files, at a JSON pointer into the file at `path`. */
export interface LintFinding {
  /** Path from the project root, e.g. form-definitions/about.json. */
  path: string;
  pointer: string;
  /** Where the finding is when no pointer can say it (a syntax error): characters from the start. */
  offset?: number;
  message: string;
  severity: "error" | "warning";
}

/** A finding at an item the engine read (its Source names the file as the engine does). */
export function findingAt(project: ProjectFiles, source: Source, pointerTail: string, message: string, severity: LintFinding["severity"] = "error"): LintFinding {
  return { path: project.pathOf(source.file), pointer: source.pointer + pointerTail, message, severity };
}

/** The JSON value at a Source, as written in its file. */
export function writtenAt(project: ProjectFiles, source: Source): unknown {
  return valueAt(project.sources.find((s) => s.path === project.pathOf(source.file))?.json, source.pointer);
}

/** The value at a JSON pointer into `node`; undefined where there is none. */
export function valueAt(node: unknown, pointer: string): unknown {
  return pointer.split("/").slice(1).reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], node);
}
