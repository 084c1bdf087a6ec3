import { expect, test, waitForHydration } from "./fixtures.ts";

/** Sold comps uploaded from Documents (docs/import.md), with and without JavaScript: the counts, or each bad row's line. */

const HEADER = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon";
const GOOD = [
  HEADER,
  "E2E-1,P-1,2025-03-14,410000,3,2,1500,6000,1,1990,33.45,-112.07",
  "E2E-2,P-2,2025-04-02,385000,3,1.5,1350,5500,1,1978,33.46,-112.08",
];
const BAD = [
  HEADER,
  "E2E-3,P-3,2025-02-30,410000,3,2,1500,6000,1,1990,33.45,-112.07",
  "E2E-4,P-4,2025-04-02,-5,3,2,1350,5500,1,1978,33.46,-112.08",
];

const csvFile = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n`) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a CSV uploaded from Documents shows its counts; a bad file shows each bad row's line and imports nothing", async ({
      signedInPage: page,
    }) => {
      await page.goto("/?section=documents");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Sold comps (CSV)").setInputFiles(csvFile("my-sales.csv", GOOD));
      await page.getByRole("button", { name: "Import Sold Comps" }).click();
      await expect(page).toHaveURL(/\/sales\/import$/);
      await expect(page.getByTestId("sales-import-counts")).toHaveText("2 sales imported, 0 updated, 0 unchanged.");
      await expect(page.getByTestId("sales-count")).toHaveText("You have 2 imported sales.");

      // The same file again changes nothing.
      await page.getByLabel("Sold comps (CSV)").setInputFiles(csvFile("my-sales.csv", GOOD));
      await page.getByRole("button", { name: "Import Sold Comps" }).click();
      await expect(page.getByTestId("sales-import-counts")).toHaveText("0 sales imported, 0 updated, 2 unchanged.");

      await page.getByLabel("Sold comps (CSV)").setInputFiles(csvFile("bad.csv", BAD));
      await page.getByRole("button", { name: "Import Sold Comps" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
      await expect(alert).toContainText("2 rows have errors; nothing was imported.");
      const errors = alert.getByRole("list", { name: "Rows with errors" }).getByRole("listitem");
      await expect(errors).toHaveText(["Line 2: sale_date is not a real date", "Line 3: price must be greater than 0"]);
      await expect(page.getByTestId("sales-count")).toHaveText("You have 2 imported sales.");
    });
  });
}
