/**
 * The fake BatchData's datasets: a few sample properties with their owners, and the synthetic market as BatchData records.
 */
import type { MarketBatch } from "#db/market/generate.ts";

export type Json = Record<string, unknown>;

export type FakeProperty = { record: Json; persons: Json[] };

export const QUICK_LISTS = [
  "absentee-owner",
  "cash-buyer",
  "corporate-owned",
  "fix-and-flip",
  "free-and-clear",
  "high-equity",
  "inherited",
  "notice-of-default",
  "out-of-state-absentee-owner",
  "owner-occupied",
  "preforeclosure",
  "tax-default",
  "tired-landlord",
  "vacant",
] as const;

export const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** A quick list's key in a record's `quickLists`, as the data dictionary spells it (not always the list name camel-cased). */
export const listKey = (name: string) => (name === "out-of-state-absentee-owner" ? "absenteeOwnerOutOfState" : camel(name));

// --- datasets --------------------------------------------------------------------------------------------------

type SampleOwner = {
  fullName: string;
  first?: string;
  last?: string;
  mailing: { street: string; city: string; state: string; zip: string };
  propertiesCount: number;
  phones?: { number: string; type: string; dnc: boolean; tcpa?: boolean }[];
  emails?: string[];
};

type SampleHome = {
  id: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  beds: number;
  value: number;
  equity: number;
  owner: SampleOwner;
  lists?: string[];
  detail?: string;
  sold?: string;
  salePrice?: number;
};

function sampleProperty(home: SampleHome): FakeProperty {
  const { owner } = home;
  const lists = home.lists ?? [];
  const quickLists: Json = Object.fromEntries(QUICK_LISTS.map((name) => [listKey(name), lists.includes(name)]));
  quickLists.highEquity = home.equity > 20;
  const sold = home.sold ?? "2016-03-01";
  return {
    record: {
      _id: home.id,
      address: {
        street: home.street,
        city: home.city,
        state: home.state,
        zip: home.zip,
        county: "Maricopa",
        latitude: 33.45,
        longitude: -112.07,
      },
      ids: { apn: `APN-${home.id}` },
      general: { propertyTypeCategory: "Residential", propertyTypeDetail: home.detail ?? "Single Family Residential" },
      building: { bedroomCount: home.beds, bathroomCount: 2, livingAreaSquareFeet: 1_200 + home.beds * 300, yearBuilt: 1978 },
      valuation: {
        estimatedValue: home.value,
        equityPercent: home.equity,
        equityCurrentEstimatedBalance: Math.round((home.value * home.equity) / 100),
        confidenceScore: 88,
      },
      // Data dictionary: sale.lastSale.saleDate / price and intel.lastSoldDate / lastSoldPrice.
      sale: { lastSale: { saleDate: `${sold}T00:00:00.000Z`, price: home.salePrice ?? Math.round(home.value * 0.6) } },
      intel: { lastSoldDate: sold, lastSoldPrice: home.salePrice ?? Math.round(home.value * 0.6) },
      owner: {
        fullName: owner.fullName,
        names: owner.first && owner.last ? [{ first: owner.first, last: owner.last, full: owner.fullName }] : [],
        mailingAddress: owner.mailing,
      },
      quickLists,
      propertyOwnerProfile: {
        propertiesCount: owner.propertiesCount,
        propertiesTotalEstimatedValue: owner.propertiesCount * 300_000,
        propertiesTotalEquity: owner.propertiesCount * 120_000,
        mortgagesTotalBalance: owner.propertiesCount * 180_000,
        totalPurchasePrice: owner.propertiesCount * 210_000,
        averagePurchasePrice: 210_000,
      },
    },
    persons:
      owner.phones || owner.emails
        ? [
            {
              name: { first: owner.first ?? null, last: owner.last ?? null, full: owner.fullName },
              phoneNumbers: (owner.phones ?? []).map((phone) => ({
                ...phone,
                carrier: "Fake Wireless",
                reachable: true,
                tcpa: phone.tcpa === true,
                score: 90,
              })),
              emails: (owner.emails ?? []).map((email) => ({ email })),
              mailingAddress: owner.mailing,
              litigator: false,
            },
          ]
        : [],
  };
}

