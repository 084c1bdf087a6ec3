import { and, asc, count, desc, eq, exists, gte, inArray, lte, sql, type SQL } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { SELLER_TYPE_FLAG, SELLER_TYPES, type BuyerType } from "#db/enums.ts";
import { MARKET_AS_OF } from "#db/market/flags.ts";
import { marketOwners, marketProperties } from "#db/schema.ts";
import { CASH_BUYER_MAX_PURCHASES } from "#db/seller-types.ts";
import { cityCase } from "#app/domain/leads/lead-location.ts";

import { localCoverage } from "./local-coverage.server.ts";
import { localPurchasersNear } from "./local-purchasers.server.ts";
import { localBuyerPurchases } from "./local-purchases.server.ts";
import { HOME_FACTS, localSales } from "./local-sales.server.ts";
import { localMarketStats } from "./local-stats.server.ts";
import type {
  BuyerSearch,
  CashBuyer,
  HomeAddress,
  KnownHome,
  OwnerContact,
  Page,
  PropertyDataProvider,
  SearchLocation,
  SellerLead,
  SellerSearch,
} from "./types.ts";

/**
 * The place, on market_properties: a ZIP list (market_properties_zip_search_idx) or a city (the seller types'
 * (state, city, id, …) indexes, market_properties_owner_place_idx).
 */
function inPlace(location: SearchLocation): SQL | undefined {
  return "zips" in location
    ? inArray(marketProperties.zip, location.zips)
    : and(eq(marketProperties.state, location.state), eq(marketProperties.city, location.city));
}

/**
 * A seller type is its flag (db/market/flags.ts defines each); bedrooms are a minimum and the price bounds apply to
 * the estimated value. Every column here is in the index a search reads (a seller type's partial index in a city,
 * the ZIP index in ZIPs), so a count and a page of ids never read a table row.
 */
function sellerWhere(search: SellerSearch): SQL | undefined {
  return and(
    inPlace(search.location),
    eq(marketProperties[SELLER_TYPE_FLAG[search.sellerType]], true),
    search.minBedrooms ? gte(marketProperties.bedrooms, search.minBedrooms) : undefined,
    search.minPrice ? gte(marketProperties.estimatedValue, search.minPrice) : undefined,
    search.maxPrice ? lte(marketProperties.estimatedValue, search.maxPrice) : undefined,
  );
}

/**
 * The buyer types of the spec on market_owners (definitions in db/market/flags.ts, their figures in
 * db/seller-types.ts). Written with literal constants, exactly as the owners' partial indexes in db/schema.ts say them,
 * so SQLite can use them.
 */
const BUYER_TYPE_WHERE: Record<BuyerType, SQL> = {
  active_landlord: sql`${marketOwners.isActiveLandlord} = 1`,
  fix_and_flip: sql`${marketOwners.flipCount} > 0`,
  cash_buyers: sql`${marketOwners.isCashBuyer} = 1 and ${marketOwners.cashPurchaseCount} <= ${sql.raw(String(CASH_BUYER_MAX_PURCHASES))}`,
};

/**
 * Owners of the type, with at least `minProperties` properties, who hold a property in the place. The two places
 * start from opposite ends: in a city, from the owners of the type (thousands in a million properties) each probed
 * for a property there in market_properties_owner_place_idx — a big city holds far more properties than the market
 * holds owners of a type; in ZIPs, from the owners of the ZIPs' properties (a few hundred a ZIP, from
 * market_properties_zip_search_idx). Asked the other way, a ZIP probe would read every property of the ZIP once per
 * owner of the type.
 */
function buyerWhere(db: Db, search: BuyerSearch): SQL | undefined {
  const { location } = search;
  const holdsInPlace =
    "zips" in location
      ? inArray(marketOwners.id, db.select({ ownerId: marketProperties.ownerId }).from(marketProperties).where(inPlace(location)))
      : exists(
          db
            .select({ one: sql`1` })
            .from(marketProperties)
            .where(and(eq(marketProperties.ownerId, marketOwners.id), inPlace(location))),
        );
  return and(BUYER_TYPE_WHERE[search.buyerType], gte(marketOwners.propertyCount, search.minProperties), holdsInPlace);
}

type Property = typeof marketProperties.$inferSelect;
type Owner = typeof marketOwners.$inferSelect;

