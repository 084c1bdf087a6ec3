import { type Page } from "@playwright/test";

import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { aDealOnContract } from "./dispo-steps.ts";
import { expect, test, waitForHydration, type AddLead } from "./fixtures.ts";
import { horizontalOverflow, overlappingCells, VIEWPORTS } from "./page-rules.ts";

/** A Phoenix lead at `address` through the API (the fixture's addLead); answers its id. */
async function aLead(addLead: AddLead, address: string, extra: Record<string, unknown> = {}) {
  const lead = await addLead({
    ...PHOENIX_HOME,
    address,
    maxOffer: 182000,
    ...extra,
  });
  return lead.id;
}

async function aDeal(page: Page, propertyId: string, data: Record<string, unknown> = {}) {
  const response = await page.request.post("/api/deals", { data: { propertyId, ...data } });
  expect(response.status()).toBe(201);
}

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const figure = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
const kpi = (page: Page, label: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("an empty pipeline shows four empty columns and zero figures", async ({ signedInPage: page }) => {
      await page.goto("/?section=pipeline");
      await expect(page.getByRole("heading", { name: "Deal Pipeline", level: 1 })).toBeVisible();
      for (const name of ["Lead Generation", "Analysis", "Negotiation", "Closing"]) {
        await expect(column(page, name).getByText("No deals in this stage")).toBeVisible();
      }
      await expect(figure(page, "Total Pipeline")).toHaveText("$0");
      await expect(figure(page, "Active Deals")).toHaveText("0");
      await expect(figure(page, "Close Rate")).toHaveText("0%");
    });

    test("a user creates a deal from a lead and moves it to Closing with the card's form", async ({ page, lead }) => {
      await page.goto("/?section=pipeline");
      if (javaScriptEnabled) await waitForHydration(page);
      // With no deals yet, the "New deal from a lead" panel starts open.
      await page.getByLabel("Lead", { exact: true }).selectOption({ label: `${lead.address}, Phoenix, AZ` });
      await page.getByLabel("Deal value").fill("-5");
      await page.getByRole("button", { name: "Create Deal" }).click();
      await expect(page.getByText("Deal value cannot be negative")).toBeVisible();
      // Without JavaScript the failed post lands on the form's own page, which shows the error and the form again.
      await page.getByLabel("Deal value").fill("150000");
      await page.getByRole("button", { name: "Create Deal" }).click();
      await expect(page.getByText("Deal created").first()).toBeVisible();

      const card = column(page, "Lead Generation").getByRole("article", { name: "4821 N 35th Ave" });
      await expect(card).toContainText("Phoenix, AZ · 3 bd · 2 ba · 1,450 sqft");
      await expect(card).toContainText("$150,000");
      await expect(figure(page, "Total Pipeline")).toHaveText("$150,000");

      await card.getByLabel("Move 4821 N 35th Ave to…").selectOption("closing");
      await card.getByRole("button", { name: "Move 4821 N 35th Ave" }).click();
      // "Under Contract" asks for the signed contract's terms; the deal moves when they are saved.
      await expect(page.getByRole("heading", { name: "Under Contract", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Contract price")).toHaveValue("150000");
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel("Inspection / option deadline").fill(day(10));
      await page.getByLabel("Closing date").fill(day(5));
      await page.getByLabel("Earnest money").fill("1,000");
      await page.getByLabel("Assignment fee asked").fill("12000");
      await page.getByLabel("Buyer price").fill("$165,000");
      await page.getByRole("button", { name: "Save Contract" }).click();
      await expect(page.getByText("Inspection deadline must be on or before the closing date")).toBeVisible();
      await page.getByLabel("Closing date").fill(day(30));
      await page.getByRole("button", { name: "Save Contract" }).click();
      const closed = column(page, "Closing").getByRole("article", { name: "4821 N 35th Ave" });
      await expect(closed).toContainText("Under Contract");
      const dispo = closed.getByTestId("deal-dispo");
      await expect(dispo.getByRole("listitem")).toHaveText(["Inspection ends in 10 days", "Closes in 30 days"]);
      await expect(dispo).toContainText("Spread: $15,000");
      await page.getByLabel("Disposition", { exact: true }).selectOption("assigned");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/dispo=assigned/);
      await expect(page.getByRole("article", { name: "4821 N 35th Ave" })).toHaveCount(0);
      await page.getByLabel("Disposition", { exact: true }).selectOption("under_contract");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
      await expect(closed).toBeVisible();
      await expect(column(page, "Lead Generation").getByText("No deals in this stage")).toBeVisible();
      await expect(figure(page, "Close Rate")).toHaveText("100%");
      await expect(figure(page, "Closed This Month")).toHaveText("$150,000");
    });

    test("the pipeline's period filter is kept in the URL", async ({ page, addLead }) => {
      await aDeal(page, await aLead(addLead, "915 Elm St", { city: "Dallas", state: "TX", zipCode: "75201" }));
      await page.goto("/?section=pipeline");
      await page.getByLabel("Period", { exact: true }).selectOption("this-quarter");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/section=pipeline&period=this-quarter/);
      await expect(page.getByRole("article", { name: "915 Elm St" })).toBeVisible();
      await expect(page.getByLabel("Period", { exact: true })).toHaveValue("this-quarter");
    });

    test("the dashboard shows zero figures when empty and the user's figures with data", async ({ page, addLead }) => {
      await page.goto("/?section=dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expect(kpi(page, "Total Revenue")).toContainText("$0");
      await expect(kpi(page, "Conversion Rate")).toContainText("0.0%");
      await expect(kpi(page, "Deals Closed")).toContainText("—");
      await expect(page.getByText("No activity yet")).toBeVisible();
      await expect(page.getByRole("img", { name: /Revenue Trend: closed revenue by month/ })).toBeVisible();

      const property = await aLead(addLead, "77 Peachtree St", { city: "Atlanta", state: "GA", zipCode: "30303", status: "offer_sent" });
      await aDeal(page, property, { stage: "closing", dealValue: 210000 });
      await page.goto("/?section=dashboard");
      await expect(kpi(page, "Total Revenue")).toContainText("$210,000");
      await expect(kpi(page, "Deals Closed")).toContainText("1");
      await expect(kpi(page, "Active Leads")).toContainText("1");
      await expect(kpi(page, "Conversion Rate")).toContainText("100.0%");
      await expect(page.getByRole("progressbar", { name: "Negotiation" })).toHaveAttribute("aria-valuenow", "1");
      await expect(page.getByRole("progressbar", { name: "Closing" })).toHaveAttribute("aria-valuenow", "0");
      await expect(page.getByText("Deal closed")).toBeVisible();
      await expect(page.getByRole("img", { name: /\$210,000 in total/ })).toBeVisible();

      await page.getByLabel("Period", { exact: true }).selectOption("this-year");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/section=dashboard&period=this-year/);
      await expect(page.getByLabel("Period", { exact: true })).toHaveValue("this-year");
    });
  });
}

