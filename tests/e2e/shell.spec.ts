import { expect, test } from "./fixtures.ts";

const ITEMS = [
  "Breeze Lead Finder",
  "Today",
  "Sequences",
  "Saved Searches",
  "Breeze Analyzer",
  "Deal Pipeline",
  "Messages",
  "Buyer Breeze",
  "DealTalk",
  "Lock It Up",
  "Contracts + Paperwork",
  "Dashboard",
  // A new account owns its workspace, so it manages its members.
  "Team",
  "Profile",
];

test.describe("the signed-in shell", () => {
  test.use({ accountDetails: { fullName: "Sam Rivera", companyName: "Rivera Holdings", title: "Founder" } });

  test("a signed-in user starts in the agent chat and moves between sections by the sidebar, kept in the URL", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    const sidebar = page.getByRole("navigation", { name: "Sections" });
    await expect(sidebar.getByRole("link")).toHaveText(ITEMS);
    await expect(sidebar.getByRole("link", { name: "Breeze Lead Finder" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Welcome, Sam Rivera" })).toBeVisible();
    await expect(page.getByText("No conversations yet")).toBeVisible();

    await sidebar.getByRole("link", { name: "Lock It Up" }).click();
    await expect(page).toHaveURL(/\?section=lock-it-up$/);
    await expect(page.getByRole("heading", { name: "Lock It Up" })).toBeVisible();
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    await page.reload();
    await expect(sidebar.getByRole("link", { name: "Lock It Up" })).toHaveAttribute("aria-current", "page");

    await sidebar.getByRole("link", { name: "DealTalk" }).click();
    await expect(page.getByRole("heading", { name: "DealTalk" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Lock It Up" })).toBeVisible();

    // Choosing the Deal Analyzer agent opens the CRM section.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Agents" }).getByRole("link", { name: "Deal Analyzer" }).click();
    await expect(page).toHaveURL(/\?section=crm$/);
  });

  test("the profile popover shows who is signed in and signs out", async ({ signedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Email Support" })).toHaveAttribute("href", /^mailto:/);
    await page.getByRole("button", { name: /Open the profile menu/ }).click();
    const menu = page.getByRole("dialog");
    await expect(menu).toContainText("SR");
    await expect(menu).toContainText("Sam Rivera");
    await expect(menu).toContainText("Rivera Holdings");
    await expect(menu).toContainText("Founder");
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  });

  test("on a phone the menu opens from the header, has a close button, and closes when an item is chosen", async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(sidebar).toBeInViewport();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await sidebar.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\?section=dashboard$/);
    await expect(sidebar).not.toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the close button shows only on a narrow screen", async ({ signedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shell renders on the server, and the phone menu opens and navigates", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/?section=deal-talk");
    await expect(page.getByRole("heading", { name: "DealTalk" })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole("link", { name: "Lock It Up" }).click();
    await expect(page.getByRole("heading", { name: "Lock It Up" })).toBeVisible();
  });
});
