/**
 * The location rule of the spec, both ways: what a wizard sends for what the user typed (`buildSearchLocation`),
 * and what a search means by the location text it receives (`parseSearchLocation`). Pure, shared by the wizards and
 * the /api routes.
 *
 * - a 5-digit ZIP is used as is;
 * - several comma-separated ZIPs become a multi-location search with the first as location;
 * - "City, ST" with a 2-letter second part is used as is;
 * - otherwise "{city}, {state}" is built from the two fields.
 * The state must be one of the 50 US state codes.
 */
import { isUsState, type UsState } from "#app/domain/shared/us-states.ts";

/** Either a set of ZIPs or a city in a state: what a provider searches. */
export type SearchLocation = { zips: string[] } | { city: string; state: UsState };

export const LOCATION_REQUIRED = "Location is required";
export const CITY_REQUIRED = "Enter a city or ZIP";
export const STATE_REQUIRED = "Choose a state";
export const LOCATION_FORMAT = 'Enter a 5-digit ZIP or a city and state, e.g. "Phoenix, AZ"';
export const ZIP_FORMAT = "Each ZIP must have 5 digits";
export const LOCATIONS_NEED_ZIPS = "Several locations can only be ZIPs";
/** At most this many ZIPs in one multi-location search. */
export const MAX_ZIPS = 25;
export const TOO_MANY_ZIPS = `At most ${MAX_ZIPS} ZIPs in one search`;

export function unknownState(state: string): string {
  return `Unknown state "${state}": use one of the 50 US state codes, e.g. AZ`;
}

const ZIP = /^\d{5}$/;
const CITY_STATE = /^(.+?),\s*([A-Za-z]{2})$/;

export type BuiltLocation = { location: string; locations?: string[] };
export type LocationErrors = Partial<Record<"cityOrZip" | "state", string>>;

/** The wizard's step 1 (city-or-ZIP plus state) → the `location` (and `locations`) a search sends. */
export function buildSearchLocation(
  cityOrZip: string,
  state: string,
): { ok: true; value: BuiltLocation } | { ok: false; errors: LocationErrors } {
  const input = cityOrZip.trim();
  if (input === "") return { ok: false, errors: { cityOrZip: CITY_REQUIRED } };
  if (ZIP.test(input)) return { ok: true, value: { location: input } };
  const parts = input.split(",").map((part) => part.trim());
  if (parts.length > 1 && parts.every((part) => ZIP.test(part))) {
    const zips = unique(parts);
    if (zips.length > MAX_ZIPS) return { ok: false, errors: { cityOrZip: TOO_MANY_ZIPS } };
    return { ok: true, value: zips.length === 1 ? { location: zips[0]! } : { location: zips[0]!, locations: zips } };
  }
  const cityState = CITY_STATE.exec(input);
  if (cityState) {
    const typed = cityState[2]!.toUpperCase();
    return isUsState(typed) ? { ok: true, value: { location: input } } : { ok: false, errors: { cityOrZip: unknownState(typed) } };
  }
  const code = state.trim().toUpperCase();
  if (code === "") return { ok: false, errors: { state: STATE_REQUIRED } };
  if (!isUsState(code)) return { ok: false, errors: { state: unknownState(code) } };
  return { ok: true, value: { location: `${input}, ${code}` } };
}

export type ParsedLocation = {
  search: SearchLocation;
  /** How answers and messages name the place: the city as "Phoenix, AZ", or the first ZIP. */
  label: string;
};

/**
 * A search's `location` (and optional `locations`, all ZIPs) → what to search, or the message for the location
 * field. The city is title-cased when typed all in one case ("las vegas" → "Las Vegas"), as the market stores it.
 */
export function parseSearchLocation(
  location: string,
  locations: readonly string[] = [],
): { ok: true; value: ParsedLocation } | { ok: false; field: "location" | "locations"; message: string } {
  const text = location.trim();
  if (text === "") return { ok: false, field: "location", message: LOCATION_REQUIRED };
  const extra = locations.map((zip) => zip.trim());
  if (extra.some((zip) => !ZIP.test(zip))) return { ok: false, field: "locations", message: ZIP_FORMAT };

  const parts = text.split(",").map((part) => part.trim());
  if (parts.every((part) => ZIP.test(part))) {
    const zips = unique([...parts, ...extra]);
    if (zips.length > MAX_ZIPS) return { ok: false, field: "locations", message: TOO_MANY_ZIPS };
    return { ok: true, value: { search: { zips }, label: zips[0]! } };
  }
  if (extra.length > 0) return { ok: false, field: "locations", message: LOCATIONS_NEED_ZIPS };

  const cityState = CITY_STATE.exec(text);
  if (!cityState) return { ok: false, field: "location", message: LOCATION_FORMAT };
  const state = cityState[2]!.toUpperCase();
  if (!isUsState(state)) return { ok: false, field: "location", message: unknownState(state) };
  const city = cityCase(cityState[1]!.replace(/\s+/g, " ").trim());
  if (city === "" || /\d/.test(city)) return { ok: false, field: "location", message: LOCATION_FORMAT };
  return { ok: true, value: { search: { city, state }, label: `${city}, ${state}` } };
}

/** One canonical text per place, for repeat-search keys: "las vegas ,nv" and "Las Vegas, NV" are the same search. */
export function locationKey(search: SearchLocation): string {
  return "zips" in search ? [...search.zips].sort().join(",") : `${search.city.toLowerCase()}|${search.state}`;
}

/** "las vegas" or "LAS VEGAS" → "Las Vegas"; mixed case ("McKinney") is kept as typed. */
export function cityCase(city: string): string {
  if (city !== city.toLowerCase() && city !== city.toUpperCase()) return city;
  return city.toLowerCase().replace(/(^|[\s\-.'])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
