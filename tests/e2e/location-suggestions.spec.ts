import { expect, test } from "./fixtures.ts";

/**
 * the wizard's location field suggests the local market's covered cities and ZIPs as the user types — a
 * <datalist> the server renders (the browser narrows it, with or without JavaScript), asked again of /api/places as
 * the user types once JavaScript runs — at 1280 and 375 px without widening the page.
 */
const WIDTHS = [1280, 375];

for (const javaScriptEnabled of [true, false]) {
  for (const width of WIDTHS) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 800 } });

      test("the location field suggests covered places and narrows them to ZIPs for digits", async ({ signedInPage: page }) => {
        await page.goto("/?section=chat&agent=lead-finder&wizard=seller");
        const field = page.getByLabel("City or ZIP");
        await expect(field).toHaveAttribute("list", "wizard-places");
        const options = page.locator("#wizard-places option");
        await expect(page.locator('#wizard-places option[value="Phoenix, AZ"]')).toHaveCount(1);
        await expect(options.first()).toHaveText(/^\d+ properties$/);

        await field.fill("850");
        if (!javaScriptEnabled) {
          // Without JavaScript the step's answer comes back with the ZIPs it starts (a ZIP's start needs a state to go on).
          await page.getByRole("button", { name: "Next" }).click();
          await expect(field).toHaveValue("850");
        }
        await expect(page.locator('#wizard-places option[value="85004"]')).toHaveCount(1);
        await expect(page.locator('#wizard-places option[value="85004"]')).toHaveText("Phoenix, AZ");
        await expect(page.locator('#wizard-places option[value="Phoenix, AZ"]')).toHaveCount(0);
        expect(await options.evaluateAll((list) => list.every((option) => (option as HTMLOptionElement).value.startsWith("850")))).toBe(
          true,
        );

        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      });
    });
  }
}
