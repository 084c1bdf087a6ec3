import type { Page } from "@playwright/test";

import { aSellerSearch, expect, test } from "./fixtures.ts";
import { controlsUnderToast, horizontalOverflow, VIEWPORTS, watchPageErrors } from "./page-rules.ts";

/**
 * The display rules on every main page and dialog — signed out and in, with JavaScript and without, at 1280 and
 * 375 px: nothing overflows horizontally (`scrollWidth ≤ innerWidth`) and the page reports no uncaught error and no
 * console error (React's #421 on a direct load of the wizard or Terry's screen was one).
 */

const SIGNED_OUT_PAGES = ["/", "/login", "/register", "/forgot-password", "/faq", "/contact-us", "/terms-of-use"];

const SECTIONS = ["chat", "crm", "pipeline", "messages", "buyer-breeze", "deal-talk", "lock-it-up", "documents", "dashboard"];

/** The signed-in pages, with the dialogs a URL opens (a CRM property, the workbench's full details). */
function signedInPages(propertyId: string): string[] {
  return [
    ...SECTIONS.map((section) => `/?section=${section}`),
    "/?section=chat&agent=lead-finder&wizard=seller",
    "/?section=chat&agent=lead-finder&wizard=buyer",
    "/?section=chat&agent=lead-finder&wizard=seller&terry=1",
    `/?section=crm&lead=${propertyId}`,
    "/today",
    "/today?upcoming=all",
    "/sequences",
    "/saved-searches",
    "/sales/import",
    "/profile",
    "/buyer-breeze",
    "/leads/workbench",
    "/leads/workbench?lead=1&details=1",
  ];
}

/** Visits each page in turn and lists what breaks a rule there: overflow in px, and errors. */
async function visit(page: Page, paths: string[]) {
  const errors = watchPageErrors(page);
  const broken: string[] = [];
  for (const path of paths) {
    const seen = errors.length;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("load");
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) broken.push(`${path}: ${overflow} px wider than the window`);
    for (const error of errors.slice(seen)) broken.push(`${path}: ${error}`);
  }
  expect(broken).toEqual([]);
}

/** Waits for the toast showing `title` (null until it is on screen), then checks it covers no visible enabled control. */
async function expectToastClear(page: Page, title: string) {
  let covered: string[] | null = null;
  await expect.poll(async () => (covered = await controlsUnderToast(page, title)), { message: `the toast "${title}"` }).not.toBeNull();
  expect(covered, `controls under the toast "${title}"`).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the signed-out pages neither overflow nor report an error", async ({ page }) => {
        await visit(page, SIGNED_OUT_PAGES);
      });

      test("the signed-in pages and dialogs neither overflow nor report an error", async ({ signedInPage: page, lead }) => {
        await aSellerSearch(page);
        await visit(page, signedInPages(lead.id));
      });

      test("no toast covers a visible control after Let's Work It, its dialog, mailing, Mail Again and a Today step", async ({
        signedInPage: page,
      }) => {
        const [lead] = await aSellerSearch(page);
        await page.goto("/leads/workbench");
        await page.getByRole("button", { name: "Let's Work It" }).click();
        await expectToastClear(page, "Working This Lead");
        if (javaScriptEnabled) {
          await page.getByRole("dialog", { name: lead.addressLine }).getByRole("button", { name: "Close" }).click();
          await expect(page.getByRole("dialog")).toHaveCount(0);
        }
        await page.getByRole("button", { name: "Get Max Offer" }).click();
        const offers = page.getByRole("region", { name: "Offer Options" });
        await offers.getByRole("textbox", { name: "Custom offer amount in dollars" }).fill("187500");
        await offers.getByRole("radio", { name: "Custom amount" }).check();
        await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
        const letter = javaScriptEnabled
          ? page.getByRole("dialog", { name: "Letter of Intent Created" })
          : page.getByRole("region", { name: "Letter of Intent Created" });
        const check = page.getByRole("alert", { name: "Check this offer" });
        await expect(letter.or(check)).toBeVisible();
        if (await check.isVisible()) await check.getByRole("button", { name: "Confirm anyway" }).click();
        await expectToastClear(page, "Letter of Intent Created");
        await letter.getByRole("button", { name: "Mail the Offer" }).click();
        const mailed = page.getByRole("status", { name: "Offer mailed" });
        await expect(mailed.getByRole("button", { name: "Mail Again" })).toBeVisible();
        await expectToastClear(page, "Tracking id:");
        await mailed.getByRole("button", { name: "Mail Again" }).click();
        await expectToastClear(page, "Tracking id:");
        await mailed.getByRole("button", { name: /Start follow-up sequence/ }).click();
        await expect(page).toHaveURL(/\/today$/);
        await expectToastClear(page, "Sequence started");
      });
    });
  }
}

test.describe("with JavaScript, desktop", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("a dialog dims the whole page, the sidebar included", async ({ signedInPage: page, lead }) => {
    await page.goto(`/?section=crm&lead=${lead.id}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    // (Radix hides the page outside the dialog from the accessibility tree: found by its label.)
    const sidebar = page.locator(`nav[aria-label="Sections"]`);
    const box = (await sidebar.boundingBox())!;
    // What is painted on top of the sidebar's first item: the dialog's overlay, not the sidebar. (Radix turns off
    // pointer events outside the dialog, which elementFromPoint skips: they are back on for the probe.)
    const covered = await page.evaluate(
      ({ x, y }) => {
        const saved = document.body.style.pointerEvents;
        document.body.style.pointerEvents = "auto";
        const top = document.elementFromPoint(x, y);
        document.body.style.pointerEvents = saved;
        return top !== null && top.closest("aside") === null;
      },
      { x: box.x + 40, y: box.y + 16 },
    );
    expect(covered, "the sidebar is under the dialog's overlay").toBe(true);
  });
});
