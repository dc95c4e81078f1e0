// Country and region codes as the form's address selects store them (form-definitions/options):
// a school or address filled in from a lookup must be one of the options, or the select would
// show nothing. Read once from the same files the form is built from.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../definitions/files";
import alpha2 from "./alpha2.json" with { type: "json" };

interface OptionList { options: { value: string; label: string }[] }

function optionsOf(file: string): Map<string, string> {
  const list = JSON.parse(readFileSync(join(repoRoot, "form-definitions/options", file), "utf8")) as OptionList;
  return new Map(list.options.map((o) => [o.value, o.label]));
}

/** ISO 3166-1 alpha-3 code → its name, e.g. GBR → United Kingdom. */
export const countryNames: ReadonlyMap<string, string> = optionsOf("countries.json");
/** Two-letter code → name: the states, DC, territories and armed-forces regions. */
export const usStates: ReadonlyMap<string, string> = optionsOf("us-states.json");
export const canadianProvinces: ReadonlyMap<string, string> = optionsOf("canadian-provinces.json");

/**
 * Alpha-2 → alpha-3, for geocoders that answer alpha-2 (Photon's countrycode). The JSON is written
 * by scripts/generate-lookups.ts from i18n-iso-countries, a development package only.
 */
export const alpha3Of = (code: string): string | undefined => (alpha2 as Record<string, string>)[code.toUpperCase()];

/** The regions the form's state select lists for a country (code → name): the USA's and Canada's; elsewhere the state is typed. */
export const regionsOf = (country: string): ReadonlyMap<string, string> | undefined =>
  country === "USA" ? usStates : country === "CAN" ? canadianProvinces : undefined;

/** The region's code for a name a geocoder gives ("Massachusetts" → MA), for the countries whose selects list regions. */
export function regionCode(country: string, name: string): string | undefined {
  const regions = regionsOf(country);
  if (!regions) return undefined;
  const wanted = name.trim().toLowerCase();
  for (const [code, label] of regions) if (label.toLowerCase() === wanted || code.toLowerCase() === wanted) return code;
  return undefined;
}
