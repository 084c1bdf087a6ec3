import { expect, test } from "./fixtures";

/**
 * The owner's activity log: an export and an invitation show in words on /team/activity (reached from /team), and
 * the GET filter narrows them, with JavaScript and without, at a desk's width and a phone's.
 */
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the owner reads who did what and filters it", async ({ page, lead }) => {
        void lead;
        expect((await page.request.get("/crm/export.csv")).status()).toBe(200);
        await page.goto("/team");
        const invitee = `activity-${Date.now()}@example.com`;
        const invite = page.getByRole("form", { name: "Invite a member" });
        await invite.getByLabel("Email").fill(invitee);
        await invite.getByRole("button", { name: "Invite" }).click();
        await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();

        await page.getByRole("link", { name: "Activity log" }).click();
        await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
        const entries = page.getByTestId("activity-entry");
        await expect(entries).toHaveCount(2);
        await expect(entries.first()).toContainText(`Pat Quinn invited ${invitee} as Caller`);
        await expect(entries.nth(1)).toContainText("Pat Quinn exported the leads (CSV)");

        await page.getByLabel("Action").selectOption({ label: "Exports" });
        await page.getByRole("button", { name: "Filter" }).click();
        await expect(page).toHaveURL(/kind=exported/);
        await expect(entries).toHaveCount(1);
        await expect(entries.first()).toContainText("Pat Quinn exported the leads (CSV)");
      });
    });
  }
}
