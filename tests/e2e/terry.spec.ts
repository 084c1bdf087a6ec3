import { type Page } from "@playwright/test";

import { expect, queryE2eDatabase, test } from "./fixtures.ts";

/**
 * The Target Market Finder chat (the spec's "Target Market Finder chat (Terry)") in Chromium, with and without
 * JavaScript, over the local market the e2e server seeds: opened from the Lead Finder's wizard panel, a starter
 * prompt and a typed question answered with the market's figures, the conversation kept across a reload, Start New
 * Chat and Back to Wizards.
 */

const terry = (page: Page) => page.getByRole("region", { name: "Target Market Finder", exact: true });
const terryMessages = (page: Page) => page.getByRole("list", { name: "Messages with Terry" });
const starter = (page: Page, text: string) => terry(page).getByRole("button", { name: text });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a user asks Terry about a ZIP and a city, sees the local market's figures, keeps them on reload, starts a new chat and goes back to the wizards", async ({
      signedInPage: page,
    }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Target Market Finder", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Target Market Finder", exact: true })).toBeVisible();
      await expect(page).toHaveURL(/[?&]terry=1/);

      // Three starter prompts while the conversation is empty; the first asks about 85004.
      const starters = terry(page).getByRole("button").filter({ hasText: /\?$/ });
      await expect(starters).toHaveCount(3);
      await starter(page, "What does the market look like in 85004?").click();
      await expect(terryMessages(page).getByText("What does the market look like in 85004?")).toBeVisible();
      await expect(
        terryMessages(page).getByText(/^85004: [\d,]+ properties on record \(all types\), median estimated value \$[\d,]+/),
      ).toBeVisible();
      await expect(terryMessages(page).getByText(/Sales since \d{4}-\d{2}-\d{2}: [\d,]+ arm's-length sales?/)).toBeVisible();
      // The figures are the data's: the ZIP's property count read from the server's database, and its inherited leads
      // as the count endpoint gives them (the same figure the Seller Lead Wizard shows).
      const [data] = queryE2eDatabase<{ properties: number }>("SELECT count(*) AS properties FROM market_properties WHERE zip = '85004'");
      const counted = await page.request.post("/api/leads/preview-count", { data: { location: "85004", sellerType: "inherited" } });
      expect(counted.status()).toBe(200);
      const inherited = Number(((await counted.json()) as { totalResults: number }).totalResults);
      expect(data.properties).toBeGreaterThan(0);
      const figure = (n: number) => n.toLocaleString("en-US");
      await expect(terryMessages(page).getByText(`85004: ${figure(data.properties)} properties on record`)).toBeVisible();
      await expect(
        terryMessages(page)
          .getByText(new RegExp(`Seller leads .*inherited ${figure(inherited)}[,.]`))
          .first(),
      ).toBeVisible();
      await expect(starters).toHaveCount(0);

      // A typed question, sent with Enter.
      const box = page.getByRole("textbox", { name: "Ask Terry" });
      await box.fill("How many inherited homes are in Phoenix, AZ?");
      await box.press("Enter");
      await expect(terryMessages(page).getByText(/^Phoenix, AZ: [\d,]+ properties on record/)).toBeVisible();
      await expect(
        terryMessages(page)
          .getByText(/inherited [\d,]+/)
          .first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);

      // A reload keeps the conversation (stored server-side as Terry's).
      await page.reload();
      await expect(terryMessages(page).getByText("How many inherited homes are in Phoenix, AZ?")).toBeVisible();
      await expect(terryMessages(page).getByText(/^85004: [\d,]+ properties on record/)).toBeVisible();
      const conversations = page.getByRole("region", { name: "Target Market Finder conversations" });
      await expect(conversations.getByRole("link", { name: /What does the market look like in 85004\?/ })).toBeVisible();

      // Start New Chat: an empty conversation with the starters again; the earlier one stays listed.
      await terry(page).getByRole("link", { name: "Start New Chat" }).click();
      await expect(starters).toHaveCount(3);
      await expect(terryMessages(page).getByText(/properties on record/)).toHaveCount(0);
      await expect(conversations.getByRole("link", { name: /What does the market look like in 85004\?/ })).toBeVisible();

      // Back to Wizards: the Lead Finder's wizard panel, without Terry's conversation in it.
      await terry(page).getByRole("link", { name: "Back to Wizards" }).click();
      await expect(page.getByRole("link", { name: "Seller Lead Wizard", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cash Buyer Wizard", exact: true })).toBeVisible();
      await expect(terry(page)).toHaveCount(0);
      await expect(page.getByText(/properties on record/)).toHaveCount(0);
    });
  });
}

test("Terry says plainly what the records cannot answer", async ({ signedInPage: page }) => {
  await page.goto("/?section=chat&terry=1");
  const box = page.getByRole("textbox", { name: "Ask Terry" });
  await box.fill("What are rents like in 85004?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(terryMessages(page).getByText(/^I can't answer about rents: my data is property records and sales/)).toBeVisible();
});
