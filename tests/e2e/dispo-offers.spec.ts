import { type Page } from "@playwright/test";

import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { expect, test } from "./fixtures.ts";

/**
 * From a deal under contract to a paid fee, with and without JavaScript, on a desktop and a phone: the user makes the
 * deal's public page; a buyer opens it signed out (the seller never on it) and makes an offer; the user accepts it,
 * the Assignment of Contract is in Documents, and the fee received is recorded.
 */

const SELLER = {
  ownerName: "Margaret Quillfeather",
  ownerPhone: "(602) 555-0199",
  ownerMailingAddress: "77 Hidden Mail Rd, Tucson, AZ 85701",
};
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Polled: a toast sliding in from the right edge widens the page only while it moves. */
async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: "the page does not scroll sideways",
    })
    .toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("a buyer offers on the deal page signed out; the user accepts, finds the Assignment PDF and records the fee", async ({
        page,
        addLead,
        browser,
      }) => {
        const lead = await addLead({
          ...PHOENIX_HOME,
          arv: 300000,
          repairEstimate: 25000,
          ...SELLER,
        });
        const created = await page.request.post("/api/deals", { data: { propertyId: lead.id, dealValue: 200000 } });
        expect(created.status()).toBe(201);
        const { deal } = (await created.json()) as { deal: { id: string } };

        await page.goto(`/deals/${deal.id}/contract`);
        await page.getByLabel("Contract price").fill("200,000");
        await page.getByLabel("Inspection / option deadline").fill(day(10));
        await page.getByLabel("Closing date").fill(day(30));
        await page.getByLabel("Earnest money").fill("1,000");
        await page.getByLabel("Assignment fee asked").fill("15000");
        await page.getByRole("button", { name: "Save Contract" }).click();
        await expect(page.getByRole("article", { name: "4821 N 35th Ave" }).getByTestId("deal-dispo")).toContainText("Under Contract");
        await page.getByRole("article", { name: "4821 N 35th Ave" }).getByRole("link", { name: "Deal page and offers" }).click();

        await expect(page.getByRole("heading", { name: "Offers: 4821 N 35th Ave", level: 1 })).toBeVisible();
        await page.getByLabel("Show the street to buyers who leave their details").check();
        await page.getByRole("button", { name: "Make Link" }).click();
        const link = new URL((await page.getByTestId("deal-link-url").textContent())!.trim());
        if (width === 375) await noSidewaysScroll(page);

        // The buyer: another browser, never signed in.
        const buyerContext = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
        const buyer = await buyerContext.newPage();
        const opened = await buyer.goto(link.href);
        expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
        await expect(buyer.getByRole("heading", { name: "Phoenix, AZ 85019", level: 1 })).toBeVisible();
        await expect(buyer.getByText("Asking price")).toBeVisible();
        const html = await buyer.content();
        for (const secret of ["Quillfeather", "555-0199", "Hidden Mail", "4821 N 35th Ave"]) expect(html).not.toContain(secret);
        if (width === 375) await noSidewaysScroll(buyer);
        await buyer.getByLabel("Name").fill("Ann Buyer");
        await buyer.getByLabel("Email").fill("ann@buyers.example");
        await buyer.getByLabel("Phone").fill("480-555-0100");
        await buyer.getByLabel("Offer amount").fill("$228,000");
        await buyer.getByLabel("Earnest money").fill("5,000");
        await buyer.getByLabel("Closing date").fill(day(25));
        await buyer.getByLabel("I have proof of funds").check();
        // The form is refused when sent sooner than a person can fill it in (its signed time stamp): give it that time.
        await buyer.waitForTimeout(2_100);
        await buyer.getByRole("button", { name: "Send" }).click();
        await expect(buyer.getByRole("status")).toContainText("Thank you!");
        await expect(buyer.getByRole("status")).toContainText("The property's address: 4821 N 35th Ave");
        await buyerContext.close();

        await page.goto(`/deals/${deal.id}/offers`);
        const offer = page.getByTestId("deal-offer").filter({ hasText: "Ann Buyer" });
        await expect(offer).toContainText("$228,000");
        await expect(offer).toContainText("Proof of funds");
        await expect(offer).toContainText("Not on your buyer list");
        await offer.getByRole("button", { name: "Accept Offer" }).click();
        await expect(page.getByText("Assignment fee $28,000")).toBeVisible();
        await expect(offer.getByText("Accepted")).toBeVisible();
        const view = await page.getByRole("link", { name: "View the Assignment of Contract" }).getAttribute("href");
        const pdf = await page.request.get(view!);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

        await page.getByLabel("Fee received").fill("27,500");
        await page.getByRole("button", { name: "Record Fee" }).click();
        await expect(page.getByText("Fee received $27,500")).toBeVisible();
        if (width === 375) await noSidewaysScroll(page);

        await page.goto("/?section=documents&type=assignment_contract");
        await expect(page.getByRole("heading", { name: "Assignment of Contract - 4821 N 35th Ave.pdf" })).toBeVisible();
      });
    });
  }
}
