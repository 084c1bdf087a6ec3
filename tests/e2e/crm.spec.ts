import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";

import { expect, test, type AddLead } from "./fixtures.ts";
import { overlappingCells } from "./page-rules.ts";

const PHOENIX = {
  address: "4127 N 38th St",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85018",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1540,
  yearBuilt: 1962,
  arv: "415000",
  maxOffer: "290500",
  status: "qualified",
  ownerName: "Sample Owner Marlowe",
  ownerPhone: "(602) 555-0141",
  ownerEmail: "marlowe@example.com",
  ownerDncPhone: "(602) 555-0142",
};
const DALLAS = {
  address: "7315 Lakehurst Ave",
  city: "Dallas",
  state: "TX",
  zipCode: "75230",
  bedrooms: 4,
  bathrooms: 3,
  squareFeet: 2680,
  status: "under_contract",
};

async function seedTwo(page: Page, addLead: AddLead) {
  const phoenix = await addLead(PHOENIX);
  await page.request.patch(`/api/properties/${phoenix.id}`, { data: { leadType: "high_equity" } });
  await addLead(DALLAS);
}

const figure = (page: Page, label: string) =>
  page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a new user sees the empty CRM and adds a first lead, fixing a mistake first", async ({ signedInPage: page }) => {
      await page.goto("/?section=crm");
      await expect(page.getByRole("heading", { name: "CRM & Lead Management" })).toBeVisible();
      await expect(page.getByText("No leads found")).toBeVisible();
      await expect(page.getByText("Start by adding your first property lead or adjust your filters.")).toBeVisible();
      await expect(figure(page, "Total Leads")).toHaveText("0");

      await page.getByRole("link", { name: "Add Lead" }).click();
      if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Add Lead" })).toBeVisible();
      else await expect(page.getByRole("heading", { name: "Add Lead" })).toBeVisible();
      await page.getByLabel("Address", { exact: true }).fill("2219 W Monte Vista Rd");
      await page.getByLabel("City").fill("Phoenix");
      await page.getByLabel("State").fill("AZ");
      await page.getByLabel("ZIP code").fill("85009");
      await page.getByLabel("Bedrooms").fill("0");
      await page.getByRole("button", { name: "Save Lead" }).click();
      await expect(page.getByText("Bedrooms must be greater than 0")).toBeVisible();
      await page.getByLabel("Bedrooms").fill("2");
      await page.getByLabel("Bathrooms").fill("1");
      await page.getByLabel("Square feet").fill("980");
      await page.getByLabel("ARV").fill("265000");
      await page.getByLabel("Lead type").selectOption("absentee_owner");
      await page.getByLabel("Owner name").fill("Demo Holdings Trust");
      await page.getByRole("button", { name: "Save Lead" }).click();

      await expect(page.getByText("2219 W Monte Vista Rd was added to your CRM.").first()).toBeVisible();
      await expect(page).toHaveURL(/\?section=crm$/);
      const row = page.getByRole("row", { name: /2219 W Monte Vista Rd/ });
      await expect(row).toContainText("Phoenix, AZ");
      await expect(row).toContainText("2 beds · 1 baths · 980 sqft");
      await expect(row).toContainText("Demo Holdings Trust");
      await expect(row).toContainText("$265,000");
      await expect(row).toContainText("Absentee owner");
      await expect(row).toContainText("New");
      await expect(figure(page, "Total Leads")).toHaveText("1");
    });

    test("a user filters by status, searches, and works a lead with its owner's DNC phone flagged", async ({ page, addLead }) => {
      await seedTwo(page, addLead);
      await page.goto("/?section=crm");
      const rows = page.getByRole("region", { name: "Leads" }).getByRole("row");
      // Newest first: Dallas was added last.
      await expect(rows.nth(1)).toContainText("7315 Lakehurst Ave");
      await expect(rows.nth(2)).toContainText("4127 N 38th St");
      await expect(figure(page, "Total Leads")).toHaveText("2");
      await expect(figure(page, "Qualified")).toHaveText("1");
      await expect(figure(page, "Under Contract")).toHaveText("1");
      await expect(rows.nth(1)).toContainText("No owner info");

      await page.getByRole("navigation", { name: "Filter leads by status" }).getByRole("link", { name: "Qualified" }).click();
      await expect(page).toHaveURL(/status=qualified/);
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1)).toContainText("4127 N 38th St");
      await expect(figure(page, "Total Leads")).toHaveText("2");

      await page.getByRole("navigation", { name: "Filter leads by status" }).getByRole("link", { name: "All Leads" }).click();
      await page.getByRole("searchbox", { name: "Search leads" }).fill("dallas");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=dallas/);
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1)).toContainText("7315 Lakehurst Ave");
      await page.getByRole("searchbox", { name: "Search leads" }).fill("nowhere");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No leads found")).toBeVisible();

      await page.goto("/?section=crm");
      await page.getByRole("link", { name: "Work This Lead: 4127 N 38th St" }).click();
      const details = javaScriptEnabled
        ? page.getByRole("dialog", { name: "4127 N 38th St" })
        : page.getByRole("region", { name: "4127 N 38th St" });
      await expect(details).toBeVisible();
      await expect(details).toContainText("$415,000");
      // 70 % of the ARV sent as "maxOffer" is the spec's estimate, never stored as an offer: the rule's max offer shows
      // (415,000 × 70 % − 41,500 repairs − 10,000 fee).
      await expect(details).toContainText("$239,000");
      await expect(details).toContainText("Sample Owner Marlowe");
      const owner = details.getByRole("region", { name: "Owner info" });
      await expect(owner.getByRole("listitem").filter({ hasText: "(602) 555-0142" })).toContainText("DNC");
      await expect(owner.getByRole("listitem").filter({ hasText: "(602) 555-0141" })).not.toContainText("DNC");
      // The named owner became the lead's first contact when it was added.
      await expect(details.getByRole("region", { name: "Contacts" }).getByRole("listitem")).toContainText("Sample Owner Marlowe");
      await expect(details).toContainText("Qualified");
      await expect(details).toContainText("High equity");
      if (javaScriptEnabled) await details.getByRole("button", { name: "Close" }).click();
      else await details.getByRole("link", { name: "Close" }).click();
      await expect(details).toBeHidden();
      await expect(page).toHaveURL(/\?section=crm$/);
    });

    test("a user exports the filtered leads as CSV", async ({ page, addLead }) => {
      await seedTwo(page, addLead);
      await page.goto("/?section=crm&status=qualified");
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^breeze-leads-qualified-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, "utf8");
      const lines = csv.trimEnd().split("\r\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain("Owner Name,Owner Phone,Owner Email");
      expect(lines[1]).toContain("4127 N 38th St,Phoenix,AZ,85018");
      expect(lines[1]).toContain("Sample Owner Marlowe,(602) 555-0141,marlowe@example.com");
    });
  });
}

