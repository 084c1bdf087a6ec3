import { expect, test } from "./fixtures.ts";
import { contentOverflow, horizontalOverflow, overlappingCells, VIEWPORTS } from "./page-rules.ts";

/**
 * The CRM and the property card on a phone and a desktop, with JavaScript and without: the leads read without one
 * cell's text printed over another's and the page never scrolls sideways; the property card, taller than the window,
 * closes from its top (its header stays in view) and with Escape.
 */

const LEADS = [
  {
    address: "10427 W Indian School Rd Unit 1142",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85037",
    bedrooms: 4,
    bathrooms: 2.5,
    squareFeet: 2140,
    maxOffer: 241000,
    ownerName: "Alexandria Montgomery-Whitfield Family Trust",
    ownerPhone: "(602) 555-0177",
    ownerEmail: "alexandria.montgomery.whitfield@example.com",
  },
  { address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zipCode: "85019", bedrooms: 3, bathrooms: 2, squareFeet: 1450 },
];

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the CRM's leads print no cell over another and the page does not scroll sideways", async ({ signedInPage: page, addLead }) => {
        for (const lead of LEADS) await addLead(lead);
        await page.goto("/?section=crm");
        const region = page.getByRole("region", { name: "Leads" });
        await expect(region).toContainText(LEADS[0].address);
        expect(await overlappingCells(region.locator("table"))).toEqual([]);
        expect(await contentOverflow(region), "px the leads run out of their box").toBe(0);
        expect(await horizontalOverflow(page), "px the page is wider than the window").toBe(0);
      });

      test("the property card closes from its top", async ({ signedInPage: page, addLead }) => {
        const lead = await addLead(LEADS[0]);
        await page.goto(`/?section=crm&lead=${lead.id}`);
        if (javaScriptEnabled) {
          const card = page.getByRole("dialog", { name: lead.address });
          const close = card.getByRole("button", { name: "Close" });
          await expect(close).toBeInViewport();
          // Scrolled to its end, the card still shows its Close at the top.
          const scrolled = await card.evaluate((dialog) => {
            let most = 0;
            for (const element of dialog.querySelectorAll("*")) {
              element.scrollTop = element.scrollHeight;
              most = Math.max(most, element.scrollTop);
            }
            return most;
          });
          expect(scrolled, "px the card's content scrolled").toBeGreaterThan(0);
          await expect(close).toBeInViewport();
          await close.click();
          await expect(card).toBeHidden();
          await expect(page).toHaveURL(/\?section=crm$/);

          await page.goto(`/?section=crm&lead=${lead.id}`);
          await expect(card).toBeVisible();
          await page.keyboard.press("Escape");
          await expect(card).toBeHidden();
          await expect(page).toHaveURL(/\?section=crm$/);
        } else {
          const card = page.getByRole("region", { name: lead.address });
          const close = card.getByRole("link", { name: "Close" });
          const [cardBox, closeBox] = [(await card.boundingBox())!, (await close.boundingBox())!];
          expect(closeBox.y - cardBox.y, "px from the card's top to its Close").toBeLessThan(80);
          await close.click();
          await expect(card).toBeHidden();
          await expect(page).toHaveURL(/\?section=crm$/);
        }
      });
    });
  }
}
