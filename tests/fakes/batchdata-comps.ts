/**
 * The fake BatchData's comparables, as BatchData's help article "How to search comparable properties" describes them:
 * `searchCriteria.compAddress {street, city, state, zip}` names the subject, and the options `useDistance` +
 * `distanceMiles`, `useBedrooms` / `useBathrooms` (`min…` / `max…` counts relative to the subject), `useArea`
 * (`minAreaPercent` / `maxAreaPercent`) and `useYearBuilt` (`minYearBuilt` / `maxYearBuilt` years relative) narrow
 * them; without them every property but the subject comes back. A subject BatchData has no record of finds nothing.
 * Also a Phoenix dataset of recent sales around one subject, with the odd records a real answer holds.
 */
import type { FakeProperty, Json } from "./batchdata-data.ts";

/** The comparables options BatchData documents, and the type each takes. */
export const COMP_OPTIONS: Record<string, "boolean" | "number"> = {
  useDistance: "boolean",
  distanceMiles: "number",
  useBedrooms: "boolean",
  minBedrooms: "number",
  maxBedrooms: "number",
  useBathrooms: "boolean",
  minBathrooms: "number",
  maxBathrooms: "number",
  useStories: "boolean",
  minStories: "number",
  maxStories: "number",
  useArea: "boolean",
  minAreaPercent: "number",
  maxAreaPercent: "number",
  useYearBuilt: "boolean",
  minYearBuilt: "number",
  maxYearBuilt: "number",
  useLotSize: "boolean",
  minLotSizePercent: "number",
  maxLotSizePercent: "number",
};

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
export const normaliseStreet = (value: unknown) =>
  String(value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** What BatchData would refuse in a comparables request; null when it is well formed. */
export function compProblem(criteria: Json, options: Json): string | null {
  const comp = criteria.compAddress;
  if (comp !== undefined) {
    if (!isObject(comp)) return "searchCriteria.compAddress must be an address";
    for (const key of ["street", "city", "state", "zip"]) {
      if (typeof comp[key] !== "string" || (comp[key] as string).trim() === "") return `searchCriteria.compAddress.${key} is required`;
    }
  }
  for (const [key, value] of Object.entries(options)) {
    const type = COMP_OPTIONS[key];
    if (!type) continue;
    if (comp === undefined) return `options.${key} needs searchCriteria.compAddress`;
    if (typeof value !== type) return `options.${key} must be a ${type}`;
  }
  if (options.useDistance === true && !(typeof options.distanceMiles === "number" && options.distanceMiles > 0))
    return "options.distanceMiles is required with useDistance";
  return null;
}

function miles(a: Json, b: Json): number {
  const rad = Math.PI / 180;
  const [lat1, lon1, lat2, lon2] = [a.latitude, a.longitude, b.latitude, b.longitude].map((v) => Number(v) * rad) as number[];
  const h = Math.sin((lat2! - lat1!) / 2) ** 2 + Math.cos(lat1!) * Math.cos(lat2!) * Math.sin((lon2! - lon1!) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** Within `[min, max]` of the subject's value (a count, or a percent of it); unknown on either side never matches. */
function near(value: unknown, subject: unknown, min: unknown, max: unknown, percent = false): boolean {
  if (typeof value !== "number" || typeof subject !== "number") return false;
  const low = percent ? subject * (1 + Number(min ?? 0) / 100) : subject + Number(min ?? 0);
  const high = percent ? subject * (1 + Number(max ?? 0) / 100) : subject + Number(max ?? 0);
  return value >= low && value <= high;
}

/** The subject's comparables among `properties`, nearest first; null when BatchData has no record of the subject. */
export function comparablesFor(properties: readonly FakeProperty[], comp: Json, options: Json): FakeProperty[] {
  const key = `${normaliseStreet(comp.street)}|${String(comp.zip).slice(0, 5)}`;
  const subject = properties.find((p) => {
    const address = p.record.address as Json;
    return `${normaliseStreet(address.street)}|${String(address.zip).slice(0, 5)}` === key;
  });
  if (!subject) return [];
  const at = subject.record.address as Json;
  const building = (subject.record.building ?? {}) as Json;
  return properties
    .filter((p) => p !== subject)
    .map((p) => ({ p, distance: miles(at, p.record.address as Json) }))
    .filter(({ p, distance }) => {
      const other = (p.record.building ?? {}) as Json;
      // A record without coordinates in its answer is still placed by BatchData: only a known distance excludes.
      if (options.useDistance === true && distance > (options.distanceMiles as number)) return false;
      if (options.useBedrooms === true && !near(other.bedroomCount, building.bedroomCount, options.minBedrooms, options.maxBedrooms))
        return false;
      if (options.useBathrooms === true && !near(other.bathroomCount, building.bathroomCount, options.minBathrooms, options.maxBathrooms))
        return false;
      if (
        options.useArea === true &&
        !near(other.livingAreaSquareFeet, building.livingAreaSquareFeet, options.minAreaPercent, options.maxAreaPercent, true)
      )
        return false;
      if (options.useYearBuilt === true && !near(other.yearBuilt, building.yearBuilt, options.minYearBuilt, options.maxYearBuilt))
        return false;
      return true;
    })
    .sort((a, b) => (Number.isNaN(a.distance) ? Infinity : a.distance) - (Number.isNaN(b.distance) ? Infinity : b.distance))
    .map(({ p }) => p);
}

// --- a Phoenix dataset ------------------------------------------------------------------------------------------

export const PHOENIX_SUBJECT = { street: "622 W Palmaire Ave", city: "Phoenix", state: "AZ", zip: "85021" };
const CENTRE = { latitude: 33.5536, longitude: -112.0812 };

function day(asOf: string, daysBefore: number): string {
  return new Date(Date.parse(`${asOf}T00:00:00Z`) - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

function home(
  id: string,
  street: string,
  offset: number,
  facts: { beds: number; sqft: number; year: number; sold?: string; price?: number; deed?: string },
): FakeProperty {
  const record: Json = {
    _id: id,
    address: {
      street,
      city: "Phoenix",
      state: "AZ",
      zip: "85021",
      county: "Maricopa",
      latitude: CENTRE.latitude + offset * 0.0021,
      longitude: CENTRE.longitude - offset * 0.0017,
    },
    ids: { apn: `158-${id}` },
    general: { propertyTypeCategory: "Residential", propertyTypeDetail: "Single Family Residential" },
    building: { bedroomCount: facts.beds, bathroomCount: 2, livingAreaSquareFeet: facts.sqft, yearBuilt: facts.year },
    lot: { lotSizeSquareFeet: 7_200 },
    valuation: { estimatedValue: Math.round(facts.sqft * 260) },
  };
  if (facts.sold && facts.price !== undefined) {
    record.sale = { lastSale: { saleDate: facts.sold, price: facts.price, documentType: facts.deed ?? "Warranty Deed" } };
    record.intel = { lastSoldDate: facts.sold, lastSoldPrice: facts.price };
  }
  return { record, persons: [] };
}

/**
 * The subject (3 beds, 1,500 sq ft, 1962) and its neighbours: `count` arm's-length sales of the last eleven months
 * at about $250 a square foot, a quitclaim and a $100 transfer (no market sales), a record without coordinates (it
 * cannot be read), a sale of two years ago (outside the window) and a mansion (outside the size range).
 */
export function phoenixComps(asOf: string, count = 24): FakeProperty[] {
  const subject = home("subject-622", PHOENIX_SUBJECT.street, 0, { beds: 3, sqft: 1_500, year: 1962 });
  // The subject is also an inherited lead of a Phoenix seller search, so Let's Work It can start from it.
  Object.assign(subject.record, {
    valuation: { estimatedValue: 372_000, equityPercent: 70, equityCurrentEstimatedBalance: 260_400, confidenceScore: 80 },
    quickLists: { inherited: true },
    owner: { fullName: "Dana Reyes", names: [{ first: "Dana", last: "Reyes" }], mailingAddress: { ...PHOENIX_SUBJECT } },
  });
  const found = [subject];
  for (let i = 1; i <= count; i++) {
    const sqft = 1_300 + ((i * 37) % 400);
    const price = Math.round((sqft * 250 * (1 + ((i % 5) - 2) / 100)) / 100) * 100;
    found.push(
      home(`comp-${i}`, `${600 + i * 4} W Palmaire Ave`, (i % 9) / 10, {
        beds: 2 + (i % 3),
        sqft,
        year: 1955 + (i % 15),
        sold: day(asOf, 15 + ((i * 12) % 330)),
        price,
      }),
    );
  }
  found.push(
    home("quitclaim", "702 W Butler Dr", 0.3, {
      beds: 3,
      sqft: 1_480,
      year: 1961,
      sold: day(asOf, 40),
      price: 180_000,
      deed: "Quitclaim Deed",
    }),
  );
  found.push(home("nominal", "706 W Butler Dr", 0.4, { beds: 3, sqft: 1_520, year: 1960, sold: day(asOf, 50), price: 100 }));
  const unplaced = home("no-coordinates", "710 W Butler Dr", 0.5, {
    beds: 3,
    sqft: 1_500,
    year: 1963,
    sold: day(asOf, 60),
    price: 372_000,
  });
  delete (unplaced.record.address as Json).latitude;
  found.push(unplaced);
  found.push(home("old-sale", "714 W Butler Dr", 0.2, { beds: 3, sqft: 1_510, year: 1962, sold: day(asOf, 730), price: 300_000 }));
  found.push(home("mansion", "718 W Butler Dr", 0.2, { beds: 6, sqft: 5_200, year: 2005, sold: day(asOf, 30), price: 1_900_000 }));
  return found;
}
