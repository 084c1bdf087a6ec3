/** What the lead search tests share: the seeded market and its ids, search calls, and what a search wrote. */
import { count, eq } from "drizzle-orm";

import type { MarketBatch } from "#db/market/generate.ts";
import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import type { CashBuyerItem, LeadQueueItem } from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { PropertyDataProvider } from "#app/providers/property-data/types.ts";
import { action as cashBuyerSearch } from "#app/routes/api.cash-buyers.search.ts";
import * as apiPropertiesBatch from "#app/routes/api.properties.batch.ts";

import { registerClient, type Answer, type ApiClient } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";

export { db };

export const propertiesBatch = apiPropertiesBatch.action;

export const AUTH_REQUIRED = "Authentication required. Please log in again.";

export let market: MarketBatch;

/** Each test file seeds its own market (storage is per file): call it from the file's beforeAll. */
export async function seedMarket() {
  market = await seedTestMarket(db, 2_000);
}

type Property = MarketBatch["properties"][number];
export const PHOENIX_ZIPS = ["85004", "85008"];
export const inPhoenix = (p: Property) => p.city === "Phoenix" && p.state === "AZ";
export const marketIds = (filter: (p: Property) => boolean) =>
  market.properties
    .filter(filter)
    .map((p) => `local-${p.id}`)
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)));

export const batch = (client: ApiClient, criteria: Record<string, unknown>, count: unknown = 5) =>
  client.call(propertiesBatch, "POST", "/api/properties/batch", { count, criteria });
export const buyers = (client: ApiClient, body: Record<string, unknown>) =>
  client.call(cashBuyerSearch, "POST", "/api/cash-buyers/search", body);
export const propertiesOf = (answer: Answer) => answer.body.properties as LeadQueueItem[];
export const buyersOf = (answer: Answer) => answer.body.buyers as CashBuyerItem[];

/** What the user has in the search tables: nothing may appear there on a refusal. */
export async function written(userId: string) {
  const [requests, deliveries, skips] = await db.batch([
    db.select({ n: count() }).from(leadRequests).where(eq(leadRequests.userId, userId)),
    db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.userId, userId)),
    db.select({ n: count() }).from(skipMapping).where(eq(skipMapping.userId, userId)),
  ]);
  return { requests: requests[0]!.n, deliveries: deliveries[0]!.n, skips: skips[0]!.n };
}

export async function deliveredTo(userId: string) {
  const rows = await db
    .select({ vendorLeadId: leads.vendorLeadId })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(eq(leadDeliveries.userId, userId));
  return rows.map((row) => row.vendorLeadId);
}

/** A client whose property-data provider fails as a vendor would. */
export async function clientWithFailingProvider(prefix: string) {
  const signedIn = await registerClient(prefix);
  const failing: PropertyDataProvider = {
    name: "local",
    countSellerLeads: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    searchSellerLeads: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    countCashBuyers: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    searchCashBuyers: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
  };
  signedIn.client.context = { ...signedIn.client.context, providers: { ...signedIn.client.context.providers, propertyData: failing } };
  return signedIn;
}