test("a deal is dragged to another stage and stays there after a reload", async ({ page, addLead }) => {
  await aDeal(page, await aLead(addLead, "2200 W Camelback Rd"));
  await page.goto("/?section=pipeline");
  const card = page.getByRole("article", { name: "2200 W Camelback Rd" });
  await card.dragTo(column(page, "Negotiation"));
  await expect(column(page, "Negotiation").getByRole("article", { name: "2200 W Camelback Rd" })).toBeVisible();
  await expect(page.getByText("Deal moved").first()).toBeVisible();
  await page.reload();
  await expect(column(page, "Negotiation").getByRole("article", { name: "2200 W Camelback Rd" })).toContainText("Negotiation");
});

test("a deal is moved to another stage with the keyboard alone", async ({ page, addLead }) => {
  await aDeal(page, await aLead(addLead, "915 E Osborn Rd"));
  await page.goto("/?section=pipeline");
  const select = page.getByLabel("Move 915 E Osborn Rd to…");
  // Tab from the top of the page until the card's "Move to…" control has the focus: it is reachable by keyboard.
  let presses = 0;
  while (!(await select.evaluate((element) => element === document.activeElement)) && presses < 80) {
    await page.keyboard.press("Tab");
    presses += 1;
  }
  await expect(select).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("analysis");
  await page.keyboard.press("Tab");
  const move = page.getByRole("button", { name: "Move 915 E Osborn Rd" });
  await expect(move).toBeFocused();
  // Focus is visible: the focused button draws an outline.
  expect(await move.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(column(page, "Analysis").getByRole("article", { name: "915 E Osborn Rd" })).toBeVisible();
  await expect(page.getByText("Deal moved").first()).toBeVisible();
});

test("Export Report downloads the dashboard's figures as CSV", async ({ page, addLead }) => {
  await aDeal(page, await aLead(addLead, "5 Export Way"), { stage: "closing", dealValue: 99000 });
  await page.goto("/?section=dashboard&period=last-90-days");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export Report" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^breeze-dashboard-last-90-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.split("\r\n")[0]).toBe("Section,Metric,Value,Trend");
  expect(text).toContain("Report,Period,Last 90 Days,");
  expect(text).toContain("KPI,Total Revenue (USD),99000,—");
});

test.describe("the disposition and marketing panel on a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });

  test("shows a deal under contract and its fee asked, its table's cells apart and the page never wider than the window", async ({
    page,
    addLead,
  }) => {
    const property = await aLead(addLead, "10427 W Indian School Rd Unit 1142", { leadType: "high_equity" });
    await aDealOnContract(page, property);

    await page.goto("/?section=dashboard");
    const panel = page.getByRole("region", { name: "Disposition & Marketing Return" });
    const tile = (label: string) => panel.getByRole("listitem").filter({ hasText: label });
    await expect(tile("Under Contract")).toContainText("1");
    await expect(tile("Fee Asked")).toContainText("$15,000");
    await expect(tile("Offers per Deal")).toContainText("0.0");
    await expect(tile("Days to Assign")).toContainText("—");
    await expect(panel.getByRole("rowheader", { name: /High equity/ })).toBeVisible();
    expect(await overlappingCells(panel.locator("table"))).toEqual([]);
    expect(await horizontalOverflow(page), "px the page is wider than the window").toBe(0);
    await expect(panel.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/dashboard/loop.csv");
  });
});
