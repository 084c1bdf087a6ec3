import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";

/** Every Content-Security-Policy violation the browser reports, from its console (with or without JavaScript). */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The page's CSP must carry a nonce, and every inline script on the page must carry that same nonce. The signed-out
 * landing is sent without scripts at all (docs/decisions/074-shell-sections-and-chunks.md).
 */
async function expectNonceOnEveryScript(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const csp = (await response!.headerValue("content-security-policy")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `${path} has a nonce in its CSP`).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  if (path === "/") expect(scripts).toEqual([]);
  else expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the Content-Security-Policy with JavaScript ${javaScriptEnabled ? "enabled" : "disabled"}`, () => {
    test.use({ javaScriptEnabled });

    test("the landing page, sign-in, registration and the static pages load under the CSP without a single violation", async ({ page }) => {
      const violations = watchCspViolations(page);
      for (const path of ["/", "/login", "/register", "/faq", "/terms-of-use", "/contact-us"]) await expectNonceOnEveryScript(page, path);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: /Breeze through your/ })).toBeVisible();
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
      await page.goto("/register");
      await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
      // The FAQ's no-JavaScript view hides the accordion with a <style> element, allowed only by the nonce.
      await page.goto("/faq");
      const faqHeadings = page.getByRole("main").getByRole("heading", { level: 2 });
      await expect(faqHeadings).toHaveCount(21);
      expect(violations).toEqual([]);
    });

    test("the signed-in shell loads under the CSP without a single violation, and its dialog opens", async ({ signedInPage: page }) => {
      const violations = watchCspViolations(page);
      await expectNonceOnEveryScript(page, "/?section=crm");
      await page.goto("/?section=crm");
      await expect(page.getByRole("heading", { name: "CRM & Lead Management" })).toBeVisible();
      await page.getByRole("link", { name: "Add Lead" }).click();
      // With JavaScript it is a Radix dialog, whose scroll lock adds a <style> element that needs the nonce.
      if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Add Lead" })).toBeVisible();
      else await expect(page.getByRole("heading", { name: "Add Lead" })).toBeVisible();
      expect(violations).toEqual([]);
    });
  });
}

test("the page hydrates under the CSP: the sidebar navigates without reloading the document", async ({ signedInPage: page }) => {
  const violations = watchCspViolations(page);
  await page.goto("/");
  const sidebar = page.getByRole("navigation", { name: "Sections" });
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
  // A full page load would drop this marker; React Router's client-side navigation keeps it.
  await page.waitForFunction(() => Boolean(document.querySelector("script[nonce]")) && "__remixRouter" in window);
  await page.evaluate(() => Object.assign(window, { hydrationMarker: "still here" }));
  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\?section=dashboard$/);
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { hydrationMarker?: string }).hydrationMarker)).toBe("still here");
  expect(violations).toEqual([]);
});