const ROSA: SampleOwner = {
  fullName: "Rosa Alvarez",
  first: "Rosa",
  last: "Alvarez",
  mailing: { street: "88 Lakeshore Dr", city: "Chicago", state: "IL", zip: "60601" },
  propertiesCount: 1,
  phones: [
    { number: "6025550101", type: "Mobile", dnc: false },
    { number: "6025550102", type: "Land Line", dnc: true },
    { number: "6025550104", type: "Mobile", dnc: false, tcpa: true },
  ],
  emails: ["rosa.alvarez@example.com"],
};
const DESERT_HOLDINGS: SampleOwner = {
  fullName: "Desert Holdings LLC",
  mailing: { street: "1 Central Ave Ste 400", city: "Phoenix", state: "AZ", zip: "85004" },
  propertiesCount: 12,
  phones: [{ number: "4805550150", type: "Land Line", dnc: false }],
  emails: ["deals@desertholdings.example"],
};
const SUN_FLIPS: SampleOwner = {
  fullName: "Sun Flips Inc",
  mailing: { street: "700 Mill Ave", city: "Tempe", state: "AZ", zip: "85281" },
  propertiesCount: 4,
  phones: [{ number: "4805550160", type: "Mobile", dnc: false }],
};
const owner = (fullName: string, propertiesCount = 1): SampleOwner => {
  const [first, last] = fullName.split(" ");
  return {
    fullName,
    first,
    last,
    mailing: { street: `${fullName.length} Elm St`, city: "Phoenix", state: "AZ", zip: "85008" },
    propertiesCount,
  };
};

/**
 * Twelve homes in Phoenix (85004, 85008) and Tempe (85281): the seller types, bedrooms and values vary so each
 * filter has something to keep and something to leave out; Desert Holdings LLC owns four of them (a buyer with a
 * portfolio), Sun Flips Inc two.
 */
export const SAMPLE_PROPERTIES: FakeProperty[] = [
  {
    id: "bd-101",
    street: "101 W Maple Ave",
    zip: "85004",
    beds: 3,
    value: 320_000,
    equity: 72,
    owner: ROSA,
    lists: ["inherited", "out-of-state-absentee-owner", "absentee-owner"],
  },
  {
    id: "bd-102",
    street: "102 W Maple Ave",
    zip: "85004",
    beds: 2,
    value: 210_000,
    equity: 35,
    owner: owner("Ann Byrd"),
    lists: ["preforeclosure"],
  },
  {
    id: "bd-103",
    street: "103 W Maple Ave",
    zip: "85004",
    beds: 4,
    value: 455_000,
    equity: 55,
    owner: DESERT_HOLDINGS,
    lists: ["corporate-owned", "tired-landlord", "absentee-owner", "cash-buyer"],
    sold: "2024-02-10",
  },
  {
    id: "bd-104",
    street: "104 W Maple Ave",
    zip: "85004",
    beds: 5,
    value: 1_250_000,
    equity: 90,
    owner: owner("Carl Dunn"),
    lists: ["inherited"],
  },
  {
    id: "bd-105",
    street: "105 E Roosevelt St",
    zip: "85004",
    beds: 3,
    value: 280_000,
    equity: 15,
    owner: owner("Dee Evans"),
    lists: ["preforeclosure", "inherited"],
  },
  {
    id: "bd-201",
    street: "201 N 40th St",
    zip: "85008",
    beds: 3,
    value: 340_000,
    equity: 64,
    owner: DESERT_HOLDINGS,
    lists: ["corporate-owned", "absentee-owner", "cash-buyer"],
    sold: "2025-06-01",
  },
  {
    id: "bd-202",
    street: "202 N 40th St",
    zip: "85008",
    beds: 1,
    value: 150_000,
    equity: 80,
    owner: owner("Fay Gill"),
    lists: ["inherited"],
    detail: "Condominium",
  },
  {
    id: "bd-203",
    street: "203 N 40th St",
    zip: "85008",
    beds: 3,
    value: 390_000,
    equity: 49,
    owner: owner("Gus Hale"),
    lists: ["tired-landlord"],
  },
  {
    id: "bd-204",
    street: "204 N 40th St",
    zip: "85008",
    beds: 2,
    value: 260_000,
    equity: 61,
    owner: DESERT_HOLDINGS,
    lists: ["corporate-owned", "absentee-owner", "cash-buyer"],
    sold: "2019-09-15",
  },
  {
    id: "bd-301",
    street: "301 S Mill Ave",
    city: "Tempe",
    zip: "85281",
    beds: 3,
    value: 410_000,
    equity: 58,
    owner: SUN_FLIPS,
    lists: ["corporate-owned", "fix-and-flip", "absentee-owner", "cash-buyer"],
    sold: "2025-01-20",
  },
  {
    id: "bd-302",
    street: "302 S Mill Ave",
    city: "Tempe",
    zip: "85281",
    beds: 4,
    value: 520_000,
    equity: 66,
    owner: SUN_FLIPS,
    lists: ["corporate-owned", "fix-and-flip", "absentee-owner"],
    sold: "2025-03-05",
    detail: "Townhouse",
  },
  {
    id: "bd-303",
    street: "303 S Mill Ave",
    city: "Tempe",
    zip: "85281",
    beds: 3,
    value: 365_000,
    equity: 52,
    owner: DESERT_HOLDINGS,
    lists: ["corporate-owned", "absentee-owner", "cash-buyer"],
    sold: "2023-11-30",
  },
].map((home) => sampleProperty({ city: "Phoenix", state: "AZ", ...home }));

