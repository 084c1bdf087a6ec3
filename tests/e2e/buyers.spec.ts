import { expect, test, waitForHydration } from "./fixtures.ts";

/** The disposition buyer list, with and without JavaScript: a buyer added by hand, a CSV imported, a bad CSV refused. */

const HEADER = "name,company,email,phone,markets,property_types,price_min,price_max,min_beds,max_repair_level,email_consent";
const GOOD = [
  HEADER,
  "Desert Keys,Desert Keys LLC,deals@desertkeys.example,602-555-0141,Phoenix AZ,single_family,150000,250000,3,medium,yes",
];
const BAD = [HEADER, "No Email,,,,,,,,,,yes", "Bad Level,,,,,,,,,gutted,"];
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n`) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a buyer added by hand and a CSV imported show their buy-box and consent; a bad CSV imports nothing", async ({
      signedInPage: page,
    }) => {
      await page.goto("/?section=buyer-breeze");
      await page.getByRole("link", { name: "buyer list" }).click();
      await expect(page).toHaveURL(/\/buyers$/);
      if (javaScriptEnabled) await waitForHydration(page);

      await page.getByLabel("Name", { exact: true }).fill("Marisol Vega");
      await page.getByLabel("Markets").fill("Phoenix, AZ; 85019");
      await page.getByLabel("Minimum beds").fill("2");
      await page.getByLabel("Maximum price").fill("$320,000");
      await page.getByLabel("Townhouse").check();
      await page.getByRole("button", { name: "Add Buyer" }).click();
      const marisol = page.getByTestId("buyer-row").filter({ hasText: "Marisol Vega" });
      await expect(marisol).toContainText("Buy-box: Phoenix, AZ; 85019 · townhouse · 2+ bd · ≤ $320,000");
      await expect(marisol).toContainText("No email address");

      await page.getByLabel("Buyers (CSV)").setInputFiles(csvFile("buyers.csv", GOOD));
      await page.getByRole("button", { name: "Import Buyers" }).click();
      await expect(page.getByTestId("buyers-import-counts")).toHaveText("1 buyer imported, 0 updated, 0 unchanged.");
      const keys = page.getByTestId("buyer-row").filter({ hasText: "Desert Keys" });
      await expect(keys).toContainText("Email: yes");
      await expect(keys).toContainText("(602) 555-0141");
      await expect(page.getByTestId("buyers-count")).toHaveText("2 buyers");

      await page.getByLabel("Buyers (CSV)").setInputFiles(csvFile("bad.csv", BAD));
      await page.getByRole("button", { name: "Import Buyers" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
      await expect(alert.getByRole("list", { name: "Rows with errors" }).getByRole("listitem")).toHaveText([
        "Line 2: email_consent: Email consent needs an email address",
        "Line 3: max_repair_level: Repair level must be one of light, medium, heavy",
      ]);
      await expect(page.getByTestId("buyers-count")).toHaveText("2 buyers");
    });
  });
}
