import { type Locator, type Page } from "@playwright/test";

import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";

/**
 * Long dialogs on a phone (375 px, JavaScript on: without it each is a part of its page): the property card closes from
 * its top and its sections fold away, and Escape closes every kind of dialog — the property card, Add Lead, Let's Work
 * It's details and a confirmation.
 */
test.use({ viewport: { width: 375, height: 812 } });

async function closesOnEscape(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test("the property card closes from its top, folds its sections, and Escape closes it", async ({ signedInPage: page, addLead }) => {
  const lead = await addLead({ address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zipCode: "85019", ownerName: "Maria Lopez" });
  await page.goto(`/?section=crm&lead=${lead.id}`);
  const card = page.getByRole("dialog", { name: "4821 N 35th Ave" });
  await expect(card).toBeVisible();
  // The card is taller than the phone's window; its Close is in view at the top.
  const close = card.getByRole("button", { name: "Close" }).first();
  const box = (await close.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(812 / 2);

  const owner = card.getByRole("region", { name: "Owner info" });
  await expect(owner.getByText("Maria Lopez")).toBeVisible();
  await owner.getByText("Owner info", { exact: true }).click();
  await expect(owner.getByText("Maria Lopez")).toBeHidden();
  await owner.getByText("Owner info", { exact: true }).click();
  await expect(owner.getByText("Maria Lopez")).toBeVisible();
  const financial = card.getByRole("region", { name: "Financial analysis" });
  await financial.getByText("Financial analysis", { exact: true }).click();
  await expect(financial.getByText("Max offer")).toBeHidden();

  await closesOnEscape(page, card);
  await expect(page).not.toHaveURL(/lead=/);
});

test("Escape closes Add Lead, Let's Work It's details and a confirmation", async ({ signedInPage: page }) => {
  await page.goto("/?section=crm");
  await page.getByRole("link", { name: "Add Lead" }).click();
  await closesOnEscape(page, page.getByRole("dialog", { name: "Add Lead" }));

  const buyer = await page.request.post("/api/buyer-leads", {
    data: { buyerName: "Desert Holdings LLC", buyerType: "cash_buyers", market: "Phoenix, AZ", ownerType: "Corporate" },
  });
  expect(buyer.ok()).toBe(true);
  await page.goto("/?section=buyer-breeze");
  await page.getByRole("button", { name: "Remove Desert Holdings LLC" }).click();
  await closesOnEscape(page, page.getByRole("dialog"));
  await expect(page.getByText("Desert Holdings LLC").first()).toBeVisible();

  await runSellerSearch(page);
  await page.goto("/leads/workbench");
  await page.getByRole("button", { name: "Let's Work It" }).click();
  await closesOnEscape(page, page.getByRole("dialog"));
});
