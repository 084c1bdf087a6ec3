// Terry's sharper market questions on the local providers (no network, no model): a ranking of a city's ZIPs by a
// seller type or by price, named without the city's state, and prices of homes with a number of bedrooms, each
// answered with the seeded market's own figures, read here with SQL; a price from one sale is never called a median.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { ARMS_LENGTH_TRANSFER_TYPES } from "#db/enums.ts";
import { MARKET_AS_OF } from "#db/market/flags.ts";
import type { MarketZip } from "#db/market/metros.ts";
import { action as terry } from "#app/routes/api.terry.chat.ts";

import { registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";

const handler = terry as Handler;

/** Four of Phoenix's ZIPs (85033 among them) and one of Tempe's, so a ranking has ZIPs to order. */
const PHOENIX_ZIPS: MarketZip[] = [
  { zip: "85033", city: "Phoenix", state: "AZ", latitude: 33.4943, longitude: -112.2238, metroId: "phoenix" },
  { zip: "85031", city: "Phoenix", state: "AZ", latitude: 33.4951, longitude: -112.1696, metroId: "phoenix" },
  { zip: "85035", city: "Phoenix", state: "AZ", latitude: 33.4714, longitude: -112.1955, metroId: "phoenix" },
  { zip: "85008", city: "Phoenix", state: "AZ", latitude: 33.4665, longitude: -111.9984, metroId: "phoenix" },
  { zip: "85281", city: "Tempe", state: "AZ", latitude: 33.4227, longitude: -111.9261, metroId: "phoenix" },
];

const SINCE = `${Number(MARKET_AS_OF.slice(0, 4)) - 1}${MARKET_AS_OF.slice(4)}`;
const ARMS_LENGTH = sql.join(
  ARMS_LENGTH_TRANSFER_TYPES.map((type) => sql`${type}`),
  sql`, `,
);
const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The arm's-length sale prices (whole dollars, lowest first) of a ZIP's homes with `beds` bedrooms in the last 12 months. */
async function salePrices(zip: string, beds: number): Promise<number[]> {
  const rows = await db.all<{ price: number }>(sql`
    select s.price / 100.0 as price from market_sales s join market_properties p on p.id = s.property_id
    where p.zip = ${zip} and p.bedrooms = ${beds} and s.sale_date >= ${SINCE} and s.sale_date < ${MARKET_AS_OF}
      and s.transfer_type in (${ARMS_LENGTH})
    order by s.price`);
  return rows.map((row) => Number(row.price));
}

async function ask(message: string): Promise<string> {
  const { client } = await registerClient("terry-questions");
  const answer = await client.call(handler, "POST", "/api/terry/chat", { message, history: [] });
  expect(answer.status).toBe(200);
  return String(answer.body.response);
}

beforeAll(async () => {
  await seedTestMarket(db, 1_500, PHOENIX_ZIPS);
});

describe("Terry ranks a city's ZIPs", () => {
  it("names the Phoenix ZIP with the most pre-foreclosures, with the count SQL gives, the city named without its state", async () => {
    const rows = await db.all<{ zip: string; n: number; homes: number }>(sql`
      select zip, sum(is_preforeclosure) as n, count(*) as homes from market_properties
      where city = 'Phoenix' and state = 'AZ' group by zip order by n desc, zip`);
    expect(rows.length).toBe(4);
    const [top, next] = rows;
    expect(Number(top!.n)).toBeGreaterThan(0);
    const text = await ask("Which Phoenix ZIP has the most preforeclosures?");
    expect(text).toContain(
      `Phoenix, AZ: the ZIP with the most pre-foreclosure homes on record is ${top!.zip} (${Number(top!.n).toLocaleString("en-US")} of ${Number(top!.homes).toLocaleString("en-US")} homes).`,
    );
    expect(text).toContain(`Next: ${next!.zip} (${Number(next!.n)} of ${Number(next!.homes)} homes)`);
    expect(text).not.toContain("85281");
  });

  it("ranks the ZIPs by their median sale price, each with the sales it stands on", async () => {
    const rows = await db.all<{ zip: string; price: number }>(sql`
      select p.zip as zip, s.price / 100.0 as price from market_sales s join market_properties p on p.id = s.property_id
      where p.city = 'Phoenix' and p.state = 'AZ' and s.sale_date >= ${SINCE} and s.sale_date < ${MARKET_AS_OF}
        and s.transfer_type in (${ARMS_LENGTH}) order by s.price`);
    const byZip = new Map<string, number[]>();
    for (const row of rows) byZip.set(row.zip, [...(byZip.get(row.zip) ?? []), Number(row.price)]);
    const ranked = [...byZip].map(([zip, prices]) => ({ zip, median: median(prices), sales: prices.length }));
    ranked.sort((a, b) => b.median - a.median || a.zip.localeCompare(b.zip));
    const top = ranked[0]!;
    expect(top.sales).toBeGreaterThan(1);
    const text = await ask("Which ZIP in Phoenix has the highest prices?");
    expect(text).toContain(
      `the ZIP with the highest sale prices since ${SINCE} is ${top.zip} (median ${usd(top.median)} (based on ${top.sales} sales))`,
    );
  });
});

describe("Terry's prices of homes with a number of bedrooms", () => {
  it("answers the median price of 3-bed homes in 85033 from those homes' sales alone", async () => {
    const prices = await salePrices("85033", 3);
    expect(prices.length).toBeGreaterThan(1);
    const homes = await db.all<{ n: number }>(sql`select count(*) as n from market_properties where zip = '85033' and bedrooms = 3`);
    const text = await ask("What is the median price of 3-bed homes in 85033?");
    expect(text).toContain(`85033 (3-bedroom homes): ${Number(homes[0]!.n).toLocaleString("en-US")} properties on record`);
    expect(text).toContain(`${prices.length} arm's-length sales, median price ${usd(median(prices))}`);
  });

  it("says 'based on 1 sale' for a price from a single sale, never a median", async () => {
    let single: { zip: string; beds: number; price: number } | null = null;
    for (const { zip } of PHOENIX_ZIPS) {
      for (const beds of [1, 2, 3, 4, 5, 6]) {
        const prices = await salePrices(zip, beds);
        if (prices.length === 1) single ??= { zip, beds, price: prices[0]! };
      }
    }
    expect(single, "the seeded market has a ZIP and bedroom count with exactly one sale").not.toBeNull();
    const text = await ask(`What do ${single!.beds}-bedroom homes sell for in ${single!.zip}?`);
    expect(text).toContain(`1 arm's-length sale, at ${usd(single!.price)}, the price of its only sale (based on 1 sale)`);
    expect(text).not.toMatch(/median price/);
  });
});
