// A buyer's offer or inquiry the user has not answered is a Today task linking to the deal's offers, newest first; it
// goes once it is declined or an offer on the deal is accepted, and another user's offers never show.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dealOffers, deals } from "#db/schema.ts";
import type { OfferTask } from "#app/domain/dispo/offer-tasks.ts";
import * as acceptApi from "#app/routes/api.deals.$id.offers.$offerId.accept.ts";
import * as today from "#app/routes/today.tsx";
import { putUnderContract } from "#app/services/dispo/contract.server.ts";

import type { Handler } from "./api-client.ts";
import { declineOffer, takeOffer } from "./deal-offers-setup.ts";
import { aProperty, db, NOW, signedUp } from "./deals-setup.ts";

type Owner = Awaited<ReturnType<typeof signedUp>>;

const CONTRACT = {
  contractPrice: 200_000,
  closeDate: "2026-07-15",
  inspectionDeadline: "2026-06-25",
  earnestMoney: 1_000,
  assignmentFeeAsked: 15_000,
  buyerPrice: null,
  dispoStatus: "under_contract" as const,
};

async function dealUnderContract(owner: Owner, address: string) {
  const property = await aProperty(owner.userId, { address });
  const [deal] = await db.insert(deals).values({ userId: owner.userId, propertyId: property.id, stage: "negotiation" }).returning();
  await putUnderContract(owner.context, { userId: owner.userId, dealId: deal!.id, contract: CONTRACT });
  return deal!.id;
}

/** An offer the owner takes down on their deal, `minutes` after NOW (the tasks are listed newest first). */
function anOffer(owner: Owner, dealId: string, minutes: number, fields: Record<string, unknown>) {
  owner.context.now = () => new Date(NOW.getTime() + minutes * 60_000);
  return takeOffer(owner, dealId, fields);
}

const todayOf = async (owner: Owner) => (await owner.client.load<{ newOffers: OfferTask[] }>(today.loader as Handler, "/today")).newOffers;

describe("Today's buyer offers", () => {
  it("lists the user's unanswered offers and inquiries newest first, each linking to its deal's offers; none of another user's", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const dealId = await dealUnderContract(owner, "4821 N 35th Ave");
    const theirs = await dealUnderContract(other, "9 Foreign Way");
    await anOffer(owner, dealId, 1, { name: "Ann Buyer", email: "ann@buyers.example", amount: 228_000, closeDate: "2026-07-10" });
    await anOffer(owner, dealId, 2, { name: "Bob Asks", email: "bob@buyers.example" });
    await anOffer(other, theirs, 3, { name: "Cy Elsewhere", email: "cy@buyers.example", amount: 250_000 });

    const tasks = await todayOf(owner);
    expect(tasks.map((task) => `${task.address}: ${task.label}`)).toEqual([
      "4821 N 35th Ave: New inquiry from Bob Asks",
      "4821 N 35th Ave: New offer of $228,000 from Ann Buyer",
    ]);
    expect(tasks.map((task) => task.href)).toEqual([`/deals/${dealId}/offers`, `/deals/${dealId}/offers`]);
    expect(tasks[1]!.receivedOn).toBe("2026-06-15");
    expect((await todayOf(other)).map((task) => `${task.address}: ${task.label}`)).toEqual([
      "9 Foreign Way: New offer of $250,000 from Cy Elsewhere",
    ]);
  });

  it("goes once an offer on the deal is accepted (the deal is assigned), and stays on the user's other deals", async () => {
    const owner = await signedUp();
    const dealId = await dealUnderContract(owner, "4821 N 35th Ave");
    const otherDeal = await dealUnderContract(owner, "12 Still Open Rd");
    const offerId = await anOffer(owner, dealId, 1, { name: "Ann Buyer", email: "ann@buyers.example", amount: 228_000 });
    await anOffer(owner, dealId, 2, { name: "Dee Later", email: "dee@buyers.example", amount: 221_000 });
    await anOffer(owner, otherDeal, 3, { name: "Eve Open", email: "eve@buyers.example", amount: 240_000 });
    expect(await todayOf(owner)).toHaveLength(3);

    const accepted = await owner.client.call(
      acceptApi.action as Handler,
      "POST",
      `/api/deals/${dealId}/offers/${offerId}/accept`,
      undefined,
      {
        params: { id: dealId, offerId },
      },
    );
    expect(accepted.status).toBe(200);
    expect((await todayOf(owner)).map((task) => `${task.address}: ${task.label}`)).toEqual([
      "12 Still Open Rd: New offer of $240,000 from Eve Open",
    ]);
  });

  it("goes once declined from the offers page; a declined offer is answered once and can no longer be accepted", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const dealId = await dealUnderContract(owner, "4821 N 35th Ave");
    const offerId = await anOffer(owner, dealId, 1, { name: "Ann Buyer", email: "ann@buyers.example", amount: 228_000 });
    await anOffer(owner, dealId, 2, { name: "Bob Asks", email: "bob@buyers.example" });

    const declined = await declineOffer(owner, dealId, offerId);
    expect(declined.status).toBe(302);
    expect((await todayOf(owner)).map((task) => task.label)).toEqual(["New inquiry from Bob Asks"]);
    const [row] = await db.select({ status: dealOffers.status }).from(dealOffers).where(eq(dealOffers.id, offerId));
    expect(row!.status).toBe("declined");

    const again = await declineOffer(owner, dealId, offerId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ refusal: { message: "This offer is already accepted or declined" } });
    const accepted = await owner.client.call(
      acceptApi.action as Handler,
      "POST",
      `/api/deals/${dealId}/offers/${offerId}/accept`,
      undefined,
      {
        params: { id: dealId, offerId },
      },
    );
    expect(accepted.status).toBe(409);
    expect((await db.select().from(deals).where(eq(deals.id, dealId)))[0]!.dispoStatus).toBe("offers_in");

    // Another user's post for this offer finds no such offer of theirs, and changes nothing.
    const second = await anOffer(owner, dealId, 3, { name: "Cy Later", email: "cy@buyers.example", amount: 230_000 });
    expect((await declineOffer(other, dealId, second)).status).toBe(404);
    expect((await todayOf(owner)).map((task) => task.label)).toEqual(["New offer of $230,000 from Cy Later", "New inquiry from Bob Asks"]);
  });
});
