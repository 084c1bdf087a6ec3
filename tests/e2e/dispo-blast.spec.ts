import { aDealUnderContract, aListedBuyer, blastToConsenting, dealLinkIn, uniqueTag } from "./dispo-steps.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The blast, with and without JavaScript, at 1280 and 375 px: a deal under contract emailed to its consenting matched
 * buyers from the deal's blast form; each email is in the dev outbox with the deal page's link (which opens it, signed
 * out) and its one-click unsubscribe link and headers.
 */

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("the deal emailed to consenting buyers, each email in the outbox with its unsubscribe link", async ({
        signedInPage: page,
        lead,
        browser,
      }) => {
        const dealId = await aDealUnderContract(page, lead.id);
        const tag = uniqueTag();
        const consenting = { name: `Consenting ${tag}`, email: `yes-${tag}@buyers.example.com` };
        const silent = { name: `Silent ${tag}`, email: `no-${tag}@buyers.example.com` };
        await aListedBuyer(page, consenting.name, consenting.email, "yes");
        await aListedBuyer(page, silent.name, silent.email, "no");

        const email = await blastToConsenting(page, { dealId, consenting, silent, width });
        const buyer = await browser.newContext({ javaScriptEnabled });
        try {
          const opened = await (await buyer.newPage()).goto((await dealLinkIn(email)).href);
          expect(opened?.status()).toBe(200);
          expect(await opened?.text()).toContain("Asking price");
        } finally {
          await buyer.close();
        }
        await email.getByRole("link", { name: /\/unsubscribe\// }).click();
        await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      });
    });
  }
}
