import { expect, test } from "./fixtures.ts";

/**
 * An owner sets a member's monthly spending cap on /team, with and without JavaScript: bad money is refused with the
 * field's message and nothing saved; a cap is saved and shown again on /team and in Profile → Usage's member table.
 * Its usage limits the same way: a bad number is refused with the field's message, a whole number is saved.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the owner sets a member's monthly cap on Team and sees it in Profile → Usage", async ({ signedInPage: page, account }) => {
      await page.goto("/team");
      const cap = page.getByRole("textbox", { name: `Monthly cap for ${account.fullName} ($)` });
      await cap.fill("12,34,56");
      await page.getByTestId("member-cap").getByRole("button", { name: "Save cap" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Enter the cap in dollars" })).toBeVisible();

      await page.getByRole("textbox", { name: `Monthly cap for ${account.fullName} ($)` }).fill("25.50");
      await page.getByTestId("member-cap").getByRole("button", { name: "Save cap" }).click();
      await expect(page).toHaveURL(/\/team$/);
      await expect(page.getByRole("textbox", { name: `Monthly cap for ${account.fullName} ($)` })).toHaveValue("25.50");

      await page.goto("/profile?tab=usage");
      const row = page.getByTestId("member-spend").getByRole("row", { name: new RegExp(account.fullName) });
      await expect(row).toContainText("$25.50");
      await expect(row).toContainText("$0.00");
    });

    test("the owner sets a member's daily letter limit on Team", async ({ signedInPage: page, account }) => {
      await page.goto("/team");
      const perDay = () => page.getByRole("textbox", { name: `letters per day for ${account.fullName}` });
      await perDay().fill("1.5");
      await page.getByTestId("member-limits").getByRole("button", { name: "Save limits" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Enter a whole number" })).toBeVisible();
      await expect(perDay()).toHaveValue("1.5");

      await perDay().fill("50");
      await page.getByTestId("member-limits").getByRole("button", { name: "Save limits" }).click();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await page.goto("/team");
      await expect(perDay()).toHaveValue("50");
    });
  });
}
