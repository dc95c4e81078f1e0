// Made-up schools that look real: names built the way American schools are named, in real US
// cities with their real state and ZIP code (the zipcodes package), and CEEB-shaped codes. Seeded,
// so the same call gives the same schools: the sample CSVs in lookup-data/ and the benchmark's
// 30,000 schools come from here.
import zipcodes from "zipcodes";
import type { SchoolCategory, SchoolRecord } from "../../src/server/lookup/schools";
import { usStates } from "../../src/server/lookup/places";

/** A row of the sample: what the lookups answer for a chosen school. */
export type SampleSchool = SchoolRecord;

/** The fifty states and DC: where the sample's schools are (no territories or military regions). */
const STATES = [...usStates.keys()].filter((code) => !["AS", "GU", "MP", "PR", "UM", "VI", "AA", "AE", "AP", "FM", "MH", "PW"].includes(code)).sort();

const PEOPLE = [
  "Lincoln", "Jefferson", "Washington", "Roosevelt", "Kennedy", "Madison", "Franklin", "Adams", "Jackson", "Hamilton",
  "Monroe", "Wilson", "Grant", "Truman", "Eisenhower", "Douglass", "Tubman", "Carver", "Edison", "Whitman",
  "Twain", "Marshall", "Chavez", "Earhart", "Emerson", "Thoreau", "Audubon", "Garfield", "Cleveland", "Harrison",
];
const PLACES = [
  "Oak Ridge", "Cedar Creek", "Maple Grove", "Pine Valley", "Riverside", "Lakeview", "Hillcrest", "Brookfield", "Fairview", "Westwood",
  "Northridge", "Willow Creek", "Stone Bridge", "Mountain View", "Valley View", "Sunset Hills", "Green Meadow", "Clearwater", "Silver Lake", "Eagle Rock",
  "Red Oak", "Deer Park", "Bear Creek", "Highland Park", "Shady Grove", "Crestwood", "Glenbrook", "Pleasant Valley", "Meadowbrook", "Harbor View",
];
const SAINTS = ["Mary", "Joseph", "John", "Francis", "Patrick", "Thomas", "Anne", "Catherine", "Michael", "Ignatius", "Augustine", "Teresa", "Paul", "Peter", "Elizabeth"];
const DIRECTIONS = ["North", "South", "East", "West"];
const STREETS = ["Main", "Oak", "Maple", "Washington", "Park", "Elm", "Lake", "Hill", "Church", "School", "College", "Pine", "Cedar", "Highland", "Ridge", "Mill", "River", "Spring", "Walnut", "Center", "Union", "Franklin", "Academy", "Jefferson"];
const STREET_KINDS = ["Street", "Avenue", "Road", "Boulevard", "Drive", "Lane", "Way", "Parkway"];

type Place = { city: string; state: string; stateName: string; zip: string };
type Namer = (r: Random, place: Place) => string;

const HIGH_SCHOOL_NAMES: Namer[] = [
  (r) => `${r.pick(PEOPLE)} High School`,
  (r) => `${r.pick(PEOPLE)} High School`,
  (r) => `${r.pick(PEOPLE)} Senior High`,
  (r) => `${r.pick(PEOPLE)} Senior High School`,
  (_, p) => `${p.city} High School`,
  (_, p) => `${p.city} High School`,
  (r, p) => `${r.pick(DIRECTIONS)} ${p.city} High School`,
  (_, p) => `${p.city} Central High School`,
  (r) => `${r.pick(PLACES)} High School`,
  (r) => `${r.pick(PLACES)} Academy`,
  (r) => `St. ${r.pick(SAINTS)}'s Academy`,
  (r) => `Saint ${r.pick(SAINTS)} Catholic High School`,
  (r) => `Bishop ${r.pick(PEOPLE)} High School`,
  (_, p) => `${p.city} Preparatory School`,
  (r) => `${r.pick(PEOPLE)} Preparatory Academy`,
  (_, p) => `${p.city} Christian Academy`,
  (_, p) => `${p.city} School of the Arts`,
  (r) => `${r.pick(PEOPLE)} Magnet High School`,
  (_, p) => `${p.city} Early College High School`,
];

const COLLEGE_NAMES: Namer[] = [
  (_, p) => `University of ${p.stateName}`,
  (_, p) => `${p.stateName} State University`,
  (_, p) => `${p.city} Community College`,
  (_, p) => `${p.city} Community College`,
  (_, p) => `${p.city} College`,
  (r) => `${r.pick(PEOPLE)} College`,
  (r) => `${r.pick(PLACES)} College`,
  (_, p) => `University of ${p.city}`,
  (_, p) => `${p.stateName} Institute of Technology`,
  (r) => `St. ${r.pick(SAINTS)}'s College`,
  (r) => `Saint ${r.pick(SAINTS)}'s University`,
  (_, p) => `${p.city} State University`,
  (r) => `${r.pick(PEOPLE)} University`,
  (_, p) => `${p.city} Technical College`,
];

