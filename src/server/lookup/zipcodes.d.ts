// The zipcodes package ships no types; this is the part we use.
declare module "zipcodes" {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    /** "US", or "Canada" for the Canadian postal areas. */
    country: string;
  }
  /** Every US ZIP code and the first three characters of Canadian postal codes, by code. */
  export const codes: Record<string, ZipCode>;
  export function lookup(zip: string | number): ZipCode | undefined;
  const zipcodes: { codes: Record<string, ZipCode>; lookup: typeof lookup };
  export default zipcodes;
}
