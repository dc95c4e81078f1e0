// What a file of form-definitions/ holds. The linter, the server's loader, the browser's bundle
// and the build's page list all sort the files with this one function.

/** Each kind is a definition of schemas/form-definition.schema.json (`#/definitions/page`, …). */
export type DefinitionFileKind = "page" | "optionListFile" | "templateFile" | "institutionFile" | "decisionsFile";

/**
 * `name` as the engine names files (`about.json`, `options/months.json`): every file in options/
 * is an option list; elsewhere the address template, the institution's settings and the decisions
 * say so at their top level, and anything else is a page.
 */
export function classifyDefinitionFile(name: string, json: object): DefinitionFileKind {
  if (name.startsWith("options/")) return "optionListFile";
  if ("template" in json) return "templateFile";
  if ("institution" in json) return "institutionFile";
  if ("decisions" in json) return "decisionsFile";
  return "page";
}
