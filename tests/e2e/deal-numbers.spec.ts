import type { Locator, Page } from "@playwright/test";

import { formatMoney } from "#app/domain/shared/format.ts";
import { pdfText } from "#tests/integration/pdf-text.ts";

import { expect, PASSWORD, test, uniqueEmail } from "./fixtures.ts";
import { dollarsAfter, letterFirstSequence, mailedFor, startFromCard } from "./mailed-letters.ts";

/**
 * One owner of a property's numbers: a lead worked and offered in the workbench shows the same ARV, max offer and offer
 * in Let's Work It's details, the workbench, the letter (its dialog and its PDF), the CRM table, the property card, the
 * deal analysis and the follow-up sequence's mailed letter, with and without JavaScript. The tiers are net of repairs and fee: Fair is the max offer, and Likely, above it, is marked
 * and needs the confirmation first.
 */

/** The first dollar amount in a locator's text, as a number. */
async function dollars(locator: Locator, after = ""): Promise<number> {
  const text = (await locator.innerText()).replace(/\s+/g, " ");
  const match = new RegExp(`${after}\\s*\\$([\\d,]+)`).exec(text);
  expect(match, `no ${after || "amount"} in "${text}"`).not.toBeNull();
  return Number(match![1]!.replaceAll(",", ""));
}

