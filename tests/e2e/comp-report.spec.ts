import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";

/**
 * "Comp report" on the workbench, with and without JavaScript, on a desktop and a phone: it opens the PDF in a new tab
 * (the report's own view, a PDF) while the workbench stays where it was, and files the report in Documents; the comps
 * panel says one count ("N comps used of M found; K excluded").
 */
for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 375 ? 812 : 900 } });

      test("Comp report opens the PDF in a new tab and files it in Documents", async ({ signedInPage: page }) => {
        await runSellerSearch(page);
        await page.goto("/leads/workbench");
        await page.getByRole("button", { name: "Let's Work It" }).click();
        if (javaScriptEnabled) {
          await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
          await expect(page.getByRole("dialog")).toHaveCount(0);
        }
        const defend = page.getByRole("region", { name: "Defend the comps" });
        await expect(defend.getByRole("heading", { name: /^Your comps · \d+ comps? used of \d+ found; none excluded$/ })).toBeVisible();
        const used = await defend.getByRole("article").count();
        await expect(
          defend.getByRole("heading", {
            name: `Your comps · ${used} ${used === 1 ? "comp" : "comps"} used of ${used} found; none excluded`,
          }),
        ).toBeVisible();
        await expect(
          page.getByRole("table").getByText(`Comparable properties · ${used} ${used === 1 ? "comp" : "comps"} used`),
        ).toBeVisible();

        const workbench = page.url();
        const report = defend.getByRole("button", { name: "Comp report" });
        await expect(report).toHaveAccessibleDescription("Opens the PDF in a new tab and files it in Documents.");
        const pdf = page
          .context()
          .waitForEvent("response", { predicate: (r) => /^\/documents\/[^/]+\/view$/.test(new URL(r.url()).pathname) });
        const popup = page.waitForEvent("popup");
        await report.click();
        expect((await pdf).headers()["content-type"]).toBe("application/pdf");
        await (await popup).close();
        expect(page.url()).toBe(workbench);

        await page.goto("/?section=documents");
        await expect(page.getByRole("heading", { name: /^Comp Report - .+\.pdf$/ })).toBeVisible();
      });
    });
  }
}
