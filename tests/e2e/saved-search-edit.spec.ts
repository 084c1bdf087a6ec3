import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";

/**
 * Day two with saved searches, with and without JavaScript, on a desktop and a phone: the wizard pulls the number of
 * leads the user chooses (each choice priced), a saved search reads its criteria in words, and Edit changes them.
 */

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

const criterion = (item: ReturnType<Page["getByRole"]>, term: string) =>
  item
    .getByRole("term")
    .filter({ hasText: `${term}:` })
    .locator("xpath=following-sibling::dd");

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 375 ? 812 : 900 } });

      test("the wizard pulls the number of leads chosen, each choice showing its cost", async ({ signedInPage: page }) => {
        await sellerWizardToFilters(page);
        const choices = page.getByRole("group", { name: "How many leads to pull" });
        await expect(choices.getByRole("radio")).toHaveCount(4);
        await expect(choices.getByTestId("lead-count-cost")).toHaveText([
          "5 leads · $0.00",
          "10 leads · $0.00",
          "25 leads · $0.00",
          "50 leads · $0.00",
        ]);
        await expect(choices.getByRole("radio", { name: /^5 leads/ })).toBeChecked();
        await choices.getByRole("radio", { name: /^10 leads/ }).check();
        // Without JavaScript the preview beside Find Properties is the server's: the count (a GET) brings the choice to it.
        await page.getByRole("button", { name: "Check Lead Count" }).click();
        await expect(page.getByRole("status").filter({ hasText: /leads? found in Phoenix, AZ/ })).toBeVisible();
        await expect(page.getByTestId("cost-preview")).toHaveText("10 leads · $0.00");
        await noSidewaysScroll(page);
        await page.getByRole("button", { name: "Find Properties" }).click();
        await expect(page).toHaveURL(/\/leads\/workbench(\?|$)/);
        await expect(page.getByText("Reviewing 10 seller leads")).toBeVisible();
      });

      test("a saved search shows its criteria in words, and Edit changes them (a refused edit keeps what was typed)", async ({
        signedInPage: page,
      }) => {
        await sellerWizardToFilters(page);
        await page
          .getByRole("group", { name: "How many leads to pull" })
          .getByRole("radio", { name: /^25 leads/ })
          .check();
        await page.getByLabel("Name this search").fill("Phoenix equity");
        await page.getByRole("button", { name: "Save search" }).click();
        await expect(page).toHaveURL(/\/saved-searches$/);
        const item = page.getByRole("listitem", { name: "Phoenix equity" });
        await expect(criterion(item, "Seller type")).toHaveText("High Equity");
        await expect(criterion(item, "Location")).toHaveText("Phoenix, AZ");
        await expect(criterion(item, "Bedrooms")).toHaveText("1+");
        await expect(criterion(item, "Price")).toHaveText("Up to $3M");
        await expect(criterion(item, "Leads a run")).toHaveText("25");

        await item.getByRole("link", { name: "Edit Phoenix equity" }).click();
        const form = page.getByRole("form", { name: "Edit Phoenix equity" });
        await form.getByLabel("Name").fill("");
        await form.getByLabel("City or ZIP").fill("85033");
        await form.getByRole("button", { name: "Save changes" }).click();
        const refused = page.getByRole("form", { name: "Edit Phoenix equity" });
        await expect(refused.getByText("Name the search")).toBeVisible();
        await expect(refused.getByLabel("City or ZIP")).toHaveValue("85033");
        await noSidewaysScroll(page);

        await refused.getByLabel("Name").fill("Maryvale preforeclosures");
        await refused.getByLabel("Seller type").selectOption("preforeclosure");
        await refused.getByLabel("Minimum bedrooms").selectOption("3");
        await refused.getByLabel("Maximum price").selectOption({ label: "Under $500k" });
        await refused.getByLabel("Leads a run").selectOption("10");
        await refused.getByRole("button", { name: "Save changes" }).click();

        await expect(page.getByText("Search updated").first()).toBeVisible();
        const edited = page.getByRole("listitem", { name: "Maryvale preforeclosures" });
        await expect(criterion(edited, "Seller type")).toHaveText("Preforeclosure");
        await expect(criterion(edited, "Location")).toHaveText("85033, AZ");
        await expect(criterion(edited, "Bedrooms")).toHaveText("3+");
        await expect(criterion(edited, "Price")).toHaveText("Under $500k");
        await expect(criterion(edited, "Leads a run")).toHaveText("10");
        await expect(page.getByRole("form", { name: /^Edit / })).toHaveCount(0);
        await expect(page.getByRole("listitem", { name: "Phoenix equity" })).toHaveCount(0);
      });
    });
  }
}
