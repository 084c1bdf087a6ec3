import { and, asc, count, eq, gte, inArray, lte, type SQL } from "drizzle-orm";

import type { Db } from "../../../db/client";
import { SELLER_TYPE_FLAG, SELLER_TYPES } from "../../../db/enums";
import { marketOwners, marketProperties } from "../../../db/schema";
import type { PropertyDataProvider, SellerLead, SellerSearch } from "./types";

function whereOf(search: SellerSearch): SQL | undefined {
  const location =
    "zips" in search.location
      ? inArray(marketProperties.zip, search.location.zips)
      : and(eq(marketProperties.state, search.location.state.toUpperCase()), eq(marketProperties.city, search.location.city));
  return and(
    location,
    eq(marketProperties[SELLER_TYPE_FLAG[search.sellerType]], true),
    search.minBedrooms ? gte(marketProperties.bedrooms, search.minBedrooms) : undefined,
    search.minPrice ? gte(marketProperties.estimatedValue, search.minPrice) : undefined,
    search.maxPrice ? lte(marketProperties.estimatedValue, search.maxPrice) : undefined,
  );
}

type Row = { property: typeof marketProperties.$inferSelect; owner: typeof marketOwners.$inferSelect };

function toLead({ property: p, owner: o }: Row): SellerLead {
  const flagged = SELLER_TYPES.filter((type) => p[SELLER_TYPE_FLAG[type]]);
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
    flags: flagged,
    owner: {
      name: o.fullName,
      isIndividual: o.isIndividual,
      mailingAddress: `${o.mailingStreet}, ${o.mailingCity}, ${o.mailingState} ${o.mailingZip}`,
      phones: o.phones,
      emails: o.emails,
    },
  };
}

/** The embedded default: queries the deterministic synthetic market seeded into D1 (db/market). */
export function createLocalPropertyData(db: Db): PropertyDataProvider {
  return {
    name: "local",
    async countSellerLeads(search) {
      const [row] = await db.select({ n: count() }).from(marketProperties).where(whereOf(search));
      return row?.n ?? 0;
    },
    async searchSellerLeads(search, page) {
      const rows = await db
        .select({ property: marketProperties, owner: marketOwners })
        .from(marketProperties)
        .innerJoin(marketOwners, eq(marketOwners.id, marketProperties.ownerId))
        .where(whereOf(search))
        .orderBy(asc(marketProperties.id))
        .limit(page.take)
        .offset(page.skip ?? 0);
      return rows.map(toLead);
    },
  };
}
