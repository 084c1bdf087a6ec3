import { type Locator, type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";
import { watchPageErrors } from "./page-rules.ts";

/**
 * The agent chat in Chromium, with and without JavaScript, over the local market the e2e server
 * seeds (Phoenix has high-equity sellers and a few pages of cash buyers).
 */

const sellerCards = (page: Page) => page.getByRole("article").filter({ has: page.getByRole("link", { name: "View Details" }) });
const buyerCards = (page: Page) => page.getByRole("article").filter({ has: page.getByRole("button", { name: "Save to Buyer Breeze" }) });

async function answerLocation(page: Page, cityOrZip: string, state: string) {
  await page.getByLabel("City or ZIP").fill(cityOrZip);
  await page.getByLabel("State", { exact: true }).selectOption(state);
  await page.getByRole("button", { name: "Next" }).click();
}

/** The seller wizard up to its last step: Phoenix, AZ, high equity, 3+ bedrooms. */
async function sellerWizardToFilters(page: Page) {
  await page.getByRole("link", { name: "Seller Lead Wizard", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Seller Lead Wizard: Where are you looking\?/ })).toBeVisible();
  // Next needs the city and the state.
  await page.getByLabel("City or ZIP").fill("Phoenix");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("State", { exact: true })).toHaveAccessibleDescription("Choose a state");
  await answerLocation(page, "Phoenix", "AZ");
  await expect(page.getByRole("heading", { name: /What kind of seller\?/ })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("group", { name: "Seller type" })).toHaveAccessibleDescription("Choose a seller type");
  await page.getByRole("radio", { name: /^High Equity/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: /Any filters\?/ })).toBeVisible();
  await page.getByLabel("Minimum bedrooms").selectOption("3");
}

/** The cash buyer wizard: Phoenix, AZ, cash buyers; then Find Cash Buyers and the 5 cards it posts. */
async function findCashBuyers(page: Page): Promise<string[]> {
  const before = await buyerCards(page).count();
  await page.getByRole("link", { name: "Cash Buyer Wizard", exact: true }).click();
  await answerLocation(page, "Phoenix", "AZ");
  await page.getByRole("radio", { name: /^Cash Buyer/ }).check();
  await page.getByRole("button", { name: "Find Cash Buyers" }).click();
  await expect(buyerCards(page)).toHaveCount(before + 5);
  return buyerCards(page)
    .locator("h3")
    .allTextContents()
    .then((names) => names.slice(before));
}

const toast = (page: Page, text: string): Locator => page.getByRole("status").filter({ hasText: text }).first();

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the seller wizard checks the lead count, Find Properties opens the Lead Workbench on 5 leads, and Save for Later then Next Lead moves on", async ({
      signedInPage: page,
    }) => {
      await page.goto("/");
      await expect(page.getByText("GPT-4 powered")).toBeVisible();
      await sellerWizardToFilters(page);
      await page.getByRole("button", { name: "Check Lead Count" }).click();
      await expect(page.getByRole("status").filter({ hasText: /\d+ leads? found in Phoenix, AZ/ })).toBeVisible();
      // What the search costs is shown before it is run (the local providers cost nothing, but they are counted).
      await expect(page.getByTestId("cost-preview")).toHaveText("5 leads · $0.00");
      await page.getByRole("button", { name: "Find Properties" }).click();
      await expect(page).toHaveURL(/\/leads\/workbench(\?|$)/);
      await expect(page.getByText("Reviewing 5 seller leads")).toBeVisible();
      await expect(page.getByText("Lead 1 of 5", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Save for Later" }).click();
      await expect(page.getByRole("button", { name: "Save for Later" })).toHaveCount(0);
      await page.getByRole("button", { name: "Next Lead" }).click();
      await expect(page.getByText("Lead 2 of 5", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Save for Later" })).toBeVisible();
    });

    test("the found seller leads are cards in the chat; a card added to the CRM shows its status instead of Add to CRM", async ({
      signedInPage: page,
    }) => {
      const errors = watchPageErrors(page);
      await page.goto("/");
      await sellerWizardToFilters(page);
      await page.getByRole("button", { name: "Find Properties" }).click();
      await expect(page).toHaveURL(/\/leads\/workbench/);

      // Back in the chat (a new page load: with JavaScript, cards not yet posted are posted from localStorage).
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Seller Leads: Phoenix, AZ", level: 2 })).toBeVisible();
      // Everything held in the browser is posted, each card once (even when the page was left while one was on its way).
      await expect.poll(() => page.evaluate(() => localStorage.getItem("chatPending"))).toBeNull();
      await expect(sellerCards(page)).toHaveCount(5);
      const first = sellerCards(page).first();
      await first.getByRole("button", { name: "Add to CRM" }).click();
      await expect(toast(page, "Added to CRM")).toBeVisible();
      // No stale Add to CRM (a second one could only answer 409 "Already in CRM"): the card says where the lead is.
      await expect(first.getByText("In CRM · New")).toBeVisible();
      await expect(first.getByRole("button", { name: "Add to CRM" })).toHaveCount(0);
      await expect(sellerCards(page).nth(1).getByRole("button", { name: "Add to CRM" })).toBeVisible();

      // The lead moves on (an offer sent): the card follows it after a reload.
      const [property] = (await (await page.request.get("/api/properties")).json()) as { id: string }[];
      expect((await page.request.patch(`/api/properties/${property.id}`, { data: { status: "offer_sent" } })).status()).toBe(200);
      await page.reload();
      await expect(sellerCards(page).first().getByText("In CRM · Offer Sent")).toBeVisible();
      await expect(sellerCards(page).first().getByRole("button", { name: "Add to CRM" })).toHaveCount(0);
      await page.goto("/?section=crm");
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
      expect(errors).toEqual([]);
    });

    test("the cash buyer wizard posts 5 buyer cards; Save to Buyer Breeze lists the buyer on /buyer-breeze", async ({
      signedInPage: page,
    }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Cash Buyer Wizard", exact: true }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByLabel("City or ZIP")).toHaveAccessibleDescription("Enter a city or ZIP");
      await answerLocation(page, "Phoenix", "AZ");
      await page.getByRole("button", { name: "Check Buyer Count" }).click();
      await expect(page.getByRole("group", { name: "Buyer type" })).toHaveAccessibleDescription("Choose a buyer type");
      await page.getByRole("radio", { name: /^Cash Buyer/ }).check();
      await page.getByRole("button", { name: "Check Buyer Count" }).click();
      await expect(page.getByRole("status").filter({ hasText: /\d+ cash buyers? found in Phoenix, AZ/ })).toBeVisible();
      await page.getByRole("button", { name: "Find Cash Buyers" }).click();
      await expect(buyerCards(page)).toHaveCount(5);
      await expect(page.getByText("Found 5 active cash buyers in Phoenix, AZ.")).toBeVisible();

      const card = buyerCards(page).nth(1);
      const name = (await card.locator("h3").textContent())!;
      await card.getByRole("button", { name: "Save to Buyer Breeze" }).click();
      await expect(toast(page, "Saved to Buyer Breeze")).toBeVisible();
      // Saved twice: one row, and the second save says so.
      await buyerCards(page).nth(1).getByRole("button", { name: "Save to Buyer Breeze" }).click();
      await expect(toast(page, "Already saved")).toBeVisible();
      await page.goto("/buyer-breeze");
      await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(1);
    });

    test("the same cash-buyer search again shows the next buyers", async ({ signedInPage: page }) => {
      await page.goto("/");
      const first = await findCashBuyers(page);
      const second = await findCashBuyers(page);
      expect(first).toHaveLength(5);
      expect(second).toHaveLength(5);
      expect(second.filter((name) => first.includes(name))).toEqual([]);
    });
  });
}

