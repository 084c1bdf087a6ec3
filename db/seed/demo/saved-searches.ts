/** The demo account's saved search: a Phoenix seller search that runs daily, so the screen has a row. */
import type { Db } from "#db/client.ts";
import { savedSearches } from "#db/schema.ts";

/** The wizard's answers, as the Save search form stores them (app/domain/leads/saved-searches.ts). */
const PHOENIX_INHERITED = { cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited", minBedrooms: "3", price: "0", buyerType: "" };

export async function seedDemoSavedSearch(db: Db, userId: string, now = new Date()): Promise<string> {
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      createdBy: userId,
      type: "seller",
      name: "Phoenix inherited",
      criteriaJson: PHOENIX_INHERITED,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.name] })
    .returning({ id: savedSearches.id });
  return row?.id ?? "";
}
