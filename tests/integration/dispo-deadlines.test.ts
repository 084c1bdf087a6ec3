// A deal under contract's inspection / option deadline and closing are Today's tasks, counting down, soonest first;
// an assigned deal's inspection no longer counts, a paid one shows nothing, far-off and other users' deals never.
import { describe, expect, it } from "vitest";

import { deals, properties } from "#db/schema.ts";
import type { DealDeadline } from "#app/domain/dispo/deadlines.ts";
import * as today from "#app/routes/today.tsx";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const NOW = new Date("2026-11-27T15:00:00Z");
const day = (offset: number) => new Date(Date.UTC(2026, 10, 27 + offset, 12));

async function dealAt(userId: string, address: string, fields: Partial<typeof deals.$inferInsert>) {
  const [property] = await db.insert(properties).values({ userId, address, city: "Phoenix", state: "AZ", zipCode: "85019" }).returning();
  await db
    .insert(deals)
    .values({ userId, propertyId: property!.id, stage: "closing", dispoStatus: "under_contract", contractPrice: 200_000, ...fields });
}

describe("Today's contract deadlines", () => {
  it("lists each deal's inspection deadline and closing within two weeks, soonest first, and none of another user's", async () => {
    const client = new ApiClient({ ...testContext(), now: () => NOW });
    const { userId } = await registerClient("deadlines", {}, client);
    const other = await registerClient("deadlines-other");
    await dealAt(userId, "1 Soon St", { inspectionDeadline: day(3), closeDate: day(20) });
    await dealAt(userId, "2 Late St", { inspectionDeadline: day(-2), closeDate: day(0) });
    await dealAt(userId, "3 Assigned St", { dispoStatus: "assigned", inspectionDeadline: day(1), closeDate: day(5) });
    await dealAt(userId, "4 Paid St", { dispoStatus: "fee_received", inspectionDeadline: day(1), closeDate: day(2) });
    await dealAt(userId, "5 Far St", { inspectionDeadline: day(30), closeDate: day(45) });
    await dealAt(other.userId, "6 Theirs St", { inspectionDeadline: day(1), closeDate: day(2) });
    const page = await client.load<{ deadlines: DealDeadline[] }>(today.loader as Handler, "/today");
    expect(page.deadlines.map((deadline) => `${deadline.address}: ${deadline.label}`)).toEqual([
      "2 Late St: Inspection / option deadline 2 days overdue",
      "2 Late St: Closing today",
      "1 Soon St: Inspection / option deadline in 3 days",
      "3 Assigned St: Closing in 5 days",
    ]);
  });
});
