/** What the tests of buyers' offers share: taking an offer down on a deal and declining one, as the owner's pages do. */
import { expect } from "vitest";

import * as offersApi from "#app/routes/api.deals.$id.offers.ts";
import * as offersPage from "#app/routes/deals.$id.offers.tsx";

import type { Handler } from "./api-client.ts";
import type { signedUp } from "./deals-setup.ts";

export type DealOwner = Awaited<ReturnType<typeof signedUp>>;

/** An offer (or, without an amount, an inquiry) taken down on the owner's deal: its id. */
export async function takeOffer(owner: DealOwner, dealId: string, fields: Record<string, unknown>) {
  const answer = await owner.client.call(offersApi.action as Handler, "POST", `/api/deals/${dealId}/offers`, fields, {
    params: { id: dealId },
  });
  expect(answer.status).toBe(201);
  return answer.body.offerId as string;
}

/** The deal's offers page declining `offerId` (a no-JS form post). */
export const declineOffer = (owner: DealOwner, dealId: string, offerId: string) =>
  owner.send(offersPage.action as Handler, "POST", `/deals/${dealId}/offers`, {
    form: { intent: "decline", offerId },
    params: { id: dealId },
  });
