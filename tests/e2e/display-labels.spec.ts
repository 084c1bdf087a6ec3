import type { Page } from "@playwright/test";

import { aSellerSearch, DEFAULT_LEAD, expect, test } from "./fixtures.ts";

/**
 * Raw labels and figures: types read as phrases ("Out-of-state absentee owner", lists joined), baths keep
 * their quarters (2.25, not 2), and phones show in the US format wherever a raw "+1480…" was stored.
 */

/** The value of a lead card's fact, by its label, in one of its sections. */
const fact = (page: Page, section: string, label: string) =>
  page
    .getByRole("article")
    .getByRole("region", { name: section })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");

test("the workbench's lead cards show each lead's baths as the vendor counts them and its types as a phrase", async ({
  signedInPage: page,
}) => {
  const leads = (await aSellerSearch(page)) as unknown as { bathrooms: number | null; flags: string[] }[];
  for (const [index, lead] of leads.entries()) {
    await page.goto(`/leads/workbench?lead=${index}`);
    await expect(page.getByText(`Lead ${index + 1} of 5`, { exact: true })).toBeVisible();
    await expect(fact(page, "Building Details", "Baths")).toHaveText(lead.bathrooms === null ? "N/A" : String(lead.bathrooms));
    const types = (await fact(page, "Property Details", "Lead Type").textContent()) ?? "";
    // A sentence-case phrase, a list joined with "and": no vendor keys ("high_equity", "tired-landlord").
    expect(types).toMatch(/^[A-Z][a-z]*([ -][a-z]+)*((, | and )[a-z]+([ -][a-z]+)*)*$/);
    expect(types).not.toMatch(/_|absentee-owner|tired-landlord/);
    if (lead.flags.length > 1) expect(types).toContain(" and ");
  }
});

test("a lead type saved as the vendor writes it reads as a phrase in the CRM, and a buyer's raw phone in the US format", async ({
  signedInPage: page,
  addLead,
}) => {
  await addLead({ ...DEFAULT_LEAD, address: "1907 E Flower St", leadType: "Out-Of-State-Absentee-Owner" });
  await page.goto("/?section=crm");
  const row = page.getByRole("row", { name: /1907 E Flower St/ });
  await expect(row).toContainText("Out-of-state absentee owner");

  const saved = await page.request.post("/api/buyer-leads", {
    data: { buyerName: "Camelback Capital", buyerType: "cash_buyers", market: "Phoenix, AZ", phoneNumbers: ["+14805550100"] },
  });
  expect(saved.status()).toBe(201);
  await page.goto("/buyer-breeze");
  const phone = page.getByRole("link", { name: "(480) 555-0100" });
  await expect(phone).toBeVisible();
  await expect(phone).toHaveAttribute("href", "tel:+14805550100");
  await expect(page.getByText("+14805550100")).toHaveCount(0);
});
