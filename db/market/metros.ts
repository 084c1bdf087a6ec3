/**
 * The metros of the embedded local market and their price levels. Pure data: the ZIPs of each metro come from the
 * `zipcodes` package at seed time (db/market/metro-zips.ts), so this module stays importable anywhere (app, workerd).
 *
 * Price levels are rough 2025 medians of $/sqft for existing single-family homes; the spread is the log standard
 * deviation of the neighbourhood (ZIP) factor, so a metro has cheap and expensive ZIPs around that median.
 */

export type Metro = {
  id: string;
  /** The core city as the ZIP data spells it. */
  city: string;
  state: string;
  /** A downtown ZIP; the metro is every US ZIP within `radiusMiles` of it. */
  centerZip: string;
  radiusMiles: number;
  /** Real area codes of the metro; owner phones use them with the fictional 555-01xx exchange. */
  areaCodes: readonly string[];
  /** Median estimated value per square foot, in dollars. */
  pricePerSqft: number;
  /** Log standard deviation of the per-ZIP price factor. */
  priceSpread: number;
  /** Year built: most of the stock is around `mean`; rust-belt metros are older, sun-belt metros newer. */
  yearBuilt: { mean: number; sd: number };
  /** Median single-family lot in square feet. */
  lotSquareFeet: number;
  /** Share of single-family homes with one storey (ranch stock in the sun belt). */
  singleStoryShare: number;
  /** How strongly the metro followed the national boom and bust (1 = national index; sand states more). */
  cycleAmplitude: number;
  /** Judicial-foreclosure states record lis pendens; the others notices of default and of trustee sale. */
  judicialForeclosure: boolean;
  /** Relative share of the market's properties. */
  weight: number;
};

