/** What the BatchData tests share: a provider client on the fake, a Phoenix search, and small readers. */

import { createBatchDataPropertyData, type BatchDataConfig } from "#app/providers/property-data/batchdata.server.ts";
import type { SellerSearch } from "#app/providers/property-data/types.ts";
import type { FakeBatchData } from "#tests/fakes/batchdata.ts";

import { db } from "./db.ts";

export { db };

export const TOKEN = "bd_test_token";
export const BASE_URL = "https://batchdata.fake.test";

export function client(fake: FakeBatchData, config: Partial<BatchDataConfig> = {}) {
  return createBatchDataPropertyData({ apiKey: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, ...config });
}

export const PHOENIX: SellerSearch = {
  location: { city: "Phoenix", state: "AZ" },
  sellerType: "inherited",
  minBedrooms: 1,
  maxPrice: 3_000_000,
};
export const idsOf = (found: { id: string }[]) => found.map((item) => item.id);
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