/** Schools outside the United States have CEEB codes too; a few show the lookup's other countries. */
const ABROAD: Omit<SampleSchool, "ceeb">[] = [
  { name: "American School of London", address_line_1: "1 Waverley Place", city: "London", state: "", zip: "NW8 0NP", country: "GBR" },
  { name: "Toronto French School", address_line_1: "306 Lawrence Avenue East", city: "Toronto", state: "ON", zip: "M4N 1T7", country: "CAN" },
  { name: "American School Foundation", address_line_1: "Bondojito 215", city: "Mexico City", state: "", zip: "01120", country: "MEX" },
  { name: "International School of Frankfurt", address_line_1: "Strasse zur Internationalen Schule 33", city: "Frankfurt", state: "", zip: "65931", country: "DEU" },
  { name: "Seoul Foreign School", address_line_1: "39 Yeonhui-ro 22-gil", city: "Seoul", state: "", zip: "03723", country: "KOR" },
];

/**
 * `count` schools of the category, seeded. High schools get 6-digit codes whose first two digits
 * stand for the state; colleges 4-digit codes, so at most 9,000 of them.
 */
export function sampleSchools(category: SchoolCategory, count: number, seed = 20261122): SampleSchool[] {
  const r = new Random(seed + (category === "hs_ceeb" ? 0 : 1));
  const places = placesOf();
  const used = new Set<string>();
  const code = (state: string) => {
    for (;;) {
      const ceeb = category === "hs_ceeb"
        ? `${String(STATES.indexOf(state) + 1).padStart(2, "0")}${String(r.int(10_000)).padStart(4, "0")}`
        : String(1000 + r.int(9000));
      if (!used.has(ceeb)) {
        used.add(ceeb);
        return ceeb;
      }
    }
  };
  const schools: SampleSchool[] = [];
  const names = new Set<string>();
  const add = (name: string, place: Place) => schools.push({
    ceeb: code(place.state), name, address_line_1: `${100 + r.int(9900)} ${r.pick(STREETS)} ${r.pick(STREET_KINDS)}`,
    city: place.city, state: place.state, zip: place.zip, country: "USA",
  });
  // The names tests/server/lookups.test.ts searches the sample for, whatever the seed.
  if (category === "hs_ceeb") {
    for (const name of ["Lincoln High School", "Jefferson Senior High", "St. Mary's Academy"]) add(name, r.pick(places));
    for (const school of ABROAD.slice(0, Math.max(0, count - schools.length))) {
      schools.push({ ceeb: code(""), ...school }); // 00…: no state
    }
  }
  const namers = category === "hs_ceeb" ? HIGH_SCHOOL_NAMES : COLLEGE_NAMES;
  while (schools.length < count) {
    const place = r.pick(places);
    const name = r.pick(namers)(r, place);
    // Many towns have a Lincoln High School; a college's name is its own.
    if (category === "college_ceeb" && names.has(name)) continue;
    names.add(name);
    add(name, place);
  }
  return schools.slice(0, count).sort((a, b) => a.ceeb.localeCompare(b.ceeb));
}

/**
 * ZIP codes of real US towns and cities of the fifty states and DC. Only places with 3 ZIP codes
 * or more: the package lists every post office, and a school in "Glendale Luke Afb" looks made up.
 * Picking a ZIP code at random then picks a big city more often than a small one, as schools are.
 */
function placesOf(): Place[] {
  const states = new Set(STATES);
  const byPlace = new Map<string, Place[]>();
  for (const zip of Object.keys(zipcodes.codes).filter((code) => /^\d{5}$/.test(code)).sort()) {
    const { city, state } = zipcodes.codes[zip]!;
    if (!states.has(state) || !/^[A-Z][a-z]+( [A-Z][a-z]+)*$/.test(city) || city.length > 25) continue;
    const key = `${city}, ${state}`;
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key)!.push({ city, state, stateName: usStates.get(state)!, zip });
  }
  return [...byPlace.values()].filter((zips) => zips.length >= 3).flat();
}

/** mulberry32: small, fast and good enough for made-up data. */
class Random {
  constructor(private state: number) {}
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** The import's columns, quoted where a field needs it. */
export function toCsv(schools: SampleSchool[]): string {
  const columns = ["ceeb", "name", "address_line_1", "city", "state", "zip", "country"] as const;
  const field = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.join(","), ...schools.map((s) => columns.map((c) => field(s[c])).join(","))].join("\n") + "\n";
}
