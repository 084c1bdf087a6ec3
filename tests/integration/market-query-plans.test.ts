// The lead search reads indexes, not the market's tables. EXPLAIN QUERY PLAN of the very statements the local
// provider and the search service send — recorded with their bound values, since SQLite uses a partial index only
// when it sees the value — must name the index each query is built for and never SCAN market_properties (README
// docs/decisions/047-million-property-market-indexes.md; `npm run bench:market` gives the figures, a test never times anything). Also: the indexes the seed
// drops and builds again are the migrations' own, and both ways a buyer search can start answer what the generated
// market says.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { BUYER_TYPES, SELLER_TYPE_FLAG, SELLER_TYPES, type BuyerType, type SellerType } from "#db/enums.ts";
import { sellerTypeColumn } from "#db/market/flags.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { marketIndexDdl } from "#db/market/seed.ts";
import { CASH_BUYER_MAX_PURCHASES } from "#db/seller-types.ts";
import type { SearchLocation } from "#app/domain/leads/lead-location.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import type { BuyerSearch, SellerSearch } from "#app/providers/property-data/types.ts";
import * as apiPropertiesBatch from "#app/routes/api.properties.batch.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";
import { planOf, recordingD1, type Sent } from "./recording-d1.ts";

/** Runs `query` against a recording binding and answers its value with the plan of each statement it sent. */
async function planned<T>(query: (provider: ReturnType<typeof createLocalPropertyData>) => Promise<T>) {
  const sent: Sent[] = [];
  const value = await query(createLocalPropertyData(createDb(recordingD1(sent))));
  const plans = await Promise.all(sent.map(planOf));
  return { value, plans, details: plans.flat().map((row) => row.detail) };
}

/** A plan line reading a whole table (an index SCAN of a partial index is a read of that type's rows only). */
const fullScans = (details: string[]) =>
  details.filter((detail) => /^SCAN (market_properties|market_owners)\b(?! USING COVERING INDEX)/.test(detail));

// --- the generated market, to say what each search must answer ------------------------------------------------------

let market: MarketBatch;
let migratedIndexes: { name: string; sql: string }[];

const MARKET_INDEX_SQL = sql`select name, sql from sqlite_master
  where type = 'index' and tbl_name in ('market_owners', 'market_properties', 'market_sales') and sql is not null order by name`;

beforeAll(async () => {
  // What the migrations made, before the seed drops and builds them again.
  migratedIndexes = await db.all<{ name: string; sql: string }>(MARKET_INDEX_SQL);
  market = await seedTestMarket(db, 2_000);
});

type Property = MarketBatch["properties"][number];
type Owner = MarketBatch["owners"][number];

const PHOENIX: SearchLocation = { city: "Phoenix", state: "AZ" };
const PHOENIX_ZIPS: SearchLocation = { zips: ["85004", "85008"] };
const PLACES = [
  { kind: "city", location: PHOENIX },
  { kind: "ZIPs", location: PHOENIX_ZIPS },
] as const;

function inPlace(p: Property, location: SearchLocation) {
  return "zips" in location ? location.zips.includes(p.zip) : p.city === location.city && p.state === location.state;
}

function sellerIds(search: Required<Omit<SellerSearch, "minPrice">> & { minPrice: number | null }) {
  return market.properties
    .filter(
      (p) =>
        inPlace(p, search.location) &&
        p[SELLER_TYPE_FLAG[search.sellerType]] === true &&
        p.bedrooms >= search.minBedrooms &&
        p.estimatedValue <= search.maxPrice &&
        (search.minPrice === null || p.estimatedValue >= search.minPrice),
    )
    .map((p) => p.id ?? 0)
    .sort((a, b) => a - b);
}

const BUYER_TYPE: Record<BuyerType, (o: Owner) => boolean> = {
  active_landlord: (o) => o.isActiveLandlord === true,
  fix_and_flip: (o) => (o.flipCount ?? 0) > 0,
  cash_buyers: (o) => o.isCashBuyer && o.cashPurchaseCount <= CASH_BUYER_MAX_PURCHASES,
};

function buyerIds(search: BuyerSearch) {
  const holders = new Set(market.properties.filter((p) => inPlace(p, search.location)).map((p) => p.ownerId));
  return market.owners
    .filter((o) => BUYER_TYPE[search.buyerType](o) && o.propertyCount >= search.minProperties && holders.has(o.id ?? 0))
    .map((o) => o.id ?? 0)
    .sort((a, b) => a - b);
}

