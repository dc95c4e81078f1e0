// npx tsx scripts/generate-lookups.ts — the made-up sample schools a fresh install searches until the
// institution imports its real lists (lookup-data/hs_ceeb.csv, college_ceeb.csv; seeded, so a
// second run writes the same files), and the alpha-2 → alpha-3 country codes the address lookup
// needs at run time, from i18n-iso-countries, a development package only.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import countries from "i18n-iso-countries";
import { SAMPLE_DIR } from "../src/server/lookup/import";
import { sampleSchools, toCsv } from "./lib/sample-schools";

const SIZES = { hs_ceeb: 300, college_ceeb: 150 } as const;

for (const [category, count] of Object.entries(SIZES) as [keyof typeof SIZES, number][]) {
  const file = join(SAMPLE_DIR, `${category}.csv`);
  writeFileSync(file, toCsv(sampleSchools(category, count)));
  console.log(`${file}: ${count} schools`);
}

const alpha2 = Object.fromEntries(Object.keys(countries.getAlpha2Codes()).sort().map((code) => [code, countries.alpha2ToAlpha3(code)!]));
const file = new URL("../src/server/lookup/alpha2.json", import.meta.url);
writeFileSync(file, `${JSON.stringify(alpha2, null, 0).replace(/,/g, ",\n ")}\n`);
console.log(`${file.pathname}: ${Object.keys(alpha2).length} countries`);
