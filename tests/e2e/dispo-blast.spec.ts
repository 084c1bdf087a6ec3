import type { Page } from "@playwright/test";

import { dealUnderContract } from "./deal-contract.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The blast, with and without JavaScript, at 1280 and 375 px: a deal under contract emailed to its consenting matched
 * buyers from the deal's blast form; each email is in the dev outbox with its one-click unsubscribe link and headers.
 */

async function aDealUnderContract(page: Page, propertyId: string) {
  const company = await page.request.patch("/api/company", {
    data: {
      companyName: "Quinn Home Buyers LLC",
      addressStreet1: "100 W Washington St",
      addressCity: "Phoenix",
      addressState: "AZ",
      addressPostalCode: "85003",
    },
  });
  expect(company.status()).toBe(200);
  return dealUnderContract(page, propertyId);
}

async function aBuyer(page: Page, name: string, email: string, consent: "yes" | "no") {
  const response = await page.request.post("/api/buyers", { data: { name, email, markets: "Phoenix, AZ", emailConsent: consent } });
  expect(response.status()).toBe(201);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("the deal emailed to consenting buyers, each email in the outbox with its unsubscribe link", async ({
        signedInPage: page,
        lead,
      }) => {
        const dealId = await aDealUnderContract(page, lead.id);
        const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const yes = `yes-${tag}@buyers.example.com`;
        const no = `no-${tag}@buyers.example.com`;
        await aBuyer(page, `Consenting ${tag}`, yes, "yes");
        await aBuyer(page, `Silent ${tag}`, no, "no");

        await page.goto(`/deals/${dealId}/blast`);
        await expect(page.getByRole("heading", { name: "Email buyers" })).toBeVisible();
        const silent = page.getByTestId("blast-buyer").filter({ hasText: `Silent ${tag}` });
        await expect(silent).toContainText("no email consent");
        await expect(silent.getByRole("checkbox")).toBeDisabled();
        await page.getByTestId("blast-submit").click();
        await expect(page.getByText("Emailed 1 buyer.", { exact: true })).toBeVisible();
        await expect(page.getByTestId("blast-buyer").filter({ hasText: `Consenting ${tag}` })).toContainText("Emailed");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await page.goto("/dev/outbox");
        const email = page.getByRole("article").filter({ hasText: yes });
        await expect(email).toHaveCount(1);
        await expect(email).toContainText("List-Unsubscribe-Post");
        await expect(email).toContainText("List-Unsubscribe=One-Click");
        const unsubscribe = email.getByRole("link", { name: /\/unsubscribe\// });
        await expect(unsubscribe).toHaveCount(1);
        await expect(page.getByRole("article").filter({ hasText: no })).toHaveCount(0);

        await unsubscribe.click();
        await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      });
    });
  }
}
