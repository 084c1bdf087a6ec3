import { expect, test, type Page } from "@playwright/test";

const AGENTS = ["Lead Finder", "Deal Analyzer", "Negotiation Agent", "Closing Agent"];
const FEATURES = ["CRM system", "Kanban-style deal pipeline", "Document hub"];

async function expectLanding(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Breeze");
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  const agents = page.getByRole("region", { name: "Your AI agents" }).getByRole("heading", { level: 3 });
  await expect(agents).toHaveText(AGENTS);
  await expect(page.getByRole("region", { name: "Everything in one place" }).getByRole("heading", { level: 3 })).toHaveText(FEATURES);
}

test.describe("the landing page", () => {
  test("a visitor sees the title, both calls to action, the four agent cards and the three features", async ({ page }) => {
    await expectLanding(page);
    // Tailwind's stylesheet is applied: the primary button has the brand background, not the browser default.
    const background = await page.getByRole("link", { name: "Get Started" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(14, 116, 144)");
  });

  test("a phone-sized screen stacks the agent cards in one column", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expectLanding(page);
    const boxes = await page
      .getByRole("region", { name: "Your AI agents" })
      .getByRole("article")
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect()));
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box.width).toBeGreaterThan(300);
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page renders fully from the server", async ({ page }) => {
    await expectLanding(page);
  });

  test("an unknown path shows the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test("the health check reports D1, R2 and the Durable Object ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.ok).toBe(true);
  expect(body.checks.d1.ok && body.checks.r2.ok && body.checks.durableObject.ok).toBe(true);
});
