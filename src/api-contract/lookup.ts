// GET /lookup/find: suggestions while an applicant types a school's
// name or an address, and the record that fills the answers when they choose one.
const text = { type: "string" } as const;

export const lookupQuery = {
  type: "object",
  properties: {
    category: { type: "string", enum: ["hs_ceeb", "college_ceeb", "address"] },
    text: { type: "string", minLength: 1, maxLength: 100, description: "What the applicant typed; leading and trailing spaces are ignored." },
    // The query string holds text, and the server converts no types: a list of the accepted
    // values also makes the refusal's message name them.
    max_results: { type: "string", enum: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], default: "5" },
    id: { type: "string", minLength: 1, maxLength: 1000, description: "A search result's id: a CEEB code, zip:02139, photon:…" },
  },
  required: ["category"],
  additionalProperties: false,
} as const;

/** One suggestion of a lookup. */
export const lookupResult = { type: "object", properties: { id: text, text, sub_text: text }, required: ["id", "text", "sub_text"], additionalProperties: false } as const;

/**
 * The record of a chosen suggestion: a school's name,
 * address and CEEB code, or an address's lines. Country is ISO alpha-3 ("USA"), state two letters ("MA").
 */
export const lookupRecord = {
  type: "object",
  description: "Schools: every field. Addresses: all but name and ceeb.",
  properties: { name: text, address_line_1: text, city: text, state: text, zip: text, country: text, ceeb: text },
  required: ["address_line_1", "city", "state", "zip", "country"],
  additionalProperties: false,
} as const;

export const lookupAnswer = { anyOf: [{ type: "array", items: lookupResult, maxItems: 10 }, lookupRecord] } as const;
