// What staff read for each of Ajv's errors: what is wrong and what to write instead, never Ajv's
// own text ("must match format", "does not have the expected form"). The definitions' format
// (format.ts) and the schemas (schemas.ts) say them alike; each entry's example is an error as
// Ajv reports it, so the staff guide's "When the linter complains" can list the sentences.
import type { ErrorObject } from "ajv";
import { ITEM_TYPES } from "../../engine/runtime";
import { didYouMean } from "./suggest";

type Say = (error: ErrorObject) => string | undefined;

/** An Ajv error of one kind, as much of it as its sentence reads. */
type Example = Pick<ErrorObject, "keyword" | "params"> & Partial<ErrorObject>;

interface SchemaMessage {
  /** What staff wrote, in their words: the staff guide's "When the linter complains" lists it beside the sentence. */
  when: string;
  say: Say;
  example: Example;
}

const quote = (value: unknown) => JSON.stringify(value);
const paramsOf = (error: ErrorObject) => error.params as Record<string, unknown>;

/** Each JSON type in words: alone (with how it is written), or short in a list of several; and the value written as that type. */
const TYPES: Record<string, { alone: string; short: string; fix?: (written: unknown) => unknown }> = {
  integer: { alone: "a whole number, without quotes", short: "a whole number", fix: (w) => (typeof w === "string" && /^-?\d+$/.test(w) ? Number(w) : undefined) },
  number: { alone: "a number, without quotes", short: "a number", fix: (w) => (typeof w === "string" && w.trim() !== "" && Number.isFinite(Number(w)) ? Number(w) : undefined) },
  boolean: { alone: "true or false, without quotes", short: "true/false", fix: (w) => (w === "true" || w === "false" ? w === "true" : undefined) },
  string: { alone: "text in double quotes", short: "text", fix: (w) => (typeof w === "number" || typeof w === "boolean" ? String(w) : undefined) },
  array: { alone: "a list in [ ]", short: "a list", fix: (w) => (w === undefined || Array.isArray(w) ? undefined : [w]) },
  object: { alone: "an object in { }", short: "an object" },
  null: { alone: "null", short: "null" },
};