test("the lead list refreshes by itself while the CRM is open", async ({ page, addLead }) => {
  await page.goto("/?section=crm");
  await expect(page.getByText("No leads found")).toBeVisible();
  await addLead(DALLAS);
  await expect(page.getByRole("row", { name: /7315 Lakehurst Ave/ })).toBeVisible({ timeout: 8000 });
  await expect(figure(page, "Total Leads")).toHaveText("1");
});

test("on a phone each lead reads as a card: neither the page nor the leads' box scrolls sideways", async ({ page, addLead }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await seedTwo(page, addLead);
  await page.goto("/?section=crm");
  await expect(page.getByRole("row", { name: /7315 Lakehurst Ave/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = page.getByRole("region", { name: "Leads" });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
  expect(await overlappingCells(box.locator("table"))).toEqual([]);
});

test("Work This Lead opens in place without reloading the page, and a Ctrl-click opens the lead in a new tab", async ({
  page,
  addLead,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  for (let n = 0; n < 8; n += 1) await addLead({ ...DALLAS, address: `${7300 + n} Lakehurst Ave` });
  await page.goto("/?section=crm");
  // The oldest lead is the last row, below the fold.
  const link = page.getByRole("link", { name: "Work This Lead: 7300 Lakehurst Ave" });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await link.click();
  const dialog = page.getByRole("dialog", { name: "7300 Lakehurst Ave" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/lead=/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\?section=crm$/);

  const [tab] = await Promise.all([context.waitForEvent("page"), link.click({ modifiers: ["ControlOrMeta"] })]);
  await expect(tab).toHaveURL(/\?section=crm&lead=/);
  await expect(page).toHaveURL(/\?section=crm$/);
  await expect(dialog).toBeHidden();
});

test("a row's link keeps the keyboard focus when the list refreshes with a new lead", async ({ page, addLead }) => {
  await seedTwo(page, addLead);
  await page.goto("/?section=crm");
  const link = page.getByRole("link", { name: "Work This Lead: 4127 N 38th St" });
  await link.focus();
  await addLead({ ...DALLAS, address: "1 Refresh Way" });
  await expect(page.getByRole("row", { name: /1 Refresh Way/ })).toBeVisible({ timeout: 8000 });
  await expect(link).toBeFocused();
});
