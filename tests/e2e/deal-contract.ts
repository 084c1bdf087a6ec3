import type { Page } from "@playwright/test";

import { expect } from "./fixtures.ts";

/**
 * A deal of the lead, made through POST /api/deals and put under contract through its contract form (200,000, a
 * 15,000 fee asked, closing 2027-01-15); answers the deal's id.
 */
export async function dealUnderContract(page: Page, propertyId: string): Promise<string> {
  const created = await page.request.post("/api/deals", { data: { propertyId } });
  expect(created.status()).toBe(201);
  const { deal } = (await created.json()) as { deal: { id: string } };
  const contract = await page.request.post(`/deals/${deal.id}/contract`, {
    form: {
      contractPrice: "200000",
      closeDate: "2027-01-15",
      inspectionDeadline: "2026-12-30",
      earnestMoney: "1000",
      assignmentFeeAsked: "15000",
    },
    maxRedirects: 0,
  });
  expect(contract.status()).toBe(302);
  return deal.id;
}