async function signUpAndFindSellers(page: Page) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Robin Reyes");
  await page.getByLabel("Email").fill(uniqueEmail("numbers"));
  await page.getByLabel("Mobile phone").fill("(480) 555-0142");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Company name").fill("Reyes Realty Group");
  await page.getByLabel("State").fill("AZ");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("link", { name: "Seller Lead Wizard", exact: true }).click();
  await page.getByLabel("City or ZIP").fill("Phoenix");
  await page.getByLabel("State", { exact: true }).selectOption("AZ");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: /^High Equity/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Find Properties" }).click();
  await expect(page.getByText("Lead 1 of 5", { exact: true })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the workbench, the letter, the CRM table and the property card agree on ARV, max offer and offer; a tier above the max offer is marked and asked about once", async ({
      page,
    }) => {
      // The walk goes on to a follow-up sequence whose Day 0 letter is mailed: longer than the default 30 s.
      test.setTimeout(120_000);
      await signUpAndFindSellers(page);
      await letterFirstSequence(page, "no_price");
      const offers = page.getByRole("region", { name: "Offer Options" });
      await page.getByRole("button", { name: "Let's Work It" }).click();
      // Let's Work It's details: the stored numbers, the valuation's confidence (never "N/A" beside it).
      const details = {
        arv: await dollars(page.getByTestId("details-arv")),
        maxOffer: await dollars(page.getByTestId("details-max-offer")),
      };
      await expect(page.getByTestId("details-offer")).toHaveText("N/A");
      if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      await expect(offers).toBeVisible();
      const value = page.getByRole("group", { name: "Property value" });
      const workbench = {
        arv: await dollars(value, "ARV"),
        maxOffer: await dollars(offers.getByRole("group", { name: "Max Offer (70% Rule)" })),
      };
      // The ARV's 80 % range and its confidence in words, as the workbench says them (the card must say the same).
      const range = (await value.getByRole("definition").nth(1).innerText()).trim();
      const confidence = (await value.getByRole("definition").nth(2).innerText()).trim();
      expect(range).toMatch(/^\$[\d,]+ – \$[\d,]+$/);
      expect(confidence).toMatch(/^(High|Medium|Low) — typically within \d+ %/);

      expect(details).toEqual(workbench);
      // Fair is the max offer itself; Likely (80 % of the ARV less the same repairs and fee) is above it.
      expect(await dollars(offers.locator("label").filter({ hasText: "70% of the" }))).toBe(workbench.maxOffer);
      const fair = offers.locator("label").filter({ hasText: "80% of the" });
      const fairOffer = await dollars(fair);
      await expect(fair.getByTestId("above-max-offer")).toHaveText(`${formatMoney(fairOffer - workbench.maxOffer)} above your max offer`);
      await fair.getByRole("radio").check();
      await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
      const check = page.getByRole("alert", { name: "Check this offer" });
      await expect(check).toContainText(
        `The offer of ${formatMoney(fairOffer)} is ${formatMoney(fairOffer - workbench.maxOffer)} above your max offer of ${formatMoney(workbench.maxOffer)}`,
      );
      const letter = javaScriptEnabled
        ? page.getByRole("dialog", { name: "Letter of Intent Created" })
        : page.getByRole("region", { name: "Letter of Intent Created" });
      // Nothing is made before the user confirms.
      await expect(letter).toHaveCount(0);
      await check.getByRole("button", { name: "Confirm anyway" }).click();
      await expect(letter).toBeVisible();
      const offer = await dollars(letter, "Offer");
      expect(offer).toBe(fairOffer);
      // The Letter of Intent's own text: its purchase price is the offer.
      const view = await letter.getByRole("link", { name: "View PDF in New Tab" }).getAttribute("href");
      const loi = await page.request.get(view!);
      const loiText = (await pdfText(new Uint8Array(await loi.body()))).replace(/\s+/g, " ");
      expect(dollarsAfter(loiText, "Purchase price")).toBe(offer);

      await page.goto("/?section=crm");
      const row = page.getByRole("region", { name: "Leads" }).getByRole("row").nth(1);
      const cells = row.getByRole("cell");
      const table = { arv: await dollars(cells.nth(3)), offer: await dollars(cells.nth(4)), maxOffer: await dollars(cells.nth(5)) };

      await row.getByRole("link", { name: /^Work This Lead/ }).click();
      // Without JavaScript the card is the page itself.
      const card = javaScriptEnabled ? page.getByRole("dialog") : page;
      const shown = {
        arv: await dollars(card.getByTestId("card-arv")),
        maxOffer: await dollars(card.getByTestId("card-max-offer")),
        offer: await dollars(card.getByTestId("card-offer")),
      };

      expect(table).toEqual({ arv: workbench.arv, maxOffer: workbench.maxOffer, offer });
      expect(shown).toEqual(table);
      await expect(card.getByTestId("card-arv-range")).toHaveText(`80 % range ${range}`);
      await expect(card.getByTestId("card-arv-confidence")).toHaveText(`Confidence ${confidence}`);
      // The card lists the valuation that made the ARV.
      await expect(card.getByRole("region", { name: "Valuation history" })).toContainText("Valuation engine");

      // The deal analysis reads the same numbers: one ARV, one max offer, the offer chosen.
      const panel = card.getByRole("region", { name: "Deal analysis" });
      await panel.getByRole("button", { name: "Analyze Deal" }).click();
      const result = panel.getByTestId("deal-analysis-result");
      await expect(result).toBeVisible({ timeout: 30_000 });
      const analysis = {
        arv: await dollars(result.getByTestId("analysis-arv")),
        maxOffer: await dollars(result.getByTestId("analysis-max-offer")),
        offer: await dollars(result.getByTestId("analysis-offer")),
      };
      expect(analysis).toEqual(table);

      // The follow-up sequence's letter, sent from Today, is the offer's own Letter of Intent: the same offer.
      const [property] = (await (await page.request.get("/api/properties")).json()) as { id: string; address: string }[];
      const task = await startFromCard(page, property.id, property.address, javaScriptEnabled);
      await task.getByRole("button", { name: "Send letter" }).click();
      await expect(page.getByText("Nothing due today.")).toBeVisible();
      const mailed = await mailedFor(page, property.id);
      expect(dollarsAfter(`Offer ${mailed.offer}`, "Offer")).toBe(offer);
      expect(dollarsAfter(mailed.text, "Purchase price")).toBe(offer);
    });
  });
}
