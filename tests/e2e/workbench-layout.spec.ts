import type { Page } from "@playwright/test";

import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";
import { contentOverflow, controlsUnderToast, horizontalOverflow, toastOverflow, VIEWPORTS } from "./page-rules.ts";

/**
 * The workbench's layout rules: a toast never covers the bottom bar (or any other enabled control), each workbench step
 * lands on the panel it changed, and at 375 px nothing overflows once a value is shown.
 */

/** Waits for the toast showing `title` (null until it is on screen), then checks it covers no enabled button or link. */
async function expectToastClear(page: Page, title: string) {
  await expect.poll(() => controlsUnderToast(page, title), { message: `controls under the toast "${title}"` }).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the toasts of Save for Later, Next Lead and Pass cover none of the bottom bar's buttons, nor any other link or button", async ({
        signedInPage: page,
      }) => {
        await runSellerSearch(page);
        await page.goto("/leads/workbench");
        await page.getByRole("button", { name: "Save for Later" }).click();
        await expectToastClear(page, "Saved for Later");
        await page.getByRole("button", { name: "Next Lead" }).click();
        await expect(page.getByText("Lead 2 of 5", { exact: true })).toBeVisible();
        await expectToastClear(page, "Showing lead 2 of 5");
        await page.getByRole("button", { name: "Pass" }).click();
        await expect(page.getByText("Lead 3 of 5", { exact: true })).toBeVisible();
        await expectToastClear(page, "Lead Passed");
      });
    });
  }

  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, phone`, () => {
    test.use({ javaScriptEnabled, viewport: VIEWPORTS.phone });

    test("each workbench step lands on the panel it changed, and the page never grows wider than the phone", async ({
      signedInPage: page,
    }) => {
      await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      const value = page.getByRole("region", { name: "Get Property Value" });
      // Let's Work It valued the lead already; Recalculate is the step that lands on the panel again.
      await value.getByRole("button", { name: "Recalculate Property Value" }).click();
      await expect(value.getByRole("group", { name: "Property value" })).toBeVisible();
      await expect(value.getByRole("heading", { name: "Get Property Value" })).toBeInViewport();
      if (javaScriptEnabled) await expect(value.getByRole("heading", { name: "Get Property Value" })).toBeFocused();
      else expect(new URL(page.url()).hash).toBe("#property-value");
      await expect(value.getByRole("table", { name: "Comparable properties" })).toBeVisible();
      expect(await horizontalOverflow(page), "px the page overflows at 375 px with the value shown").toBe(0);

      await page.getByRole("button", { name: "Get Max Offer" }).click();
      const offers = page.getByRole("region", { name: "Offer Options" });
      await expect(offers.getByRole("heading", { name: "Offer Options" })).toBeInViewport();
      if (javaScriptEnabled) await expect(offers.getByRole("heading", { name: "Offer Options" })).toBeFocused();
      expect(await horizontalOverflow(page), "px the page overflows at 375 px with the offers shown").toBe(0);

      await offers.getByRole("textbox", { name: "Custom offer amount in dollars" }).fill("187500");
      await offers.getByRole("radio", { name: "Custom amount" }).check();
      await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
      // With JavaScript the letter opens in its dialog (which keeps the focus); without, its panel is in view.
      const letter = javaScriptEnabled
        ? page.getByRole("dialog", { name: "Letter of Intent Created" })
        : page.getByRole("region", { name: "Letter of Intent Created" });
      // An offer warning of the valued lead is asked once before the letter is made.
      const check = page.getByRole("alert", { name: "Check this offer" });
      await expect(letter.or(check)).toBeVisible();
      if (await check.isVisible()) await check.getByRole("button", { name: "Confirm anyway" }).click();
      await expect(letter.getByRole("button", { name: "Mail the Offer" })).toBeInViewport();
      await letter.getByRole("button", { name: "Mail the Offer" }).click();
      const mailed = page.getByRole("status", { name: "Offer mailed" });
      await expect(mailed.getByRole("heading", { name: "Offer Mailed Successfully!" })).toBeInViewport();
      if (javaScriptEnabled) await expect(mailed.getByRole("heading", { name: "Offer Mailed Successfully!" })).toBeFocused();
      // The tracking id wraps inside the panel and the toast rather than running out of them.
      expect(await contentOverflow(mailed), "px the tracking id runs out of the mailed panel").toBe(0);
      await expect.poll(() => toastOverflow(page, "Tracking id:"), { message: "px the tracking id runs out of its toast" }).toBe(0);
      expect(await horizontalOverflow(page), "px the page overflows at 375 px once mailed").toBe(0);
    });
  });
}
