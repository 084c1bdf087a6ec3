import type { Page } from "@playwright/test";

import { expect, aSellerSearch as runSellerSearch, test } from "./fixtures.ts";

/** The user's CRM, as GET /api/properties lists it. */
async function crm(page: Page) {
  const response = await page.request.get("/api/properties");
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; address: string; status: string }[];
}

const position = (page: Page, text: string) => page.getByText(text, { exact: true });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a user whose seller search ran saves the first lead for later, then moves on with Next Lead and Pass to the end of the queue", async ({
      signedInPage: page,
    }) => {
      const leads = await runSellerSearch(page);
      await page.goto("/leads/workbench");
      await expect(page.getByRole("heading", { name: "Lead Workbench", level: 1 })).toBeVisible();
      await expect(page.getByText("Reviewing 5 seller leads")).toBeVisible();
      await expect(position(page, "Lead 1 of 5")).toBeVisible();
      const card = page.getByRole("article", { name: leads[0].addressLine });
      await expect(card).toBeVisible();
      await expect(card.getByText("New", { exact: true })).toBeVisible();
      await expect(card.getByRole("region", { name: "Valuation Details" })).toBeVisible();
      // Back to Wizard reopens the wizard with the search filled in (ADR 052).
      await expect(page.getByRole("link", { name: "Back to Wizard" })).toHaveAttribute(
        "href",
        "/?section=chat&agent=lead-finder&wizard=seller&cityOrZip=Phoenix&state=AZ&sellerType=high_equity",
      );
      await expect(page.getByRole("button", { name: "Next Lead" })).toHaveCount(0);

      await page.getByRole("button", { name: "Save for Later" }).click();
      await expect(page.getByText(`${leads[0].addressLine} was added to your CRM.`).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Save for Later" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Let's Work It" })).toHaveCount(0);
      expect((await crm(page)).map((property) => [property.address, property.status])).toEqual([[leads[0].addressLine, "new"]]);

      await page.getByRole("button", { name: "Next Lead" }).click();
      await expect(position(page, "Lead 2 of 5")).toBeVisible();
      await expect(page.getByText("Showing lead 2 of 5").first()).toBeVisible();
      await expect(page.getByRole("article", { name: leads[1].addressLine })).toBeVisible();
      await expect(page.getByRole("button", { name: "Save for Later" })).toBeVisible();

      for (const shown of [3, 4, 5]) {
        await page.getByRole("button", { name: "Pass" }).click();
        await expect(position(page, `Lead ${shown} of 5`)).toBeVisible();
        await expect(page.getByText("Lead Passed").first()).toBeVisible();
        await expect(page.getByRole("article", { name: leads[shown - 1].addressLine })).toBeVisible();
      }
      await page.getByRole("button", { name: "Pass" }).click();
      await expect(page.getByText("All Leads Reviewed").first()).toBeVisible();
      await expect(page.getByText("You've reached the end of your lead queue.").first()).toBeVisible();
      await expect(position(page, "Lead 5 of 5")).toBeVisible();
      // Passing saves nothing.
      expect(await crm(page)).toHaveLength(1);
    });

    test("Let's Work It saves the lead for the Deal Analyzer and opens its full details with the 70% rule, without a Confirm Add to CRM for the lead now in the CRM", async ({
      signedInPage: page,
    }) => {
      const leads = await runSellerSearch(page);
      await page.goto("/leads/workbench?lead=4");
      await expect(position(page, "Lead 5 of 5")).toBeVisible();
      await page.getByRole("button", { name: "Let's Work It" }).click();

      const details = javaScriptEnabled
        ? page.getByRole("dialog", { name: leads[4].addressLine })
        : page.getByRole("region", { name: leads[4].addressLine });
      await expect(details).toBeVisible();
      await expect(details.getByText("Max Offer (70% Rule)")).toBeVisible();
      await expect(details.getByText("Max offer = ARV × 70% − rehab costs − assignment fee.", { exact: false })).toBeVisible();
      await expect(details.getByRole("region", { name: "Contact Information" })).toBeVisible();
      await expect(details.getByText("Analyzed", { exact: true })).toBeVisible();
      const [property] = await crm(page);
      expect(property).toMatchObject({ address: leads[4].addressLine, status: "analyzed" });
      const full = await page.request.get(`/api/properties/${property.id}`);
      expect(await full.json()).toMatchObject({ status: "analyzed", currentAgent: "deal_analyzer" });

      // Already in the CRM: no Confirm Add to CRM (it could only answer "Already in CRM"), its status and the way there.
      await expect(details.getByRole("button", { name: "Confirm Add to CRM" })).toHaveCount(0);
      await expect(details.getByRole("link", { name: "Open in CRM" })).toHaveAttribute("href", `/?section=crm&lead=${property.id}`);
      expect(await crm(page)).toHaveLength(1);
      if (javaScriptEnabled) {
        await details.getByRole("button", { name: "Close" }).first().click();
        await expect(details).toHaveCount(0);
      }
      // The last lead is worked: the bar says the queue is done.
      await expect(page.getByRole("status").filter({ hasText: "All Leads Reviewed" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Next Lead" })).toHaveCount(0);
    });

    test("a user who has not run the seller wizard is sent to the home page with the toast", async ({ signedInPage: page }) => {
      await page.goto("/leads/workbench");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("No Leads Found").first()).toBeVisible();
      await expect(page.getByText("Please run the wizard to find leads first.").first()).toBeVisible();
    });
  });
}

test("the browser keeps the queue in localStorage.leadQueue, and the workbench opens where the user left it", async ({
  signedInPage: page,
}) => {
  const leads = await runSellerSearch(page);
  await page.goto("/leads/workbench");
  await expect(position(page, "Lead 1 of 5")).toBeVisible();
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("leadQueue") ?? "null") as Record<string, unknown> | null);
  await expect.poll(async () => (await stored())?.leads).toHaveLength(5);
  expect(await stored()).toMatchObject({
    index: 0,
    worked: [],
    location: "Phoenix, AZ",
    leads: leads.map((lead) => expect.objectContaining({ id: lead.id })),
  });

  await page.getByRole("button", { name: "Save for Later" }).click();
  await expect(page.getByRole("button", { name: "Next Lead" })).toBeVisible();
  await expect.poll(async () => (await stored())?.worked).toEqual([leads[0].id]);
  await page.getByRole("button", { name: "Next Lead" }).click();
  await expect(position(page, "Lead 2 of 5")).toBeVisible();
  await expect.poll(async () => (await stored())?.index).toBe(1);

  // Opened again without a position, the workbench goes back to the stored one.
  await page.goto("/leads/workbench");
  await expect(position(page, "Lead 2 of 5")).toBeVisible();
  await expect(page).toHaveURL(/\/leads\/workbench\?lead=1$/);

  // A new search replaces the stored queue (set-leads): position and worked marks start over.
  const newer = await runSellerSearch(page);
  await page.goto("/leads/workbench");
  await expect(page.getByRole("article", { name: newer[0].addressLine })).toBeVisible();
  await expect.poll(async () => (await stored())?.leads).toEqual(newer.map((lead) => expect.objectContaining({ id: lead.id })));
  expect(await stored()).toMatchObject({ index: 0, worked: [] });
});
