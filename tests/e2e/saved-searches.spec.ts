import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";

/** Saved searches in Chromium, with and without JavaScript, over the local market the e2e server seeds. */

/** The seller wizard up to its last step: Phoenix, AZ, high equity. */
async function sellerWizardToFilters(page: Page) {
  await page.goto("/");
  await page.getByRole("link", { name: "Seller Lead Wizard", exact: true }).click();
  await page.getByLabel("City or ZIP").fill("Phoenix");
  await page.getByLabel("State", { exact: true }).selectOption("AZ");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: /^High Equity/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: /Any filters\?/ })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a search saved from the wizard's last step is listed, and Run now delivers its leads to the workbench", async ({
      signedInPage: page,
    }) => {
      await sellerWizardToFilters(page);
      // A save without a name is refused with the field's message, and the search can be saved from there.
      await page.getByRole("button", { name: "Save search" }).click();
      await expect(page.getByText("Name the search")).toBeVisible();
      await page.getByLabel("Name this search").fill("Phoenix equity");
      await page.getByRole("button", { name: "Save search" }).click();
      await expect(page).toHaveURL(/\/saved-searches$/);
      const item = page.getByRole("listitem", { name: "Phoenix equity" });
      await expect(item).toContainText("Never");
      await expect(item.getByText("Leads delivered")).toBeVisible();

      await item.getByRole("button", { name: "Run daily" }).click();
      await expect(page.getByRole("listitem", { name: "Phoenix equity" }).getByText("Daily", { exact: true })).toBeVisible();

      await page.getByRole("listitem", { name: "Phoenix equity" }).getByRole("button", { name: "Run now" }).click();
      await expect(page).toHaveURL(/\/leads\/workbench(\?|$)/);
      await expect(page.getByText("Reviewing 5 seller leads")).toBeVisible();
      // A saved search's leads land with the New badge until they are worked (ADR 085).
      const delivered = page.getByText("Delivered by your saved search");
      await expect(delivered).toBeVisible();
      await expect(delivered.getByText("New", { exact: true })).toBeVisible();

      await page.goto("/saved-searches");
      const ran = page.getByRole("listitem", { name: "Phoenix equity" });
      await expect(ran.getByText("Leads delivered").locator("xpath=following-sibling::dd")).toHaveText("5");
      await expect(ran).not.toContainText("Never");

      await ran.getByRole("button", { name: "Delete Phoenix equity" }).click();
      await expect(page.getByText("No saved searches yet.")).toBeVisible();
    });
  });
}