export const METROS: readonly Metro[] = [
  {
    id: "phoenix",
    city: "Phoenix",
    state: "AZ",
    centerZip: "85004",
    radiusMiles: 25,
    areaCodes: ["602", "480", "623"],
    pricePerSqft: 250,
    priceSpread: 0.3,
    yearBuilt: { mean: 1992, sd: 18 },
    lotSquareFeet: 7_200,
    singleStoryShare: 0.8,
    cycleAmplitude: 1.35,
    judicialForeclosure: false,
    weight: 12,
  },
  {
    id: "dallas",
    city: "Dallas",
    state: "TX",
    centerZip: "75201",
    radiusMiles: 25,
    areaCodes: ["214", "972", "469"],
    pricePerSqft: 190,
    priceSpread: 0.32,
    yearBuilt: { mean: 1988, sd: 20 },
    lotSquareFeet: 7_500,
    singleStoryShare: 0.6,
    cycleAmplitude: 0.9,
    judicialForeclosure: false,
    weight: 12,
  },
  {
    id: "atlanta",
    city: "Atlanta",
    state: "GA",
    centerZip: "30303",
    radiusMiles: 25,
    areaCodes: ["404", "770", "678"],
    pricePerSqft: 200,
    priceSpread: 0.35,
    yearBuilt: { mean: 1986, sd: 20 },
    lotSquareFeet: 14_000,
    singleStoryShare: 0.45,
    cycleAmplitude: 1.0,
    judicialForeclosure: false,
    weight: 10,
  },
  {
    id: "cleveland",
    city: "Cleveland",
    state: "OH",
    centerZip: "44113",
    radiusMiles: 20,
    areaCodes: ["216", "440"],
    pricePerSqft: 110,
    priceSpread: 0.35,
    yearBuilt: { mean: 1948, sd: 22 },
    lotSquareFeet: 6_000,
    singleStoryShare: 0.4,
    cycleAmplitude: 0.8,
    judicialForeclosure: true,
    weight: 6,
  },
  {
    id: "tampa",
    city: "Tampa",
    state: "FL",
    centerZip: "33602",
    radiusMiles: 20,
    areaCodes: ["813", "727"],
    pricePerSqft: 240,
    priceSpread: 0.3,
    yearBuilt: { mean: 1982, sd: 20 },
    lotSquareFeet: 7_500,
    singleStoryShare: 0.85,
    cycleAmplitude: 1.3,
    judicialForeclosure: true,
    weight: 8,
  },
  {
    id: "detroit",
    city: "Detroit",
    state: "MI",
    centerZip: "48226",
    radiusMiles: 20,
    areaCodes: ["313", "248", "734"],
    pricePerSqft: 90,
    priceSpread: 0.45,
    yearBuilt: { mean: 1950, sd: 22 },
    lotSquareFeet: 5_500,
    singleStoryShare: 0.45,
    cycleAmplitude: 1.1,
    judicialForeclosure: false,
    weight: 7,
  },
  {
    id: "charlotte",
    city: "Charlotte",
    state: "NC",
    centerZip: "28202",
    radiusMiles: 20,
    areaCodes: ["704", "980"],
    pricePerSqft: 210,
    priceSpread: 0.3,
    yearBuilt: { mean: 1993, sd: 18 },
    lotSquareFeet: 11_000,
    singleStoryShare: 0.5,
    cycleAmplitude: 0.95,
    judicialForeclosure: false,
    weight: 7,
  },
  {
    id: "las-vegas",
    city: "Las Vegas",
    state: "NV",
    centerZip: "89101",
    radiusMiles: 18,
    areaCodes: ["702", "725"],
    pricePerSqft: 240,
    priceSpread: 0.25,
    yearBuilt: { mean: 1997, sd: 14 },
    lotSquareFeet: 6_000,
    singleStoryShare: 0.6,
    cycleAmplitude: 1.5,
    judicialForeclosure: false,
    weight: 7,
  },
  {
    id: "houston",
    city: "Houston",
    state: "TX",
    centerZip: "77002",
    radiusMiles: 25,
    areaCodes: ["713", "281", "832"],
    pricePerSqft: 160,
    priceSpread: 0.33,
    yearBuilt: { mean: 1986, sd: 20 },
    lotSquareFeet: 7_000,
    singleStoryShare: 0.6,
    cycleAmplitude: 0.85,
    judicialForeclosure: false,
    weight: 12,
  },
  {
    id: "jacksonville",
    city: "Jacksonville",
    state: "FL",
    centerZip: "32202",
    radiusMiles: 20,
    areaCodes: ["904"],
    pricePerSqft: 190,
    priceSpread: 0.3,
    yearBuilt: { mean: 1985, sd: 22 },
    lotSquareFeet: 9_000,
    singleStoryShare: 0.8,
    cycleAmplitude: 1.15,
    judicialForeclosure: true,
    weight: 6,
  },
  {
    id: "memphis",
    city: "Memphis",
    state: "TN",
    centerZip: "38103",
    radiusMiles: 20,
    areaCodes: ["901"],
    pricePerSqft: 105,
    priceSpread: 0.4,
    yearBuilt: { mean: 1970, sd: 22 },
    lotSquareFeet: 10_000,
    singleStoryShare: 0.7,
    cycleAmplitude: 0.9,
    judicialForeclosure: false,
    weight: 5,
  },
  {
    id: "indianapolis",
    city: "Indianapolis",
    state: "IN",
    centerZip: "46204",
    radiusMiles: 20,
    areaCodes: ["317"],
    pricePerSqft: 140,
    priceSpread: 0.3,
    yearBuilt: { mean: 1968, sd: 25 },
    lotSquareFeet: 9_000,
    singleStoryShare: 0.55,
    cycleAmplitude: 0.85,
    judicialForeclosure: true,
    weight: 6,
  },
];

/** Mailing locations outside every metro's state, for out-of-state owners (real ZIPs, fictional streets). */
export type MailingCity = { zip: string; city: string; state: string; areaCode: string };

export const OUT_OF_STATE_MAILING_CITIES: readonly MailingCity[] = [
  { zip: "90012", city: "Los Angeles", state: "CA", areaCode: "213" },
  { zip: "92101", city: "San Diego", state: "CA", areaCode: "619" },
  { zip: "94103", city: "San Francisco", state: "CA", areaCode: "415" },
  { zip: "95814", city: "Sacramento", state: "CA", areaCode: "916" },
  { zip: "98101", city: "Seattle", state: "WA", areaCode: "206" },
  { zip: "97204", city: "Portland", state: "OR", areaCode: "503" },
  { zip: "80202", city: "Denver", state: "CO", areaCode: "303" },
  { zip: "84101", city: "Salt Lake City", state: "UT", areaCode: "801" },
  { zip: "60601", city: "Chicago", state: "IL", areaCode: "312" },
  { zip: "55401", city: "Minneapolis", state: "MN", areaCode: "612" },
  { zip: "10001", city: "New York", state: "NY", areaCode: "212" },
  { zip: "07102", city: "Newark", state: "NJ", areaCode: "973" },
  { zip: "02108", city: "Boston", state: "MA", areaCode: "617" },
  { zip: "19103", city: "Philadelphia", state: "PA", areaCode: "215" },
  { zip: "22201", city: "Arlington", state: "VA", areaCode: "703" },
];

/** One ZIP of the market: the `zipcodes` record plus the metro it belongs to. */
export type MarketZip = {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  metroId: string;
};
