import type { Page } from "@playwright/test";

import { maxOfferRule } from "#app/domain/offers/offer-rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";

/** A stored letter as the browser fetches it: a real PDF. */
async function expectPdf(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

async function propertyStatus(page: Page) {
  const response = await page.request.get("/api/properties");
  return ((await response.json()) as { status: string; maxOffer: number | null }[])[0];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a worked lead becomes a custom offer, a Letter of Intent to view and download, and a mailed offer with the badge Offer Sent; Next Lead starts over", async ({
      signedInPage: page,
    }) => {
      const leads = await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog", { name: leads[0].addressLine }).getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      const card = page.getByRole("article", { name: leads[0].addressLine });
      await expect(card.getByText("Analyzed", { exact: true })).toBeVisible();

      const maxOffer = page.getByRole("region", { name: "Get Max Offer" });
      await maxOffer.getByRole("textbox", { name: "ARV" }).fill("300000");
      await maxOffer.getByRole("textbox", { name: "Repair estimate" }).fill("20000");
      await maxOffer.getByRole("textbox", { name: "Assignment fee" }).fill("5000");
      await maxOffer.getByRole("button", { name: "Get Max Offer" }).click();

      const offers = page.getByRole("region", { name: "Offer Options" });
      await expect(offers.getByRole("group", { name: "Max Offer (70% Rule)" })).toContainText("$185,000");
      // Each tier less the $20,000 repairs and $5,000 fee: Fair is the max offer.
      await expect(offers.getByText("$155,000", { exact: true })).toBeVisible();
      await expect(offers.getByText("$185,000", { exact: true }).first()).toBeVisible();
      await expect(offers.getByText("$215,000", { exact: true })).toBeVisible();

      const custom = offers.getByRole("textbox", { name: "Custom offer amount in dollars" });
      if (javaScriptEnabled) {
        // Digits only, and typing one selects the custom amount.
        await custom.pressSequentially("$187,5x00");
        await expect(custom).toHaveValue("187500");
        await expect(offers.getByRole("radio", { name: "Custom amount" })).toBeChecked();
        await expect(offers.getByRole("button", { name: "Select" })).toBeEnabled();
      } else {
        await custom.fill("187500");
        await offers.getByRole("radio", { name: "Custom amount" }).check();
      }
      await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
      // $187,500 is above the max offer ($185,000): the page asks once.
      const check = page.getByRole("alert", { name: "Check this offer" });
      await expect(check).toContainText("$2,500 above your max offer of $185,000");
      await check.getByRole("button", { name: "Confirm anyway" }).click();

      const letter = javaScriptEnabled
        ? page.getByRole("dialog", { name: "Letter of Intent Created" })
        : page.getByRole("region", { name: "Letter of Intent Created" });
      await expect(letter).toBeVisible();
      await expect(letter.getByText(/Offer \$187,500/)).toBeVisible();
      expect(await propertyStatus(page)).toMatchObject({ status: "offer_produced", maxOffer: 187500 });
      // The dialog (with JavaScript) hides the page behind it from assistive technology; without it the badge is in view.
      if (!javaScriptEnabled) await expect(card.getByText("Offer Produced", { exact: true })).toBeVisible();
      const view = letter.getByRole("link", { name: "View PDF in New Tab" });
      await expect(view).toHaveAttribute("target", "_blank");
      await expectPdf(page, (await view.getAttribute("href"))!);
      const download = letter.getByRole("link", { name: "Download PDF" });
      expect(await download.getAttribute("download")).toMatch(/^Letter-of-Intent-[\w-]+-\d{8}-\d{6}\.pdf$/);
      if (javaScriptEnabled) {
        const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
        expect(file.suggestedFilename()).toMatch(/^Letter-of-Intent-[\w-]+\.pdf$/);
      } else {
        await expectPdf(page, (await download.getAttribute("href"))!);
      }

      await expect(letter.getByTestId("cost-preview")).toHaveText("1 letter · $0.00");
      await letter.getByRole("button", { name: "Mail the Offer" }).click();
      await expect(page.getByRole("status", { name: "Offer mailed" })).toContainText("Offer Mailed Successfully!");
      await expect(card.getByText("Offer Sent", { exact: true })).toBeVisible();
      expect(await propertyStatus(page)).toMatchObject({ status: "offer_sent", maxOffer: 187500 });
      // A second letter is offered only as what it is, with its cost.
      await expect(page.getByRole("status", { name: "Offer mailed" }).getByRole("button", { name: "Mail Again" })).toBeVisible();

      await page.getByRole("button", { name: "Next Lead" }).click();
      await expect(page.getByText("Lead 2 of 5", { exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "Get Max Offer" })).toHaveCount(0);
      await expect(page.getByRole("status", { name: "Offer mailed" })).toHaveCount(0);

      // Profile → Usage counts the search's leads and skip traces and the letter.
      await page.goto("/profile?tab=usage");
      const usage = page.getByRole("tabpanel", { name: "Usage" });
      await expect(usage.locator('[data-usage-kind="lead"]')).toContainText("5");
      await expect(usage.locator('[data-usage-kind="skip_trace"]')).toContainText("5");
      await expect(usage.locator('[data-usage-kind="letter"] td').nth(1)).toHaveText("1");
      await expect(usage.getByTestId("usage-spend")).toContainText("Spent $0.00 of your $200.00 monthly cap.");
      // The dashboard says the same in one line.
      await page.goto("/?section=dashboard");
      await expect(page.getByTestId("usage-line")).toContainText("This month: 5 leads · 1 letter · ");
    });

    test("a tier above the max offer is marked on its card and needs the confirmation before its letter is made", async ({
      signedInPage: page,
    }) => {
      await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      const maxOffer = page.getByRole("region", { name: "Get Max Offer" });
      await maxOffer.getByRole("textbox", { name: "ARV" }).fill("300000");
      await maxOffer.getByRole("textbox", { name: "Repair estimate" }).fill("20000");
      await maxOffer.getByRole("textbox", { name: "Assignment fee" }).fill("5000");
      await maxOffer.getByRole("button", { name: "Get Max Offer" }).click();

      // Max offer $185,000: Fair is it and preselected; Likely ($215,000) alone is marked above it.
      const offers = page.getByRole("region", { name: "Offer Options" });
      await expect(offers.getByRole("group", { name: "Max Offer (70% Rule)" })).toContainText("$185,000");
      await expect(offers.getByRole("radio", { name: /Fair/ })).toBeChecked();
      const marks = offers.getByTestId("above-max-offer");
      await expect(marks).toHaveText(["$30,000 above your max offer"]);

      await offers.getByRole("radio", { name: /Likely/ }).check();
      await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
      const check = page.getByRole("alert", { name: "Check this offer" });
      await expect(check).toContainText("The offer of $215,000 is $30,000 above your max offer of $185,000");
      // Nothing was made yet.
      expect(await propertyStatus(page)).toMatchObject({ status: "analyzed" });
      await expect(page.getByRole("region", { name: "Letter of Intent Created" })).toHaveCount(0);

      await check.getByRole("button", { name: "Confirm anyway" }).click();
      const letter = javaScriptEnabled
        ? page.getByRole("dialog", { name: "Letter of Intent Created" })
        : page.getByRole("region", { name: "Letter of Intent Created" });
      await expect(letter.getByText(/Offer \$215,000/)).toBeVisible();
      expect(await propertyStatus(page)).toMatchObject({ status: "offer_produced", maxOffer: 215000 });
    });

    test("Let's Work It values the lead and shows the offers at once, net of the default repairs and fee: Fair, the max offer, is preselected and only Likely is above it", async ({
      signedInPage: page,
    }) => {
      await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      // The Property Value panel arrived filled (fewer clicks); the offers start from its ARV.
      const value = page.getByRole("region", { name: "Get Property Value" }).getByRole("group", { name: "Property value" });
      const arvText = (await value.getByRole("definition").nth(0).textContent()) ?? "";
      const offers = page.getByRole("region", { name: "Offer Options" });
      const rule = offers.getByRole("group", { name: "Max Offer (70% Rule)" });
      await expect(rule).toContainText(arvText);
      const maxOffer = maxOfferRule(Number(arvText.replace(/[^\d]/g, ""))).maxOffer;
      await expect(rule).toContainText(formatMoney(maxOffer));
      await expect(offers.getByTestId("above-max-offer")).toHaveCount(1);
      await expect(offers.getByRole("radio", { name: /Fair/ })).toBeChecked();
      await expect(offers.getByRole("radio", { name: /Fair/ })).toHaveAccessibleName(new RegExp(formatMoney(maxOffer).replace("$", "\\$")));
      // The figures stay editable: Get Max Offer recomputes the line and the cards.
      const form = page.getByRole("region", { name: "Get Max Offer" });
      await expect(form.getByRole("textbox", { name: "Repair estimate" })).not.toHaveValue("");
      await form.getByRole("textbox", { name: "Repair estimate" }).fill("0");
      await form.getByRole("textbox", { name: "Assignment fee" }).fill("0");
      await form.getByRole("button", { name: "Get Max Offer" }).click();
      await expect(offers.getByRole("radio", { name: /Fair/ })).toBeChecked();
    });

    test("the CRM's property card refuses Send Offer without an offer, creates one and sends it", async ({
      signedInPage: page,
      addLead,
    }) => {
      const lead = await addLead({
        address: "4821 N 35th Ave",
        city: "Phoenix",
        state: "AZ",
        zipCode: "85019",
        arv: 260000,
        ownerName: "Maria Lopez",
      });
      await page.goto(`/?section=crm&lead=${lead.id}`);
      const card = javaScriptEnabled
        ? page.getByRole("dialog", { name: "4821 N 35th Ave" })
        : page.getByRole("region", { name: "4821 N 35th Ave" });
      const offer = card.getByRole("region", { name: "Offer" });
      await offer.getByRole("button", { name: "Send Offer" }).click();
      await expect(page.getByText("No Offer Created").first()).toBeVisible();

      await offer.getByRole("link", { name: "Create Offer" }).click();
      await offer.getByRole("radio", { name: /Likely/ }).check();
      await offer.getByRole("button", { name: "Create Offer" }).click();
      // Likely ($208,000 less $26,000 repairs and a $10,000 fee: $172,000) is above the max offer ($146,000): asked once.
      const check = offer.getByRole("alert", { name: "Check this offer" });
      await expect(check).toContainText("$26,000 above your max offer of $146,000");
      await check.getByRole("button", { name: "Confirm anyway" }).click();
      const created = offer.getByRole("status", { name: "Letter of Intent Created" });
      await expect(created).toBeVisible();
      await expect(offer.getByRole("heading", { name: /^Offer \$172,000 · Max Offer \(70% Rule\) \$146,000$/ })).toBeVisible();
      await expectPdf(page, (await created.getByRole("link", { name: "View PDF in New Tab" }).getAttribute("href"))!);
      await expectPdf(page, (await created.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);

      await offer.getByRole("button", { name: "Send Offer" }).click();
      await expect(page.getByText("Offer Sent").first()).toBeVisible();
      expect(await propertyStatus(page)).toMatchObject({ status: "offer_sent", maxOffer: 172000 });
    });
  });
}