function ownerContact(o: Owner): OwnerContact {
  return {
    name: o.fullName,
    isIndividual: o.isIndividual,
    mailingAddress: `${o.mailingStreet}, ${o.mailingCity}, ${o.mailingState} ${o.mailingZip}`,
    mailing: { street: o.mailingStreet, city: o.mailingCity, state: o.mailingState, zip: o.mailingZip },
    phones: o.phones,
    emails: o.emails,
  };
}

function toLead({ property: p, owner: o }: { property: Property; owner: Owner }): SellerLead {
  return {
    id: `local-${p.id}`,
    apn: p.apn,
    addressLine: p.address,
    city: p.city,
    state: p.state,
    zip: p.zip,
    latitude: p.latitude,
    longitude: p.longitude,
    propertyType: p.propertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    squareFeet: p.squareFeet,
    yearBuilt: p.yearBuilt,
    estimatedValue: p.estimatedValue,
    equityBalance: p.equityBalance,
    equityPct: p.equityPercent,
    lastSalePrice: p.lastSalePrice,
    lastSaleDate: p.lastSaleDate,
    // The local market has no valuation model behind its values, so no confidence to report.
    confidenceScore: null,
    flags: SELLER_TYPES.filter((type) => p[SELLER_TYPE_FLAG[type]]),
    owner: ownerContact(o),
    raw: { marketPropertyId: p.id, marketOwnerId: o.id },
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** One buyer from their properties (all of them, in id order), marking which lie in the searched place. */
function toCashBuyer(owner: Owner, holdings: { property: Property; inPlace: boolean }[]): CashBuyer {
  const here = holdings.filter((holding) => holding.inPlace).map((holding) => holding.property);
  // The latest purchase in the place (the search only finds owners who hold one there).
  const latest = here.reduce((best, p) => (p.lastSaleDate > best.lastSaleDate ? p : best), here[0]!);
  const all = holdings.map((holding) => holding.property);
  const total = (pick: (p: Property) => number) => all.reduce((sum, p) => sum + cents(pick(p)), 0) / 100;
  const purchases = total((p) => p.lastSalePrice);
  return {
    id: `local-owner-${owner.id}`,
    owner: ownerContact(owner),
    property: {
      addressLine: latest.address,
      city: latest.city,
      state: latest.state,
      zip: latest.zip,
      latitude: latest.latitude,
      longitude: latest.longitude,
      propertyType: latest.propertyType,
      bedrooms: latest.bedrooms,
      bathrooms: latest.bathrooms,
      squareFeet: latest.squareFeet,
      yearBuilt: latest.yearBuilt,
      estimatedValue: latest.estimatedValue,
      equityBalance: latest.equityBalance,
      equityPct: latest.equityPercent,
      lastSaleDate: latest.lastSaleDate,
      lastSalePrice: latest.lastSalePrice,
      lastSaleCash: latest.lastSaleCash,
    },
    portfolio: {
      propertyCount: owner.propertyCount,
      totalEstimatedValue: total((p) => p.estimatedValue),
      totalEquity: total((p) => p.equityBalance),
      totalMortgageBalance: total((p) => p.openLienBalance),
      totalPurchasePrice: purchases,
      averagePurchasePrice: all.length > 0 ? Math.round((purchases / all.length) * 100) / 100 : null,
      cashPurchaseCount: owner.cashPurchaseCount,
      flipCount: owner.flipCount,
      lastPurchaseDate: all.reduce<string | null>((last, p) => (last === null || p.lastSaleDate > last ? p.lastSaleDate : last), null),
    },
    raw: { marketOwnerId: owner.id, marketPropertyId: latest.id },
  };
}

/** The embedded default: queries the deterministic synthetic market seeded into D1 (db/market). */
export function createLocalPropertyData(db: Db): PropertyDataProvider {
  return {
    name: "local",
    marketStats: (location, asOf, filter) => localMarketStats(db, location, asOf, filter),
    coverage: () => localCoverage(db),
    placesBeyond: (location, limit) => localPlacesBeyond(db, location, limit),
    salesThrough: MARKET_AS_OF,
    buyerPurchases: (buyerIds, window) => localBuyerPurchases(db, buyerIds, window),
    cashPurchasersNear: (query) => localPurchasersNear(db, query),
    async countSellerLeads(search) {
      const [row] = await db.select({ n: count() }).from(marketProperties).where(sellerWhere(search));
      return row?.n ?? 0;
    },
    searchSellerLeads: (search, page) => localSearchSellerLeads(db, search, page),
    async countCashBuyers(search) {
      const [row] = await db.select({ n: count() }).from(marketOwners).where(buyerWhere(db, search));
      return row?.n ?? 0;
    },
    searchCashBuyers: (search, page) => localSearchCashBuyers(db, search, page),
    findHome: (address) => localFindHome(db, address),
    searchSales(window) {
      return localSales(db, window);
    },
    salesAt(addressText, window) {
      return localSales(db, window, addressText);
    },
  };
}

/** Where the market has properties, most first, when it has none in the asked place (else none). */
async function localPlacesBeyond(db: Db, location: SearchLocation, limit: number) {
  const [inside] = await db.select({ id: marketProperties.id }).from(marketProperties).where(inPlace(location)).limit(1);
  if (inside) return [];
  // From market_properties_city_idx alone: one entry per property, grouped in the index's order.
  const places = await db
    .select({ city: marketProperties.city, state: marketProperties.state, n: count() })
    .from(marketProperties)
    .groupBy(marketProperties.state, marketProperties.city)
    .orderBy(desc(count()))
    .limit(limit);
  return places.map((place) => `${place.city}, ${place.state}`);
}

/** A page of seller leads and their owners. */
async function localSearchSellerLeads(db: Db, search: SellerSearch, page: Page) {
  // The page of ids first, from index entries alone (skipping `skip` of them reads no table row), then only
  // those properties and their owners.
  const ids = db
    .select({ id: marketProperties.id })
    .from(marketProperties)
    .where(sellerWhere(search))
    .orderBy(asc(marketProperties.id))
    .limit(page.take)
    .offset(page.skip ?? 0)
    .as("ids");
  const rows = await db
    .select({ property: marketProperties, owner: marketOwners })
    .from(ids)
    .innerJoin(marketProperties, eq(marketProperties.id, ids.id))
    .innerJoin(marketOwners, eq(marketOwners.id, marketProperties.ownerId))
    .orderBy(asc(marketProperties.id));
  return rows.map(toLead);
}

/** A page of cash buyers with their holdings. */
async function localSearchCashBuyers(db: Db, search: BuyerSearch, page: Page) {
  // One query: the page of buyers (by owner id) and every property each holds, flagged when in the place.
  const buyers = db
    .select({ ownerId: marketOwners.id })
    .from(marketOwners)
    .where(buyerWhere(db, search))
    .orderBy(asc(marketOwners.id))
    .limit(page.take)
    .offset(page.skip ?? 0)
    .as("buyers");
  const rows = await db
    .select({
      owner: marketOwners,
      property: marketProperties,
      inPlace: sql<number>`case when ${inPlace(search.location)} then 1 else 0 end`,
    })
    .from(buyers)
    .innerJoin(marketOwners, eq(marketOwners.id, buyers.ownerId))
    .innerJoin(marketProperties, eq(marketProperties.ownerId, buyers.ownerId))
    .orderBy(asc(marketOwners.id), asc(marketProperties.id));
  const byOwner = new Map<number, { owner: Owner; holdings: { property: Property; inPlace: boolean }[] }>();
  for (const row of rows) {
    const entry = byOwner.get(row.owner.id) ?? { owner: row.owner, holdings: [] };
    entry.holdings.push({ property: row.property, inPlace: Number(row.inPlace) === 1 });
    byOwner.set(row.owner.id, entry);
  }
  return [...byOwner.values()].map(({ owner, holdings }) => toCashBuyer(owner, holdings));
}

/** The market's property at an address, or null. */
async function localFindHome(db: Db, address: HomeAddress) {
  // market_properties_address_idx; the street as the market writes it, the city and state in any case.
  const [row] = await db
    .select({
      ...HOME_FACTS,
      id: marketProperties.id,
      apn: marketProperties.apn,
      city: marketProperties.city,
      state: marketProperties.state,
    })
    .from(marketProperties)
    .where(
      and(
        eq(marketProperties.state, address.state.trim().toUpperCase()),
        eq(marketProperties.city, cityCase(address.city.trim().replace(/\s+/g, " "))),
        eq(marketProperties.address, address.street.trim().replace(/\s+/g, " ")),
      ),
    )
    .orderBy(asc(marketProperties.id))
    .limit(1);
  if (!row) return null;
  const { id, apn, ...facts } = row;
  return { ...facts, id: `local-${id}`, parcelId: apn } satisfies KnownHome;
}
