// Small inline forms for the expansion's step tests.
import type { DecisionsFile, InstitutionFile, Item, OptionListFile, PageDefinition } from "../generated/definition-format";
import type { FormFiles } from "../types";
import type { Expansion } from "./expansion";
import { expandDefinitions } from "./index";

/** address.json cut down to a country, a state shown for the USA only, and a city. */
export const ADDRESS_TEMPLATE: Item[] = [
  { type: "select", key: "country", label: "Country", options: [{ value: "USA", label: "United States" }, { value: "CAN", label: "Canada" }] },
  { type: "text", key: "state", label: "State", showWhen: { key: "country", op: "equals", value: "USA" } },
  { type: "text", key: "city", label: "City" },
];

export function page(name: string, step: number, items: Item[]): PageDefinition {
  return { $schema: "", page: name, route: `/${name}`, title: name, step, items };
}

/** Expands pages by file name, with the cut-down address template and the institution's settings besides the least it needs. */
export function expandPages(
  pages: Record<string, PageDefinition>, optionLists: Record<string, OptionListFile> = {}, settings: Partial<InstitutionFile["institution"]> = {}, decisions?: DecisionsFile["decisions"],
): Expansion {
  const files: FormFiles = {
    pages, optionLists, rules: {}, answersSchema: {},
    addressTemplate: { $schema: "", template: "address", items: ADDRESS_TEMPLATE },
    institution: { $schema: "", institution: { name: "", office_address: [""], contacts: { email: "", phone: "" }, privacy_url: "", character_limit: 7000, uploads: { max_size_mb: 1, types: [".pdf"] }, student_type: "", reference_prefix: "", time_zone: "", welcome: { visitor: "", first_login: "", returning: "", submitted: "" }, ...settings } },
    ...(decisions && { decisions: { $schema: "", decisions } }),
  };
  return expandDefinitions(files, { currentYear: 2026 });
}

/** Expands one page, "about" in about.json. */
export const expandItems = (items: Item[], optionLists?: Record<string, OptionListFile>): Expansion =>
  expandPages({ "about.json": page("about", 1, items) }, optionLists);

export const text = (key: string): Item => ({ type: "text", key, label: key });

export const select = (key: string): Item => ({ type: "select", key, label: key, options: [{ value: "Y", label: "Yes" }, { value: "N", label: "No" }] });

export const block = (id: string, prefix: string, max: number, items: Item[]): Item => ({ type: "addAnother", id, prefix, max, addLabel: "Add", items });
