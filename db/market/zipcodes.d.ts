// The `zipcodes` package (8.0.0) ships no types; only the calls db/market/metro-zips.ts makes are declared.
declare module "zipcodes" {
  export type ZipCodeRecord = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };

  /** The record of a US ZIP (or Canadian postal prefix), or undefined. */
  export function lookup(zip: string): ZipCodeRecord | undefined;
  /** Every code within `miles` of `zip` (great-circle distance rounded to whole miles). */
  export function radius(zip: string, miles: number): string[];

  /** Every record, keyed by code. */
  export const codes: Record<string, ZipCodeRecord>;

  const zipcodes: { lookup: typeof lookup; radius: typeof radius; codes: typeof codes };
  export default zipcodes;
}
