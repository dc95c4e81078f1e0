// Reads a project's definitions and schemas from disk into the engine's FormFiles, keeping each
// file's text so the linter can point at lines and columns.
// Sync reads: ~30 small files at start-up read faster than through the thread pool.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
import type { JsonSchema } from "../engine/compile";
import type { DecisionsFile, FormFiles, InstitutionFile, OptionListFile, PageDefinition, TemplateFile } from "../engine/runtime";
import { classifyDefinitionFile } from "./classify";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface SourceFile {
  /** Path from the project root, e.g. form-definitions/about.json. */
  path: string;
  text: string;
  /** The parsed JSON, or undefined when the text is not JSON. */
  json: unknown;
  /** Why the text is not JSON, and where (characters from the start). */
  parseError?: { message: string; offset: number };
}

export interface ProjectFiles {
  root: string;
  sources: SourceFile[];
  /** What the engine reads; files that failed to parse are left out. */
  form: FormFiles;
  /** Definition file paths by the names the engine uses ("about.json", "options/months.json"). */
  pathOf: (engineName: string) => string;
}

function readSource(root: string, path: string): SourceFile {
  const text = readFileSync(join(root, path), "utf8");
  try {
    return { path, text, json: JSON.parse(text) };
  } catch (error) {
    return { path, text, json: undefined, parseError: syntaxError(text) ?? { message: `not valid JSON: ${(error as Error).message}`, offset: 0 } };
  }
}

// JSON.parse decides whether a file is JSON (the server and the browser read it so), but its
// messages name no position for some mistakes ("Expected double-quoted property name"):
// jsonc-parser's errors carry the offset.
const SYNTAX: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "not a number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between two values',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the list',
  EndOfFileExpected: "expected the end of the file after the last \"}\"",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "comments are not allowed in JSON",
  UnexpectedEndOfString: "a string is not closed with a double quote",
  UnexpectedEndOfNumber: "not a number",
  InvalidUnicode: "a \\u escape needs four hex digits",
  InvalidEscapeCharacter: "unknown escape after a backslash",
  InvalidCharacter: "a string cannot hold this character (a line break or tab?); write \\n or \\t",
};

/** The first syntax mistake in `text`, with its offset; a trailing comma is named as such. */
function syntaxError(text: string): { message: string; offset: number } | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const code = printParseErrorCode(first.error);
  const before = /,\s*$/.exec(text.slice(0, first.offset));
  if ((code === "PropertyNameExpected" || code === "ValueExpected") && before && /^[}\]]/.test(text.slice(first.offset))) {
    return { message: `not valid JSON: a trailing comma; delete the "," before "${text[first.offset]}"`, offset: before.index };
  }
  return { message: `not valid JSON: ${SYNTAX[code] ?? code}`, offset: first.offset };
}

function jsonFiles(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  const entries = readdirSync(join(root, dir), { withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => join(dir, e.name)).sort();
}

/** Reads form-definitions/, schemas/answers.schema.json and schemas/rules/ below `root`. */
export function readProject(root = repoRoot): ProjectFiles {
  const definitionPaths = [...jsonFiles(root, "form-definitions"), ...jsonFiles(root, "form-definitions/options")];
  const schemaPaths = [
    ...(existsSync(join(root, "schemas/answers.schema.json")) ? ["schemas/answers.schema.json"] : []),
    ...jsonFiles(root, "schemas/rules"),
  ];
  const sources = [...definitionPaths, ...schemaPaths].map((path) => readSource(root, path));

  const form: FormFiles = {
    pages: {}, optionLists: {}, rules: {}, answersSchema: {},
    addressTemplate: { $schema: "", template: "address", items: [] },
    institution: { $schema: "", institution: { name: "", office_address: [""], contacts: { email: "", phone: "" }, privacy_url: "", character_limit: 7000, uploads: { max_size_mb: 1, types: [".pdf"] }, student_type: "", reference_prefix: "", time_zone: "", welcome: { visitor: "", first_login: "", returning: "", submitted: "" } } },
  };
  const engineName = (path: string) => relative("form-definitions", path);
  for (const source of sources) {
    if (source.json === undefined || typeof source.json !== "object" || source.json === null) continue;
    const json = source.json as Record<string, unknown>;
    if (source.path === "schemas/answers.schema.json") form.answersSchema = json as JsonSchema;
    else if (source.path.startsWith("schemas/rules/")) form.rules[relative("schemas/rules", source.path)] = json as JsonSchema;
    else {
      const name = engineName(source.path);
      const kind = classifyDefinitionFile(name, json);
      if (kind === "optionListFile") form.optionLists[name] = json as unknown as OptionListFile;
      else if (kind === "templateFile") form.addressTemplate = json as unknown as TemplateFile;
      else if (kind === "institutionFile") form.institution = json as unknown as InstitutionFile;
      else if (kind === "decisionsFile") form.decisions = json as unknown as DecisionsFile;
      else form.pages[name] = json as unknown as PageDefinition;
    }
  }
  return { root, sources, form, pathOf: (name) => join("form-definitions", name) };
}

/**
 * Puts `files` in place of the definitions below `root`, as readProject reads them (going back
 * to a published version): every definition and schema file readProject reads is replaced,
 * written with two-space indents. The address template, the institution's settings and the
 * decisions keep their usual names.
 */
export function writeProject(root: string, files: FormFiles): void {
  for (const path of readProject(root).sources.map((source) => source.path)) rmSync(join(root, path));
  const write = (path: string, json: unknown) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), `${JSON.stringify(json, null, 2)}\n`);
  };
  for (const [name, page] of Object.entries(files.pages)) write(join("form-definitions", name), page);
  for (const [name, list] of Object.entries(files.optionLists)) write(join("form-definitions", name), list);
  write("form-definitions/address.json", files.addressTemplate);
  write("form-definitions/institution.json", files.institution);
  if (files.decisions) write("form-definitions/decisions.json", files.decisions);
  write("schemas/answers.schema.json", files.answersSchema);
  for (const [name, rule] of Object.entries(files.rules)) write(join("schemas/rules", name), rule);
}
