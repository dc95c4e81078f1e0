// The generated parts of docs/staff-guide.md: its reference, from the format's own descriptions
// (schemas/form-definition.schema.json), so the guide says what the linter and the editors check,
// and the linter's sentences for the format's mistakes (lint/schema-messages.ts). npm run
// generate:schemas writes each between its markers; a test fails when one is out of date.
import type { ErrorObject } from "ajv";
import { SCHEMA_MESSAGES, sentence } from "./lint/schema-messages";

export const STAFF_GUIDE = "docs/staff-guide.md";

interface Schema {
  type?: string;
  items?: Schema;
  pattern?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  enum?: unknown[];
  enumDescriptions?: string[];
  const?: unknown;
  $ref?: string;
  definitions?: Record<string, Schema>;
}

const cell = (text = "") => text.replace(/\|/g, "\\|");
const code = (text: string) => `\`${text}\``;

function table(header: [string, string], rows: [string, string][]): string {
  return [`| ${header[0]} | ${header[1]} |`, "|---|---|", ...rows.map(([a, b]) => `| ${a} | ${cell(b)} |`)].join("\n");
}

/** The properties every item type has, with the same description: listed once, not per type. */
function sharedProperties(items: Schema[]): string[] {
  const [first, ...rest] = items;
  return Object.keys(first!.properties ?? {}).filter((name) =>
    name !== "type" && rest.every((item) => item.properties?.[name]?.description === first!.properties![name]!.description));
}

function itemTypes(definitions: Record<string, Schema>): string {
  const items = definitions.item!.oneOf!.map(({ $ref }) => definitions[$ref!.slice("#/definitions/".length)]!);
  const shared = sharedProperties(items);
  const sections = items.map((item) => {
    const required = new Set(item.required ?? []);
    const rows = Object.entries(item.properties ?? {})
      .filter(([name]) => name !== "type" && !shared.includes(name))
      .map(([name, property]): [string, string] => [`${code(name)}${required.has(name) ? " (required)" : ""}`, property.description ?? ""]);
    return `#### ${code(String(item.properties!.type!.const))}\n\n${item.description ?? ""}\n\n${table(["property", "what it is"], rows)}`;
  });
  const common = shared.map((name): [string, string] => [code(name), items[0]!.properties![name]!.description ?? ""]);
  return [
    "### Item types",
    `Every item has a ${code("type")}. Every item also takes:`,
    table(["property", "what it is"], common),
    ...sections,
  ].join("\n\n");
}

function conditions(definitions: Record<string, Schema>): string {
  const [comparison, ...combinations] = definitions.condition!.oneOf!;
  const { key, op, value } = comparison!.properties!;
  const operators = op!.enum!.map((name, i): [string, string] => [code(String(name)), op!.enumDescriptions?.[i] ?? ""]);
  const combined = combinations.map((schema): [string, string] => {
    const [name, property] = Object.entries(schema.properties!)[0]!;
    return [code(`{ "${name}": … }`), property.description ?? ""];
  });
  return [
    "### Operators",
    `${definitions.condition!.description ?? ""} A comparison is ${code('{ "key": …, "op": …, "value": … }')}: ${code("key")}: ${key!.description ?? ""} ${code("value")}: ${value!.description ?? ""}`,
    table(["op", "true when"], operators),
    "### Combining conditions",
    table(["write", "true when"], combined),
  ].join("\n\n");
}

/** How a form of choices is written, from its schema: an array of objects, an object, or a file path. */
function shape(schema: Schema, definitions: Record<string, Schema>): string {
  const parts = (of: Schema) => (of.required ?? []).map((name) => `"${name}": …`).join(", ");
  if (schema.type === "array" && schema.items?.$ref) return code(`[ { ${parts(definitions[schema.items.$ref.slice("#/definitions/".length)]!)} }, … ]`);
  if (schema.type === "object") return code(`{ ${parts(schema)} }`);
  return code(`"${schema.pattern?.replace(/^\^/, "").replace(/\[.*$/, "") ?? ""}….json"`);
}

function choices(definitions: Record<string, Schema>): string {
  const forms = definitions.options!.oneOf!.map((form): [string, string] => {
    const target = form.$ref ? definitions[form.$ref.slice("#/definitions/".length)]! : form;
    return [shape(target, definitions), target.description ?? ""];
  });
  return ["### Choices", `${definitions.options!.description ?? ""}`, table(["form", "what it is"], forms)].join("\n\n");
}

function institution(definitions: Record<string, Schema>): string {
  const settings = definitions.institutionFile!.properties!.institution!;
  const required = new Set(settings.required ?? []);
  const rows = Object.entries(settings.properties ?? {}).map(([name, property]): [string, string] => [
    `${code(name)}${required.has(name) ? " (required)" : ""}`,
    property.description ?? "",
  ]);
  return ["### Institution settings (institution.json)", table(["setting", "what it is"], rows)].join("\n\n");
}

function decisions(definitions: Record<string, Schema>): string {
  const decision = definitions.decision!;
  const required = new Set(decision.required ?? []);
  const rows = Object.entries(decision.properties ?? {}).map(([name, property]): [string, string] => [
    `${code(name)}${required.has(name) ? " (required)" : ""}`,
    property.description ?? "",
  ]);
  return ["### Decisions (decisions.json)", definitions.decisionsFile!.description ?? "", table(["field", "what it is"], rows)].join("\n\n");
}

/** The reference, in Markdown, from the format schema. */
export function renderReference(formatSchema: Schema): string {
  const definitions = formatSchema.definitions!;
  return [itemTypes(definitions), conditions(definitions), choices(definitions), institution(definitions), decisions(definitions)].join("\n\n");
}

/** The linter's sentence for each mistake of form, as its example says it, beside when it comes. */
export function renderSchemaMessages(): string {
  const rows = Object.values(SCHEMA_MESSAGES).map(({ when, example }): [string, string] => {
    const said = sentence({ instancePath: "", schemaPath: "", ...example } as ErrorObject) ?? "";
    // A sentence that quotes a name in backticks ("did you mean `label`?") is set in double ones.
    return [said.includes("`") ? `\`\` ${said} \`\`` : code(said), when];
  });
  return table(["it says, for example", "when you wrote"], rows);
}

/** The guide with the text between the markers `<!-- {part}:start -->` and `<!-- {part}:end -->` replaced by `text`. */
export function withGenerated(guide: string, part: "reference" | "schema-messages", text: string): string {
  const [start, end] = [`<!-- ${part}:start -->`, `<!-- ${part}:end -->`];
  const from = guide.indexOf(start);
  const to = guide.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${STAFF_GUIDE} needs the markers ${start} and ${end}`);
  return `${guide.slice(0, from + start.length)}\n\n${text}\n\n${guide.slice(to)}`;
}
