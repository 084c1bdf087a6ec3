import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";

/**
 * The Sequences screen (ADR 075) in Chromium, with and without JavaScript, on a desktop and a phone:
 * an unknown placeholder is named, a template edited and previewed with the sample lead, a step added and removed, a
 * step moved down, saved, and still there after a reload.
 */

const step = (page: Page, number: number) => page.getByRole("group", { name: `Step ${number}`, exact: true });
const preview = (page: Page, number: number) => page.locator(`[data-preview="${number}"]`);

const CALL_SCRIPT = "Hi {ownerFirstName}, {companyName} here about {address}. Our offer: {offerAmount}.";

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${viewport.width}px`, () => {
      test.use({ javaScriptEnabled, viewport, accountDetails: { fullName: "Sam Rivera", companyName: "Rivera Holdings" } });

      test("edit a template, preview it, move the step down and save", async ({ signedInPage: page }) => {
        await page.goto("/sequences");
        await expect(page.getByRole("heading", { name: "Sequences", level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { name: "New seller lead" })).toBeVisible();
        await expect(page.getByRole("group", { name: /^Step \d+$/ })).toHaveCount(6);

        // An unknown placeholder is refused with its name on the field.
        await step(page, 1).getByLabel("Template").fill("Hi {firstName}");
        await page.getByRole("button", { name: "Save sequence" }).click();
        await expect(step(page, 1).getByText("Unknown placeholder: {firstName}", { exact: false })).toBeVisible();
        await expect(step(page, 1).getByLabel("Template")).toHaveValue("Hi {firstName}");

        await step(page, 1).getByLabel("Template").fill(CALL_SCRIPT);
        await page.getByRole("button", { name: "Preview", exact: true }).click();
        await expect(preview(page, 1)).toHaveText(
          "Hi Maria, Rivera Holdings here about 1420 E Camelback Rd, Phoenix, AZ 85014. Our offer: $212,500.",
        );
        await expect(page.getByText("Not saved yet")).toBeVisible();

        // Add step appends one a day after the last; Remove takes it away again.
        await page.getByRole("button", { name: "Add step" }).click();
        await expect(page.getByRole("group", { name: /^Step \d+$/ })).toHaveCount(7);
        await expect(step(page, 7).getByLabel("Day")).toHaveValue("31");
        await page.getByRole("button", { name: "Remove step 7" }).click();
        await expect(page.getByRole("group", { name: /^Step \d+$/ })).toHaveCount(6);
        await expect(step(page, 1).getByLabel("Template")).toHaveValue(CALL_SCRIPT);

        // Down: the call moves to Day 1, the text to Day 0 (the days stay in order).
        await page.getByRole("button", { name: "Down (step 1)" }).click();
        await expect(step(page, 1).getByLabel("Activity")).toHaveValue("text");
        await expect(step(page, 2).getByLabel("Activity")).toHaveValue("call");
        await expect(step(page, 2).getByLabel("Template")).toHaveValue(CALL_SCRIPT);
        await expect(step(page, 2).getByLabel("Day")).toHaveValue("1");

        await page.getByRole("button", { name: "Save sequence" }).click();
        await expect(page.getByText("Sequence saved", { exact: true })).toBeVisible();
        await page.reload();
        await expect(step(page, 1).getByLabel("Activity")).toHaveValue("text");
        await expect(step(page, 2).getByLabel("Template")).toHaveValue(CALL_SCRIPT);
        await expect(preview(page, 2)).toContainText("Hi Maria, Rivera Holdings here");
        await expect(page.getByText("Not saved yet")).toHaveCount(0);
      });
    });
  }
}
