import type { Page } from "@playwright/test";

import { aSellerSearch, expect, test } from "./fixtures.ts";

/** The JavaScript files a page fetched, by name without the content hash ("crm", "components", …). */
function watchScripts(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (request.resourceType() === "script" || match) names.push(match?.[1] ?? request.url());
  });
  return names;
}

test("the signed-out landing page loads no JavaScript at all", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Breeze");
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  expect(scripts).toEqual([]);
});

test("the shell loads the open section's code and no other section's", async ({ signedInPage: page }) => {
  const scripts = watchScripts(page);
  const response = await page.goto("/?section=crm");
  await expect(page.getByRole("heading", { name: "CRM & Lead Management" })).toBeVisible();
  // The server render names the section's chunk for the browser to fetch with the page.
  expect(await response!.text()).toMatch(
    /<link rel="modulepreload" href="\/assets\/crm-section-[\w-]{8}\.js" data-lazy-source="app\/components\/crm\/crm-section\.tsx"\/>/,
  );
  expect(scripts).toContain("crm-section");
  expect(scripts).toContain("signed-in-shell");
  for (const other of ["pipeline", "messages", "documents", "dashboard", "chat", "coming-soon"])
    expect(scripts).not.toContain(`${other}-section`);

  // Another section, reached from the sidebar, brings its own code then.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Deal Pipeline" }).click();
  await expect(page.getByRole("heading", { name: "Deal Pipeline", level: 1 })).toBeVisible();
  expect(scripts).toContain("pipeline-section");
});

test("the profile menu's code loads when the pointer reaches it, and the menu opens", async ({ signedInPage: page }) => {
  const scripts = watchScripts(page);
  await page.goto("/?section=chat");
  expect(scripts).not.toContain("profile-menu");
  await page.getByRole("button", { name: /Open the profile menu/ }).click();
  await expect(page.getByRole("link", { name: "Profile settings" })).toBeVisible();
  expect(scripts).toContain("profile-menu");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Profile settings" })).toHaveCount(0);
});

test("the lead workbench's full-details dialog is not part of its first load, and its code comes at the user's first pointer on the page", async ({
  signedInPage: page,
}) => {
  await aSellerSearch(page);
  const scripts = watchScripts(page);
  const response = await page.goto("/leads/workbench");
  await expect(page.getByText("Lead 1 of 5", { exact: true })).toBeVisible();
  expect(await response!.text()).not.toContain("workbench-lead-details");
  expect(scripts).toContain("leads.workbench");
  // Nothing more loads while the page sits untouched (hydrated, its requests done) ...
  await page.waitForLoadState("networkidle");
  expect(scripts).not.toContain("workbench-lead-details");
  expect(scripts).not.toContain("offer-steps");
  // ... and the pointer reaching the page fetches the details and the offer steps, before Let's Work It is clicked.
  await page.getByRole("button", { name: "Let's Work It" }).hover();
  await expect.poll(() => scripts).toContain("workbench-lead-details");
  await expect.poll(() => scripts).toContain("offer-steps");
  expect(scripts).not.toContain("signed-in-shell");
});
