// The definitions as the server uses them: the compiled form, and the request schemas that come
// from it (the answers' data model, the pages, the tab and add-another groups).
import { answersSchemaOf, loadForm, type JsonSchema } from "../engine/compile";
import type { CompiledForm, FormFiles } from "../engine/runtime";
import { readProject, repoRoot } from "../definitions/files";
import { lintErrorLines } from "../definitions/lint";
import { ApiError } from "../api-contract/errors";
import { refuse } from "../api-contract/refuse";
import { messages } from "../api-contract/messages";
import type { Database } from "./db/database";
import { storedVersion, type DefinitionVersion } from "./data/definition-versions";
import { versionOf } from "../definitions/version";

export interface ServerForm {
  form: CompiledForm;
  /** The definition set it was compiled from, as published (data/definition-versions.ts). */
  files: FormFiles;
  /** PUT /api/answer's body: every key of the data model, each with its type and limits. */
  answersSchema: JsonSchema;
  pageRoutes: string[];
  tabGroups: string[];
  blockGroups: string[];
  /** The answer keys of `file` questions, in page order (the PDF copy appends their documents so). */
  documentKeys: string[];
  /** The answer keys its questions ask: each question's own, and a choice's label (`{key}_desc`). */
  askedKeys: Set<string>;
}

/** Definitions with lint errors: the server does not start on them. */
export class DefinitionErrors extends Error {
  constructor(readonly lines: string[]) {
    super(`the definitions have ${lines.length} error${lines.length === 1 ? "" : "s"}; the server does not start on them:\n${lines.join("\n")}`);
  }
}

/** The form from the definitions at `root`; throws DefinitionErrors when the linter refuses them. */
export function loadServerForm(root = repoRoot, today?: string): ServerForm {
  const errors = lintErrorLines(root);
  if (errors.length > 0) throw new DefinitionErrors(errors);
  return serverFormOf(readProject(root).form, today);
}

/** The form compiled from a definition set the linter passed (the working copy's, or a published version's). */
export function serverFormOf(files: FormFiles, today?: string): ServerForm {
  const form = loadForm(files, { today });
  // Essays' limits come from the institution's character_limit, as the validator's do.
  const model = answersSchemaOf(files) as { properties: Record<string, JsonSchema> };
  const properties: Record<string, JsonSchema> = {};
  for (const [key, schema] of Object.entries(model.properties)) {
    // "" is unanswered for every key, checkboxes included.
    properties[key] = schema.type === "boolean" ? { enum: [true, false, ""] } : schema;
  }
  return {
    form,
    files,
    answersSchema: {
      type: "object",
      description: "Answers by answer key; \"\" is unanswered. Only keys of the data model, each within its limits.",
      properties,
      additionalProperties: false,
      maxProperties: Object.keys(properties).length,
    },
    pageRoutes: form.pages.map((p) => p.route),
    tabGroups: [...form.tabGroups.keys()],
    blockGroups: [...form.blockGroups.keys()],
    documentKeys: [...form.owners].filter(([, owner]) => owner.item.item.type === "file").map(([key]) => key),
    askedKeys: new Set([...form.owners.keys(), ...form.companions.values()]),
  };
}

/**
 * A published version that does not load: its row is gone, its files no longer hash to its name
 * (changed in the database), or they do not compile. Answered 500 with the version named, and
 * logged; the application is never shown with other definitions instead.
 */
class VersionUnavailable extends ApiError {
  constructor(readonly hash: string, label: string, readonly reason: string, readonly missing = false) {
    super(500, "versionUnavailable", messages.versionUnavailable(label), {});
  }
}

/** The forms of the published versions, compiled once each and kept for the next request. */
export interface FormVersions {
  /** The form of the published version `hash` (the current one's own when null); rejects with VersionUnavailable. */
  of(hash: string | null): Promise<ServerForm>;
  /** The same for a hash a request names: 404 (versionNotFound) when no version has it. */
  named(hash: string): Promise<ServerForm>;
}

/**
 * The most versions compiled at once: a cycle's staff edits make a few dozen versions, applications
 * in flight refer to a handful, and each compiled form holds a few MB (scripts/bench-versions.ts measures it).
 * The least recently used one is dropped first.
 */
const COMPILED_VERSIONS = 8;

export function formVersions(db: Database, current: ServerForm, currentVersion: DefinitionVersion, limit = COMPILED_VERSIONS): FormVersions {
  const compiled = new Map<string, Promise<ServerForm>>();
  const compile = async (hash: string): Promise<ServerForm> => {
    const stored = await storedVersion(db, hash);
    if (!stored) throw new VersionUnavailable(hash, hash.slice(0, 7), "no version of this name is published", true);
    if (versionOf(stored.files).hash !== hash) throw new VersionUnavailable(hash, stored.label, "its files in the database no longer match its hash");
    try {
      return serverFormOf(stored.files);
    } catch (error) {
      throw new VersionUnavailable(hash, stored.label, `its files do not compile: ${(error as Error).message}`);
    }
  };
  const of = (hash: string | null): Promise<ServerForm> => {
    if (hash === null || hash === currentVersion.hash) return Promise.resolve(current);
    let form = compiled.get(hash);
    if (form) {
      compiled.delete(hash);
    } else {
      form = compile(hash);
      // A failure is not kept: the next request tries again.
      form.catch(() => compiled.get(hash) === form && compiled.delete(hash));
    }
    compiled.set(hash, form);
    if (compiled.size > limit) compiled.delete(compiled.keys().next().value!);
    return form;
  };
  return {
    of,
    named: (hash) => of(hash).catch((error: unknown) => {
      throw error instanceof VersionUnavailable && error.missing ? refuse(404, "versionNotFound") : error;
    }),
  };
}
