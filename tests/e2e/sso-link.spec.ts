import { expect, test } from "@playwright/test";

const LINK_EXPIRED = "This request to link your sign-in has expired or could not be verified. Please sign in again.";

// The e2e server has no identity provider set up, so no pending link can exist: the page must say so plainly and
// lead back to /auth, with or without JavaScript. (The linking itself is covered in tests/integration/oidc.test.ts.)
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a visitor on /auth/link without a pending sign-in is told it expired and led back to sign in", async ({ page }) => {
      await page.goto("/auth/link");
      await expect(page.getByRole("heading", { name: "Link your sign-in" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText(LINK_EXPIRED);
      await expect(page.getByLabel("Password")).toHaveCount(0);
      await page.getByRole("link", { name: "Back to sign in" }).click();
      await expect(page).toHaveURL(/\/auth$/);
    });
  });
}