const seller = (location: SearchLocation, sellerType: SellerType) => ({
  location,
  sellerType,
  minBedrooms: 2,
  minPrice: null,
  maxPrice: 3_000_000,
});
const buyer = (location: SearchLocation, buyerType: BuyerType): BuyerSearch => ({ location, buyerType, quickLists: [], minProperties: 3 });

// --- the tests -------------------------------------------------------------------------------------------------------

describe("the market's indexes", () => {
  /** One spelling of a CREATE INDEX: no quotes, no IF NOT EXISTS, single spaces. */
  const normalised = (text: string) =>
    text
      .replace(/[`"]/g, "")
      .replace(/ IF NOT EXISTS/i, "")
      .replace(/\s*,\s*/g, ",")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();

  it("are the migrations' own when the seed builds them again", async () => {
    const fromSchema = marketIndexDdl()
      .map((index) => ({ name: index.name, sql: normalised(index.create) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(migratedIndexes.map((index) => ({ name: index.name, sql: normalised(index.sql) }))).toEqual(fromSchema);
    const afterSeed = await db.all<{ name: string; sql: string }>(MARKET_INDEX_SQL);
    expect(afterSeed.map((index) => ({ name: index.name, sql: normalised(index.sql) }))).toEqual(fromSchema);
  });
});

describe("a seller count", () => {
  it("reads only its seller type's index in a city, and the ZIP index in ZIPs, and counts what the market holds", async () => {
    for (const sellerType of SELLER_TYPES) {
      const column = sellerTypeColumn(sellerType).name;
      for (const { kind, location } of PLACES) {
        const search = seller(location, sellerType);
        const { value, details } = await planned((provider) => provider.countSellerLeads(search));
        expect(value, `${sellerType} in ${kind}`).toBe(sellerIds(search).length);
        expect(details, `${sellerType} in ${kind}`).toEqual([
          kind === "city"
            ? `SEARCH market_properties USING COVERING INDEX market_properties_${column}_search_idx (state=? AND city=?)`
            : "SEARCH market_properties USING COVERING INDEX market_properties_zip_search_idx (zip=? AND bedrooms>?)",
        ]);
      }
    }
  });
});

describe("a seller search", () => {
  it("reads its page of ids from the index (in a city already in id order), then only those properties and owners", async () => {
    for (const sellerType of SELLER_TYPES) {
      const column = sellerTypeColumn(sellerType).name;
      for (const { kind, location } of PLACES) {
        const search = seller(location, sellerType);
        const { value, plans, details } = await planned((provider) => provider.searchSellerLeads(search, { take: 5, skip: 3 }));
        expect(
          value.map((lead) => lead.id),
          `${sellerType} in ${kind}`,
        ).toEqual(
          sellerIds(search)
            .slice(3, 8)
            .map((id) => `local-${id}`),
        );

        expect(plans, `${sellerType} in ${kind}: one statement`).toHaveLength(1);
        expect(fullScans(details), `${sellerType} in ${kind}`).toEqual([]);
        const page = plans[0]!.find((row) => row.detail.startsWith("CO-ROUTINE"));
        expect(page, `${sellerType} in ${kind}: the page of ids is a subquery`).toBeDefined();
        const inPage = plans[0]!.filter((row) => row.parent === page!.id).map((row) => row.detail);
        expect(inPage, `${sellerType} in ${kind}`).toEqual(
          kind === "city"
            ? // In id order already: reading from the offset on, no sort.
              [`SEARCH market_properties USING COVERING INDEX market_properties_${column}_search_idx (state=? AND city=?)`]
            : [
                "SEARCH market_properties USING COVERING INDEX market_properties_zip_search_idx (zip=? AND bedrooms>?)",
                "USE TEMP B-TREE FOR ORDER BY",
              ],
        );
        expect(details).toContain("SEARCH market_properties USING INTEGER PRIMARY KEY (rowid=?)");
        expect(details).toContain("SEARCH market_owners USING INTEGER PRIMARY KEY (rowid=?)");
      }
    }
  });
});

describe("a buyer count", () => {
  it("in a city probes only the owners of its type; in ZIPs starts from the ZIPs' properties; and counts what the market holds", async () => {
    for (const buyerType of BUYER_TYPES) {
      for (const { kind, location } of [...PLACES, { kind: "city", location: { city: "Cleveland", state: "OH" } } as const]) {
        const search = buyer(location, buyerType);
        const { value, details } = await planned((provider) => provider.countCashBuyers(search));
        expect(value, `${buyerType} in ${kind}`).toBe(buyerIds(search).length);
        expect(fullScans(details), `${buyerType} in ${kind}`).toEqual([]);
        expect(details, `${buyerType} in ${kind}`).toEqual(
          kind === "city"
            ? [
                `SCAN market_owners USING COVERING INDEX market_owners_${buyerType}_search_idx`,
                "SEARCH market_properties EXISTS USING COVERING INDEX market_properties_owner_place_idx (owner_id=? AND state=? AND city=?)",
              ]
            : [
                "SEARCH market_owners USING INTEGER PRIMARY KEY (rowid=?)",
                "LIST SUBQUERY 1",
                "SEARCH market_properties USING COVERING INDEX market_properties_zip_search_idx (zip=?)",
              ],
        );
      }
    }
    // The market has buyers of every type in Phoenix for the counts above to mean something.
    for (const buyerType of BUYER_TYPES) expect(buyerIds(buyer(PHOENIX, buyerType)).length, buyerType).toBeGreaterThan(0);
  });

  it("finds the same buyers either way: a cash-buyer search answers the market's owners of the type, page by page", async () => {
    for (const buyerType of BUYER_TYPES) {
      for (const { kind, location } of PLACES) {
        const search = buyer(location, buyerType);
        const { value, details } = await planned((provider) => provider.searchCashBuyers(search, { take: 5, skip: 1 }));
        expect(
          value.map((found) => found.id),
          `${buyerType} in ${kind}`,
        ).toEqual(
          buyerIds(search)
            .slice(1, 6)
            .map((id) => `local-owner-${id}`),
        );
        expect(fullScans(details), `${buyerType} in ${kind}`).toEqual([]);
        // Each buyer's whole portfolio comes from the owner index.
        expect(details).toContain("SEARCH market_properties USING INDEX market_properties_owner_place_idx (owner_id=?)");
        // Never a probe per owner that reads a ZIP's properties: only the (owner, city) index answers an EXISTS.
        expect(details.filter((detail) => detail.includes(" EXISTS ") && !detail.includes("market_properties_owner_place_idx"))).toEqual(
          [],
        );
      }
    }
  });
});

describe("POST /api/properties/batch", () => {
  /**
   * Plan lines that read a whole table but are no cost: this round's leads (json_each `j`), the page of 5 ids, a
   * VALUES list; and, in the multi-row insert into leads, the look for each new lead's children that SQLite codes for
   * foreign-key bookkeeping and runs only while a deferred violation is outstanding (D1 reports 0 rows read for it).
   */
  function isFree(statement: Sent, detail: string) {
    if (!detail.startsWith("SCAN") || /^SCAN (j|ids)\b/.test(detail) || /^SCAN \d+-ROW VALUES CLAUSE$/.test(detail)) return true;
    return statement.sql.startsWith('insert into "leads"') && /^SCAN (user_leads|lead_deliveries|follow_up_activities)\b/.test(detail);
  }

  it("finds this round's leads and claims them through indexes, never reading the leads already handed out", async () => {
    const sent: Sent[] = [];
    const { client } = await registerClient("plans", {}, new ApiClient(testContext({}, { DB: recordingD1(sent) })));
    for (const criteria of [
      { location: "Phoenix, AZ", sellerType: "high_equity" },
      { location: "85004, 85008", sellerType: "high_equity", minBedrooms: 2 },
    ]) {
      // Twice: the second search reads on from the first's place, past leads the user already has.
      for (let i = 0; i < 2; i++) {
        sent.length = 0;
        const answer = await client.call(apiPropertiesBatch.action, "POST", "/api/properties/batch", { count: 5, criteria });
        expect(answer.status).toBe(200);
        expect((answer.body.properties as unknown[]).length).toBe(5);
        const all: string[] = [];
        for (const statement of sent) {
          const details = (await planOf(statement)).map((row) => row.detail);
          all.push(...details);
          expect(
            details.filter((detail) => !isFree(statement, detail)),
            statement.sql.slice(0, 120),
          ).toEqual([]);
        }
        // The claim: json_each's few leads outside, each looked up by the vendor's id (a plain JOIN made SQLite
        // read every lead of the vendor and match each against this round's).
        expect(all).toContain("SEARCH l USING INDEX leads_vendor_lead_idx (vendor=? AND vendor_lead_id=?)");
        // The search's place is claimed by an upsert on skip_mapping's unique (user_id, user_search) key, not read first.
        expect(sent.some((statement) => statement.sql.startsWith('insert into "skip_mapping"'))).toBe(true);
        expect(all).toContain("SEARCH lead_deliveries USING COVERING INDEX lead_deliveries_request_position_idx (lead_request_id=?)");
      }
    }
  });
});
