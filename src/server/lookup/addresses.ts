// Addresses: US ZIP codes from the zipcodes package, in this process, no service needed; street
// addresses from a self-hosted Photon geocoder (OpenStreetMap data) when ADDRESS_LOOKUP_URL names one.
import { alpha3Of, countryNames, regionCode, regionsOf, usStates } from "./places";
import { MAX_LENGTHS, type LookupResult } from "./schools";

/** What choosing an address fills in. */
export interface AddressRecord {
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Digits only, 3 to 5 of them, or a whole ZIP+4 being typed: "021", "02139", "02139-12". */
export const isZipText = (text: string) => /^(\d{3,5}|\d{5}-\d{0,4})$/.test(text);

let zipIndex: Promise<{ records: Map<string, AddressRecord>; sorted: string[] }> | undefined;

/**
 * The package is a large piece of JavaScript, slow to load: it loads on the first ZIP search, not
 * at start-up. Cities longer than the form's city answer allows (a few military and postal-only
 * names) are left out: the form would refuse them.
 */
function zips(): Promise<{ records: Map<string, AddressRecord>; sorted: string[] }> {
  zipIndex ??= import("zipcodes").then(({ default: zipcodes }) => {
    const records = new Map<string, AddressRecord>();
    for (const { zip, city, state, country } of Object.values(zipcodes.codes)) {
      if (country !== "US" || !/^\d{5}$/.test(zip) || city.length > MAX_LENGTHS.city || !usStates.has(state)) continue;
      records.set(zip, { address_line_1: "", city, state, zip, country: "USA" });
    }
    return { records, sorted: [...records.keys()].sort() };
  });
  return zipIndex;
}

/** ZIP codes starting with the text's digits, in order: "021" → 02101, 02102… */
export async function zipSuggestions(text: string, max: number): Promise<LookupResult[]> {
  const prefix = text.slice(0, 5);
  const { records, sorted } = await zips();
  // The first code not below the prefix, by binary search: 41,000 codes, every keystroke.
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const found: LookupResult[] = [];
  for (let at = low; at < sorted.length && found.length < max && sorted[at]!.startsWith(prefix); at++) {
    const { zip, city, state } = records.get(sorted[at]!)!;
    found.push({ id: `zip:${zip}`, text: zip, sub_text: `${city}, ${state}` });
  }
  return found;
}

export async function addressOfZip(zip: string): Promise<AddressRecord | undefined> {
  return (await zips()).records.get(zip);
}

/** How long a search waits for the geocoder: the browser waits at most 500 ms before asking, the applicant not much longer. */
const PHOTON_TIMEOUT_MS = 1500;

/**
 * Street addresses from Photon (`GET {url}/api?q=…&limit=…`, GeoJSON features). Each result's id
 * carries the address itself, so choosing it needs no second call to the geocoder. Throws when
 * Photon fails or is slow; the route logs it and answers no suggestions.
 */
export async function photonSuggestions(baseUrl: string, text: string, max: number): Promise<LookupResult[]> {
  const url = new URL(`${baseUrl}/api`);
  url.searchParams.set("q", text);
  // Some features are dropped below (no street or city, another country's code unknown): ask for a few more.
  url.searchParams.set("limit", String(max * 2));
  const response = await fetch(url, { signal: AbortSignal.timeout(PHOTON_TIMEOUT_MS), headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
  const body = (await response.json()) as { features?: { properties?: Record<string, unknown> }[] };
  if (!Array.isArray(body.features)) throw new Error("the geocoder's answer has no features");
  const found: LookupResult[] = [];
  const seen = new Set<string>();
  for (const feature of body.features) {
    const address = addressOfPhoton(feature.properties ?? {});
    if (!address) continue;
    const id = `photon:${Buffer.from(JSON.stringify(addressFields(address))).toString("base64url")}`;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ id, text: address.address_line_1 || address.city, sub_text: placeOf(address) });
    if (found.length === max) break;
  }
  return found;
}

/** A Photon feature's properties as the form's address answers; undefined when they would not fit them. */
function addressOfPhoton(properties: Record<string, unknown>): AddressRecord | undefined {
  const text = (key: string) => (typeof properties[key] === "string" ? (properties[key] as string).trim() : "");
  const country = alpha3Of(text("countrycode"));
  if (!country) return undefined;
  const street = [text("housenumber"), text("street")].filter(Boolean).join(" ");
  return validAddress({
    address_line_1: street || text("name"),
    city: text("city"),
    // The form's selects list the regions of the USA and Canada by code; elsewhere the state is typed text.
    state: regionsOf(country) ? regionCode(country, text("state")) ?? "" : text("state"),
    zip: text("postcode"),
    country,
  });
}

/** "Cambridge, MA 02139" in the USA and Canada, as letters are addressed there; "London, United Kingdom" elsewhere. */
function placeOf({ city, state, zip, country }: AddressRecord): string {
  const region = regionsOf(country) ? [state, zip].filter(Boolean).join(" ") : countryNames.get(country)!;
  return [city, region].filter(Boolean).join(", ");
}

const addressFields = (a: AddressRecord) => [a.address_line_1, a.city, a.state, a.zip, a.country];

/** The address a `photon:` id carries, checked as if typed: an id is the browser's to send, not ours to trust. */
export function addressOfPhotonId(encoded: string): AddressRecord | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 5 || !fields.every((field) => typeof field === "string")) return undefined;
  const [address_line_1, city, state, zip, country] = fields as string[];
  return validAddress({ address_line_1: address_line_1!, city: city!, state: state!, zip: zip!, country: country! });
}

function validAddress(address: AddressRecord): AddressRecord | undefined {
  const { address_line_1, city, state, zip, country } = address;
  if (!address_line_1 && !city) return undefined;
  if (!countryNames.has(country)) return undefined;
  if (state !== "" && regionsOf(country)?.has(state) === false) return undefined;
  if (address_line_1.length > MAX_LENGTHS.address_line_1 || city.length > MAX_LENGTHS.city || state.length > MAX_LENGTHS.state || zip.length > MAX_LENGTHS.zip) return undefined;
  // What http.ts refuses in a request, refused here too: the text goes back to the form's answers.
  if (!addressFields(address).every((field) => field.isWellFormed() && !/\p{Cc}/u.test(field))) return undefined;
  return address;
}
