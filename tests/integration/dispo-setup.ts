/** What the dispo tests share: a deal under contract at a property of the user, and the user's buyers. */
import { deals, properties, type buyers } from "#db/schema.ts";
import { buyerMatchKey } from "#app/domain/dispo/buyer-schema.ts";

import { db } from "./db.ts";

/**
 * A deal under contract (Closing, 240,000 with a 25,000 fee asked, unless `terms` say otherwise) at a 3-bed single
 * family home of the user, 123 Main St, Phoenix 85019 unless `property` says otherwise.
 */
export async function dealUnderContract(
  userId: string,
  { property = {}, terms = {} }: { property?: Partial<typeof properties.$inferInsert>; terms?: Partial<typeof deals.$inferInsert> } = {},
) {
  const [home] = await db
    .insert(properties)
    .values({
      userId,
      address: "123 Main St",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85019",
      bedrooms: 3,
      propertyType: "single_family",
      ...property,
    })
    .returning();
  const [deal] = await db
    .insert(deals)
    .values({
      userId,
      propertyId: home!.id,
      stage: "closing",
      dispoStatus: "under_contract",
      contractPrice: 240_000,
      assignmentFeeAsked: 25_000,
      ...terms,
    })
    .returning();
  return deal!;
}

/** A buyer row of the user added by hand, its match key made from its name and email. */
export function buyerRow(userId: string, name: string, fields: Partial<typeof buyers.$inferInsert> = {}) {
  return { userId, name, source: "manual" as const, matchKey: buyerMatchKey({ name, email: fields.email ?? null }), ...fields };
}
