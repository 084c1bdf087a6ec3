/**
 * Loads the market's ZIPs from the `zipcodes` package: every US ZIP within each metro's radius of its downtown ZIP.
 * Kept apart from the generator because `zipcodes` is a 5 MB CommonJS data module meant for Node scripts (the seed
 * CLI, unit tests), not for the Worker bundle.
 */
import zipcodes from "zipcodes";

import type { ZipPlace } from "#db/zip-places.ts";

import { METROS, type MarketZip, type Metro } from "./metros.ts";

export function loadMetroZips(metros: readonly Metro[] = METROS): MarketZip[] {
  const claimed = new Set<string>();
  const zips: MarketZip[] = [];
  for (const metro of metros) {
    if (!zipcodes.lookup(metro.centerZip)) throw new Error(`Unknown center ZIP ${metro.centerZip} for ${metro.id}`);
    // radius() walks an object's keys; sort so the market never depends on the data file's key order.
    const nearby = zipcodes.radius(metro.centerZip, metro.radiusMiles).sort();
    for (const zip of nearby) {
      const record = zipcodes.lookup(zip);
      // Skip Canadian codes (Windsor is within Detroit's radius) and ZIPs already given to an earlier metro.
      if (!record || record.country !== "US" || claimed.has(record.zip)) continue;
      if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
      claimed.add(record.zip);
      zips.push({
        zip: record.zip,
        city: record.city,
        state: record.state,
        latitude: record.latitude,
        longitude: record.longitude,
        metroId: metro.id,
      });
    }
  }
  return zips;
}

/** Every US ZIP with a centroid, for the ZIP gazetteer (zip_places), in ZIP order. */
export function loadUsZipPlaces(): ZipPlace[] {
  return Object.values(zipcodes.codes)
    .filter((record) => record.country === "US" && Number.isFinite(record.latitude) && Number.isFinite(record.longitude))
    .map(({ zip, city, state, latitude, longitude }) => ({ zip, city, state, latitude, longitude }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}
