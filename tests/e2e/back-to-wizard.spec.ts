import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";

/**
 * "Back to Wizard" after a search reopens the wizard with that search's answers (the workbench's header
 * after a seller search, the chat's answer after a cash-buyer search), with and without JavaScript.
 */

async function answerLocation(page: Page, cityOrZip: string, state: string) {
  await page.getByLabel("City or ZIP").fill(cityOrZip);
  await page.getByLabel("State", { exact: true }).selectOption(state);
  await page.getByRole("button", { name: "Next" }).click();
}

async function expectLocation(page: Page, cityOrZip: string, state: string) {
  await expect(page.getByRole("heading", { name: /Where are you looking\?/ })).toBeVisible();
  await expect(page.getByLabel("City or ZIP")).toHaveValue(cityOrZip);
  await expect(page.getByLabel("State", { exact: true })).toHaveValue(state);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("Back to Wizard on the workbench reopens the Seller Lead Wizard with the last search's answers", async ({
      signedInPage: page,
    }) => {
      await page.goto("/?section=chat&agent=lead-finder");
      await page.getByRole("link", { name: "Seller Lead Wizard", exact: true }).click();
      await answerLocation(page, "Phoenix", "AZ");
      await page.getByRole("radio", { name: /^High Equity/ }).check();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel("Minimum bedrooms").selectOption("3");
      await page.getByLabel("Maximum price").selectOption({ label: "Under $500k" });
      await page.getByRole("button", { name: "Find Properties" }).click();
      await expect(page).toHaveURL(/\/leads\/workbench(\?|$)/);
      await expect(page.getByText("Reviewing 5 seller leads")).toBeVisible();

      await page.getByRole("link", { name: "Back to Wizard" }).click();
      await expectLocation(page, "Phoenix", "AZ");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("radio", { name: /^High Equity/ })).toBeChecked();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByLabel("Minimum bedrooms")).toHaveValue("3");
      await expect(page.getByLabel("Maximum price").locator("option:checked")).toHaveText("Under $500k");
    });

    test("Back to Wizard on a cash-buyer search's answer reopens the Cash Buyer Wizard with its answers", async ({
      signedInPage: page,
    }) => {
      await page.goto("/?section=chat&agent=lead-finder");
      await page.getByRole("link", { name: "Cash Buyer Wizard", exact: true }).click();
      await answerLocation(page, "85004", "AZ");
      await page.getByRole("radio", { name: /^Cash Buyer/ }).check();
      await page.getByRole("button", { name: "Find Cash Buyers" }).click();
      const back = page.getByRole("link", { name: "Back to Wizard" });
      await expect(back).toHaveCount(1);

      await back.click();
      await expectLocation(page, "85004", "AZ");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("radio", { name: /^Cash Buyer/ })).toBeChecked();
    });
  });
}