function mustBeType(error: ErrorObject): string {
  const types = String(paramsOf(error).type).split(",");
  if (types.length > 1) {
    const words = types.map((type) => TYPES[type]?.short ?? type);
    return `must be ${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
  }
  const type = TYPES[types[0]!];
  if (!type) return `must be ${types[0]}`;
  const fixed = type.fix?.(error.data);
  return `must be ${type.alone}${fixed === undefined ? "" : `: write ${quote(fixed)}, not ${quote(error.data)}`}`;
}

/** A value that must have a pattern's form: the form in words, and the value written in that form. */
function shaped(words: string, rewrite: (written: string) => string): Say {
  return (error) => {
    const written = String(error.data);
    const rewritten = rewrite(written);
    const fits = rewritten !== written && new RegExp(String(paramsOf(error).pattern), "u").test(rewritten);
    return `${quote(written)} must be ${words}${fits ? `: write ${quote(rewritten)}` : ""}`;
  };
}

/** The values an enum allows, and the one meant when what was written is close to one. */
function allowedIn(error: ErrorObject): { allowed: string[]; suggestion: string } {
  const allowed = (paramsOf(error).allowedValues as unknown[]).map(String);
  return { allowed, suggestion: typeof error.data === "string" ? didYouMean(error.data, allowed) : "" };
}

/** The words of a name, lower-cased (accents dropped), joined by `joiner`: "First-Name", "_" → first_name. */
function words(written: string, joiner: string): string {
  return written
    .normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/).filter(Boolean).join(joiner);
}

const letterFirst = (rewritten: string) => rewritten.replace(/^[^a-z]+/, "");
const snake = (written: string) => letterFirst(words(written, "_"));
const kebab = (written: string) => letterFirst(words(written, "-"));
const optionPath = (written: string) => `options/${kebab(written.replace(/^options\//, "").replace(/\.json$/, ""))}.json`;
const optionFile = shaped("options/, then lower-case letters, digits and -, then .json", optionPath);
const LOWER_SNAKE = "lower-case letters, digits and _, starting with a letter";

export const SCHEMA_MESSAGES = {
  required: {
    when: "a part an item needs is missing, such as a question's `label`",
    say: (e) => `${quote(String(paramsOf(e).missingProperty))} is required here`,
    example: { keyword: "required", params: { missingProperty: "label" } },
  },
  additionalProperties: {
    when: "a part's name is misspelled, or the part does not belong in this kind of item",
    say: (e) => {
      const written = String(paramsOf(e).additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return `unknown property ${quote(written)}${didYouMean(written, known)}`;
    },
    example: { keyword: "additionalProperties", params: { additionalProperty: "lable" }, parentSchema: { properties: { key: {}, label: {} } } },
  },
  "discriminator mapping": {
    when: "an item's `type` is not one of the item types",
    say: (e) => `unknown item type ${quote(String(paramsOf(e).tagValue))}; use one of ${ITEM_TYPES.join(", ")}`,
    example: { keyword: "discriminator", params: { error: "mapping", tag: "type", tagValue: "slider" } },
  },
  "discriminator tag": {
    when: "an item has no `type`",
    say: () => `an item needs a "type": one of ${ITEM_TYPES.join(", ")}`,
    example: { keyword: "discriminator", params: { error: "tag", tag: "type" } },
  },
  enum: {
    when: "a value that must be one of a short list (a document's kind, an upload type)",
    say: (e) => {
      const { allowed, suggestion } = allowedIn(e);
      return `${quote(e.data)} is not one of ${allowed.map(quote).join(", ")}${suggestion}`;
    },
    example: { keyword: "enum", params: { allowedValues: ["person", "school", "flag", "document", "checklist"] }, data: "star" },
  },
  "enum operator": {
    when: "a condition's `op` is misspelled",
    say: (e) => {
      const { allowed, suggestion } = allowedIn(e);
      return `unknown operator ${quote(e.data)}${suggestion || `; use one of ${allowed.join(", ")}`}`;
    },
    example: { keyword: "enum", params: { allowedValues: ["equals", "notEquals", "in", "notIn"] }, data: "notin", schemaPath: "#/properties/op/enum" },
  },
  const: {
    when: "a value that can only be one thing here",
    say: (e) => `must be ${quote(paramsOf(e).allowedValue)}`,
    example: { keyword: "const", params: { allowedValue: "address" }, data: "addr" },
  },
  type: {
    when: "a value of the wrong kind: a number or true/false in quotes, text without them, one value where a list belongs",
    say: mustBeType,
    example: { keyword: "type", params: { type: "integer" }, data: "2" },
  },
  "format date": {
    when: "a day not written YYYY-MM-DD (the cycle's days, the banner's)",
    say: (e) => `${quote(e.data)} is not a date: write dates as YYYY-MM-DD, e.g. 2026-11-01`,
    example: { keyword: "format", params: { format: "date" }, data: "11/30/2026" },
  },
  "format email": {
    when: "a contact address that is not a whole e-mail address",
    say: (e) => `${quote(e.data)} is not an email address: write it whole, e.g. admission@example.edu`,
    example: { keyword: "format", params: { format: "email" }, data: "admission at example.edu" },
  },
  "format uri": {
    when: "a web address (the privacy policy, a link) without https://",
    say: (e) => {
      const written = String(e.data);
      return `${quote(written)} is not a whole web address: ${written.includes("://") || /\s/.test(written) ? "write it with https://, e.g. https://www.example.edu/privacy" : `write ${quote(`https://${written}`)}`}`;
    },
    example: { keyword: "format", params: { format: "uri" }, data: "example.edu/privacy" },
  },
  "format time-zone": {
    when: "`time_zone` is not a name such as America/New_York",
    say: (e) => `${quote(e.data)} is not a time zone: write an IANA name such as America/New_York`,
    example: { keyword: "format", params: { format: "time-zone" }, data: "Eastern" },
  },
  "pattern ^[a-z][a-z0-9_]*$": {
    when: "an answer key with capitals, spaces or dashes",
    say: shaped(LOWER_SNAKE, snake),
    example: { keyword: "pattern", params: { pattern: "^[a-z][a-z0-9_]*$" }, data: "First-Name" },
  },
  "pattern ^[a-z0-9_]+$": {
    when: "a key in `clearOnHide` or `clear` written otherwise than answer keys are",
    say: shaped("lower-case letters, digits and _", (w) => words(w, "_")),
    example: { keyword: "pattern", params: { pattern: "^[a-z0-9_]+$" }, data: "TOEFL score" },
  },
  "pattern ^[a-z][a-z0-9_]*_$": {
    when: "an add-another block's `prefix` (it ends with _)",
    say: shaped(`${LOWER_SNAKE} and ending with _`, (w) => `${snake(w)}_`),
    example: { keyword: "pattern", params: { pattern: "^[a-z][a-z0-9_]*_$" }, data: "Sibling" },
  },
  "pattern ^([a-z][a-z0-9_]*_)?$": {
    when: "an address's `prefix` (it ends with _, or is empty)",
    say: shaped(`"" (no prefix) or ${LOWER_SNAKE} and ending with _`, (w) => (snake(w) ? `${snake(w)}_` : "")),
    example: { keyword: "pattern", params: { pattern: "^([a-z][a-z0-9_]*_)?$" }, data: "Home" },
  },
  "pattern ^[a-z][a-z0-9_-]*$": {
    when: "a section's or group's `id`",
    say: shaped("lower-case letters, digits, _ and -, starting with a letter", kebab),
    example: { keyword: "pattern", params: { pattern: "^[a-z][a-z0-9_-]*$" }, data: "Test Scores" },
  },
  "pattern ^[a-z][a-z0-9-]*$": {
    when: "a page's `page` name",
    say: shaped("lower-case letters, digits and -, starting with a letter", kebab),
    example: { keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, data: "About You" },
  },
  "pattern ^/[a-z0-9-]+$": {
    when: "a page's `route`, its address in the browser",
    say: shaped("/ and then lower-case letters, digits and -", (w) => `/${kebab(w)}`),
    example: { keyword: "pattern", params: { pattern: "^/[a-z0-9-]+$" }, data: "about" },
  },
  "pattern ^options/[a-z0-9-]+\\.json$": {
    when: "an option list file's name in `\"options\"`",
    say: (e) => (String(e.data).startsWith("options/") ? optionFile(e) : `an option list file is named with its folder: write ${quote(optionPath(String(e.data)))}`),
    example: { keyword: "pattern", params: { pattern: "^options/[a-z0-9-]+\\.json$" }, data: "yes-no.json" },
  },
  "pattern ^[A-Z0-9]{1,8}$": {
    when: "`reference_prefix` or a term's code",
    say: shaped("1 to 8 capital letters or digits", (w) => w.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 8)),
    example: { keyword: "pattern", params: { pattern: "^[A-Z0-9]{1,8}$" }, data: "wu-" },
  },
  minLength: {
    when: "a text left empty, such as `\"label\": \"\"`",
    say: (e) => (paramsOf(e).limit === 1 ? "must not be empty" : `must be at least ${String(paramsOf(e).limit)} characters long`),
    example: { keyword: "minLength", params: { limit: 1 }, data: "" },
  },
  minItems: {
    when: "a list with too few entries (a tab group of one tab)",
    say: (e) => (paramsOf(e).limit === 1 ? "must not be an empty list" : `must list at least ${String(paramsOf(e).limit)} entries`),
    example: { keyword: "minItems", params: { limit: 2 }, data: [{}] },
  },
  minProperties: {
    when: "an object left empty, such as `\"deadlines\": {}`",
    say: (e) => (paramsOf(e).limit === 1 ? "must not be empty: write at least one entry between { and }" : `must have at least ${String(paramsOf(e).limit)} entries`),
    example: { keyword: "minProperties", params: { limit: 1 }, data: {} },
  },
  uniqueItems: {
    when: "a list that names the same thing twice",
    say: (e) => `${quote((e.data as unknown[] | undefined)?.[Number(paramsOf(e).i)])} is listed twice: write it once`,
    example: { keyword: "uniqueItems", params: { i: 1, j: 0 }, data: ["toefl_score", "toefl_score"] },
  },
  minimum: {
    when: "a number below its least (an add-another block's `max` of 0)",
    say: (e) => `must be ${String(paramsOf(e).limit)} or more`,
    example: { keyword: "minimum", params: { comparison: ">=", limit: 1 }, data: 0 },
  },
  maximum: {
    when: "a number above its most",
    say: (e) => `must be ${String(paramsOf(e).limit)} or less`,
    example: { keyword: "maximum", params: { comparison: "<=", limit: 100000 }, data: 200000 },
  },
  exclusiveMinimum: {
    when: "a number that must be more than zero (the upload size)",
    say: (e) => `must be more than ${String(paramsOf(e).limit)}`,
    example: { keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, data: 0 },
  },
} satisfies Record<string, SchemaMessage>;

/**
 * Errors that another error beside them explains: a value that fits no branch of a oneOf or an
 * anyOf (the branch meant says why: format.ts's rootCauses picks it), an `if`, a property name
 * refused (the name's own error says it).
 */
const EXPLAINED_ELSEWHERE = new Set(["oneOf", "anyOf", "if", "propertyNames"]);

/** The entry a keyword's sentence depends on: its format, its pattern, or the operators' list. */
const VARIANT: Record<string, (error: ErrorObject) => string | undefined> = {
  discriminator: (e) => String(paramsOf(e).error),
  format: (e) => String(paramsOf(e).format),
  pattern: (e) => String(paramsOf(e).pattern),
  enum: (e) => (e.schemaPath.endsWith("/properties/op/enum") ? "operator" : undefined),
};

/** One sentence for one Ajv error; undefined for an error another error already explains. */
export function sentence(error: ErrorObject): string | undefined {
  if (EXPLAINED_ELSEWHERE.has(error.keyword)) return undefined;
  const variant = VARIANT[error.keyword]?.(error);
  const messages: Record<string, SchemaMessage> = SCHEMA_MESSAGES;
  const message = messages[`${error.keyword} ${variant}`] ?? messages[error.keyword];
  return message ? message.say(error) : error.message;
}
