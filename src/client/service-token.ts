// The service token of a read-only view comes in the address as ?service_token=…; the entry,
// the session and the view itself all read it from there.

export const SERVICE_TOKEN_PARAMETER = "service_token";

/** The service token in an address's query string (`location.search`), or null. */
export function serviceTokenIn(search: string): string | null {
  return new URLSearchParams(search).get(SERVICE_TOKEN_PARAMETER);
}