test.describe("with JavaScript", () => {
  test("the assistant answers 'sellers in 85004' with the seller wizard, filled in", async ({ signedInPage: page }) => {
    await page.goto("/");
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await page.getByRole("textbox", { name: "Message" }).fill("sellers in 85004");
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText("I can find motivated sellers in 85004.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    await page.getByRole("link", { name: "Open Seller Lead Wizard" }).click();
    await expect(page.getByLabel("City or ZIP")).toHaveValue("85004");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: /What kind of seller\?/ })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("link", { name: "Seller Lead Wizard", exact: true })).toBeVisible();
  });

  test("a seller card's details open in a dialog, Skip This One moves to the next card, Let's Work It opens it in the workbench", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    await sellerWizardToFilters(page);
    await page.getByRole("button", { name: "Find Properties" }).click();
    await expect(page).toHaveURL(/\/leads\/workbench/);
    await page.goto("/");
    await expect(sellerCards(page)).toHaveCount(5);

    await sellerCards(page).first().getByRole("link", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Seller Lead Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Building Details" })).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Contact Information" })).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm Add to CRM" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "Added to CRM")).toBeVisible();
    // Opened again, the details say the lead is in the CRM rather than offer Confirm Add to CRM again.
    await sellerCards(page).first().getByRole("link", { name: "View Details" }).click();
    await expect(dialog.getByText("In CRM · New")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Confirm Add to CRM" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();

    await sellerCards(page).first().getByRole("link", { name: "Skip This One" }).click();
    await expect(toast(page, "Showing lead 2 of 5")).toBeVisible();
    await sellerCards(page).last().getByRole("link", { name: "Skip This One" }).click();
    await expect(toast(page, "No More Leads")).toBeVisible();

    const third = await sellerCards(page).nth(2).getByRole("heading", { level: 3 }).textContent();
    await sellerCards(page).nth(2).getByRole("link", { name: "Let's Work It" }).click();
    // The card's own search (`request=`), so a card of an earlier search opens its lead, not the latest search's.
    await expect(page).toHaveURL(/\/leads\/workbench\?lead=2&request=[\w-]+$/);
    await expect(page.getByRole("heading", { name: third! })).toBeVisible();
    const queue = await page.evaluate(() => JSON.parse(localStorage.getItem("leadQueue") ?? "null") as { index: number; leads: unknown[] });
    expect(queue).toMatchObject({ index: 2 });
    expect(queue.leads).toHaveLength(5);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a typed message gets the assistant's reply, and View Details shows the lead in the page", async ({ signedInPage: page }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Message" }).fill("cash buyers in Phoenix, AZ");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("I can find active cash buyers in Phoenix, AZ.")).toBeVisible();
    await page.getByRole("link", { name: "Open Cash Buyer Wizard" }).click();
    await expect(page.getByLabel("City or ZIP")).toHaveValue("Phoenix");
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("AZ");

    await page.goto("/?section=chat&wizard=seller&step=3&cityOrZip=85004&sellerType=high_equity");
    await page.getByRole("button", { name: "Find Properties" }).click();
    await page.goto("/");
    await sellerCards(page).first().getByRole("link", { name: "View Details" }).click();
    const details = page.getByRole("region", { name: "Seller Lead Details" });
    await expect(details.getByRole("region", { name: "Valuation Details" })).toBeVisible();
    await details.getByRole("button", { name: "Confirm Add to CRM" }).click();
    await expect(toast(page, "Added to CRM")).toBeVisible();
  });
});