const PROPERTY_TYPE_DETAIL: Record<string, string> = {
  single_family: "Single Family Residential",
  multi_family: "Duplex (2 units, any combination)",
  condo: "Condominium",
  townhouse: "Townhouse",
  mobile_home: "Manufactured Home",
  land: "Vacant Land",
};

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The test market as BatchData records, in market id order: the same homes, owners and flags (the seller types
 * as BatchData's quick-list booleans, the owner's portfolio as its property owner profile, the owner's phones in
 * BatchData's ten-digit form with their type words), so a search through either provider finds the same homes.
 */
export function batchDataFromMarket(market: MarketBatch): FakeProperty[] {
  type Owner = MarketBatch["owners"][number];
  type Property = MarketBatch["properties"][number];
  const owners = new Map<number, Owner>(market.owners.map((o) => [o.id!, o]));
  const holdings = new Map<number, Property[]>();
  for (const p of market.properties) holdings.set(p.ownerId, [...(holdings.get(p.ownerId) ?? []), p]);
  const sum = (list: Property[], pick: (p: Property) => number) => list.reduce((total, p) => total + cents(pick(p)), 0) / 100;

  return [...market.properties]
    .sort((a, b) => a.id! - b.id!)
    .map((p) => {
      const o = owners.get(p.ownerId)!;
      const held = holdings.get(p.ownerId) ?? [];
      const mailing = { street: o.mailingStreet, city: o.mailingCity, state: o.mailingState, zip: o.mailingZip };
      const purchases = sum(held, (h) => h.lastSalePrice);
      return {
        record: {
          _id: `M${p.id}`,
          address: { street: p.address, city: p.city, state: p.state, zip: p.zip, latitude: p.latitude, longitude: p.longitude },
          ids: { apn: p.apn },
          general: { propertyTypeCategory: "Residential", propertyTypeDetail: PROPERTY_TYPE_DETAIL[p.propertyType] },
          building: { bedroomCount: p.bedrooms, bathroomCount: p.bathrooms, livingAreaSquareFeet: p.squareFeet, yearBuilt: p.yearBuilt },
          valuation: { estimatedValue: p.estimatedValue, equityPercent: p.equityPercent, equityCurrentEstimatedBalance: p.equityBalance },
          openLien: { totalOpenLienBalance: p.openLienBalance, totalOpenLienCount: p.openLienCount },
          sale: { lastSale: { saleDate: `${p.lastSaleDate}T00:00:00.000Z`, price: p.lastSalePrice } },
          intel: { lastSoldDate: p.lastSaleDate, lastSoldPrice: p.lastSalePrice },
          owner: {
            fullName: o.fullName,
            names: o.isIndividual && o.firstName && o.lastName ? [{ first: o.firstName, last: o.lastName, full: o.fullName }] : [],
            mailingAddress: mailing,
          },
          quickLists: {
            absenteeOwner: p.isAbsentee,
            ownerOccupied: p.ownerOccupied,
            absenteeOwnerOutOfState: p.isOutOfStateAbsentee,
            preforeclosure: p.isPreforeclosure,
            // BatchData's own rule (LTV < 0.8); the client adds the product's 50 % as a filter.
            highEquity: p.equityPercent > 20,
            inherited: p.isInherited,
            corporateOwned: p.isCorporateOwned,
            tiredLandlord: p.isTiredLandlord,
            cashBuyer: p.lastSaleCash,
            fixAndFlip: (o.flipCount ?? 0) > 0,
            freeAndClear: p.openLienCount === 0,
          },
          propertyOwnerProfile: {
            propertiesCount: o.propertyCount,
            propertiesTotalEstimatedValue: sum(held, (h) => h.estimatedValue),
            propertiesTotalEquity: sum(held, (h) => h.equityBalance),
            mortgagesTotalBalance: sum(held, (h) => h.openLienBalance),
            totalPurchasePrice: purchases,
            averagePurchasePrice: held.length > 0 ? Math.round((purchases / held.length) * 100) / 100 : null,
          },
        },
        persons: [
          {
            name: { first: o.firstName ?? null, last: o.lastName ?? null, full: o.fullName },
            phoneNumbers: o.phones.map((phone) => ({
              number: phone.number.replace(/^\+1/, ""),
              type: phone.type === "mobile" ? "Mobile" : "Land Line",
              carrier: "Fake Wireless",
              dnc: phone.dnc,
              tcpa: false,
              reachable: true,
              score: 90,
            })),
            emails: o.emails.map((email) => ({ email })),
            mailingAddress: mailing,
            litigator: false,
          },
        ],
      };
    });
}
