// Comps the user can defend (ADR 091), with and without JavaScript: in the workbench's Property Value
// panel the user excludes a comp with a reason, the ARV shown changes to the recomputed one and the comp is listed as
// excluded; the property card shows the same ARV and including the comp again there restores the first one; then "Comp
// report" opens the report in a new tab and Documents lists it.
import type { Page } from "@playwright/test";

import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";

async function arvShown(page: Page) {
  const result = page.getByRole("region", { name: "Get Property Value" }).getByRole("group", { name: "Property value" });
  await expect(result).toBeVisible();
  return (await result.getByRole("definition").nth(0).textContent()) ?? "";
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("excluding a comp changes the ARV shown; the comp report is stored and listed in Documents", async ({ signedInPage: page }) => {
      await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      const before = await arvShown(page);
      expect(before).toMatch(/^\$\d{1,3}(,\d{3})+$/);

      const panel = page.getByRole("region", { name: "Defend the comps" });
      const comps = panel.getByRole("article");
      const count = await comps.count();
      expect(count).toBeGreaterThan(1);
      // The comp with the largest share of the comps' value: leaving it out must move the ARV.
      const shares = await comps.evaluateAll((nodes) =>
        nodes.map((node) => Number(/(\d+) % of the comps' value/.exec(node.textContent ?? "")?.[1] ?? 0)),
      );
      const target = comps.nth(shares.indexOf(Math.max(...shares)));
      const name = ((await target.getAttribute("aria-label")) ?? "").replace(/^Comp /, "");
      await expect(target.getByRole("list", { name: "Adjustments" })).toBeVisible();
      await target.getByText("Exclude", { exact: true }).click();
      await target.getByLabel(`Why exclude ${name}?`).selectOption("distressed");
      await target.getByLabel(/^Note/).fill("Bank sale after a fire");
      await target.getByRole("button", { name: "Exclude comp" }).click();

      await expect(page.getByRole("list", { name: "Excluded comps" })).toContainText(name);
      await expect(panel.getByRole("heading", { name: /^Your comps · \d+ comps? used of \d+ found; 1 excluded$/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "Excluded comps" })).toContainText(
        "Distressed or not arm's length: Bank sale after a fire",
      );
      const after = await arvShown(page);
      expect(after).toMatch(/^\$\d{1,3}(,\d{3})+$/);
      expect(after).not.toBe(before);
      await expect(panel.getByRole("article", { name: `Comp ${name}` })).toHaveCount(0);

      // The property card says the same recomputed ARV; including the comp again there brings the first one back.
      const saved = ((await (await page.request.get("/api/properties")).json()) as { id: string }[])[0];
      const workbenchUrl = page.url();
      await page.goto(`/?section=crm&lead=${saved.id}&comps=1`);
      const financial = page.getByRole("region", { name: "Financial analysis" });
      await expect(financial).toContainText(after);
      // Once JavaScript runs, the card's in-page panel gives way to its dialog; a click during that swap lands nowhere.
      if (javaScriptEnabled) await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("button", { name: `Include ${name} again` }).click();
      await expect(page.getByText("ARV Recomputed").first()).toBeVisible();
      await expect(page.getByRole("list", { name: "Excluded comps" })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Financial analysis" })).toContainText(before);
      await expect(page.getByRole("region", { name: "Defend the comps" }).getByRole("article", { name: `Comp ${name}` })).toBeVisible();

      await page.goto(workbenchUrl);
      const popup = page.waitForEvent("popup");
      await page.getByRole("region", { name: "Defend the comps" }).getByRole("button", { name: "Comp report" }).click();
      await (await popup).close();
      await page.goto("/?section=documents");
      await expect(page.getByRole("heading", { name: /^Comp Report - .+\.pdf$/ })).toBeVisible();
    });
  });
}
