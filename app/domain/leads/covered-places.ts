/**
 * The wizard's location suggestions: the places the property data has records for, narrowed to what the
 * user has typed. Pure and zod-free (the wizard narrows them in the browser too).
 */

/** Where the provider has records: its cities with how many, most first, and its ZIPs in order with their city. */
export type MarketCoverage = {
  cities: readonly { city: string; state: string; count: number }[];
  zips: readonly { zip: string; city: string; state: string }[];
};

/** One suggestion: what the location field takes ("Phoenix, AZ", "85004") and what the list shows beside it. */
export type CoveredPlace = { value: string; label: string };

/** How many suggestions the field offers at once. */
export const COVERED_PLACES_LIMIT = 12;
/** The longest text a suggestion is looked up for (a place name or a ZIP list is shorter). */
export const PLACE_QUERY_MAX = 100;

const DIGITS = /^\d{1,5}$/;
const fold = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The suggestions for `typed`: ZIPs starting with it when it is digits, else the cities whose "City, ST" starts with it
 * (or has a word starting with it), the biggest first; nothing typed: the biggest cities. The last part of a comma
 * list of ZIPs is what is looked up.
 */
export function matchPlaces(coverage: MarketCoverage, typed: string, limit = COVERED_PLACES_LIMIT): CoveredPlace[] {
  const text = fold(typed.slice(0, PLACE_QUERY_MAX));
  const lastZip = text.split(",").at(-1)!.trim();
  if (DIGITS.test(lastZip)) {
    const head = text.includes(",") ? `${text.slice(0, text.lastIndexOf(",") + 1)} ` : "";
    return coverage.zips
      .filter((place) => place.zip.startsWith(lastZip))
      .slice(0, limit)
      .map((place) => ({ value: `${head}${place.zip}`, label: `${place.city}, ${place.state}` }));
  }
  const cities = coverage.cities.map((place) => ({ value: `${place.city}, ${place.state}`, count: place.count }));
  const starts = cities.filter((place) => fold(place.value).startsWith(text));
  const words = cities.filter((place) => !fold(place.value).startsWith(text) && fold(place.value).includes(` ${text}`));
  return [...starts, ...words].slice(0, limit).map((place) => ({ value: place.value, label: `${place.count} properties` }));
}
