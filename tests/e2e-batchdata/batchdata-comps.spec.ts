import type { Page } from "@playwright/test";

import type { FakeCallCounts } from "#tests/fakes/batchdata-http.ts";

import { expect, test } from "../e2e/fixtures.ts";
import { fakeBaseUrl } from "./setup.ts";

/**
 * Comps from BatchData, end to end: the app runs with PROPERTY_DATA=batchdata against the BatchData fake over HTTP.
 * Let's Work It on the Phoenix lead values it from BatchData's comparables, Profile → Usage shows the comp records
 * once, and valuing the same subject again (Recalculate, or another user without JavaScript) asks BatchData nothing.
 * The two tests share the server's kept sales, so they run in order.
 */
test.describe.configure({ mode: "serial" });

const SUBJECT = "622 W Palmaire Ave";
/** The subject and the 27 records BatchData answers for its comparables, all billed; 24 of them are market sales. */
const BILLED_RECORDS = "28";

async function fakeCalls(page: Page): Promise<FakeCallCounts> {
  const response = await page.request.get(`${fakeBaseUrl()}/__calls`);
  expect(response.status()).toBe(200);
  return (await response.json()) as FakeCallCounts;
}

/** The seller search the wizard runs, for inherited sellers in Phoenix: BatchData's one such lead is the subject. */
async function findTheSubject(page: Page) {
  const response = await page.request.post("/api/properties/batch", {
    data: { count: 5, criteria: { location: "Phoenix, AZ", sellerType: "inherited" } },
  });
  expect(response.status(), "the seller search").toBe(200);
  const { properties } = (await response.json()) as { properties: { addressLine: string }[] };
  expect(properties.map((lead) => lead.addressLine)).toEqual([SUBJECT]);
}

/** Let's Work It on the workbench's lead; resolves with the filled Get Property Value panel. */
async function workTheLead(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/leads/workbench");
  await page.getByRole("button", { name: "Let's Work It" }).click();
  if (javaScriptEnabled) {
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  const value = page.getByRole("region", { name: "Get Property Value" });
  await expect(value).toContainText(SUBJECT);
  await expect(value.getByRole("group", { name: "Property value" })).toBeVisible();
  return value;
}

/** The ARV shown, which must be the one saved on the lead: about $250 a square foot of the subject's 1,500. */
async function expectArvFromComps(page: Page, value: ReturnType<Page["getByRole"]>) {
  const arvText = (await value.getByRole("group", { name: "Property value" }).getByRole("definition").nth(0).textContent()) ?? "";
  const arv = Number(arvText.replace(/[^\d]/g, ""));
  expect(arv).toBeGreaterThan(300_000);
  expect(arv).toBeLessThan(450_000);
  const [property] = (await (await page.request.get("/api/properties")).json()) as { address: string; arv: number | null }[];
  expect(property!.arv).toBe(arv);
  // The comps are BatchData's neighbours on the subject's street, not seeded or imported sales.
  const comps = value.getByRole("table", { name: "Comparable properties" });
  await expect(comps).toBeVisible();
  const rows = comps.getByRole("row").filter({ hasText: /\d+ W Palmaire Ave/ });
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(comps).not.toContainText("Butler Dr");
}

/** Profile → Usage: the comp records row (every metered kind has one, 0 when unused) reads `count` records, `cost`. */
async function expectCompRecords(page: Page, count: string, cost: string) {
  await page.goto("/profile?tab=usage");
  const row = page.locator('tr[data-usage-kind="comp_record"]');
  await expect(row.getByRole("cell")).toHaveText([/^comp records$/i, count, cost, /.*/]);
}

test("with JavaScript, Let's Work It values the Phoenix lead from BatchData's comparables, billed once; Recalculate asks BatchData nothing", async ({
  signedInPage: page,
}) => {
  await findTheSubject(page);
  const before = await fakeCalls(page);
  const value = await workTheLead(page, true);
  await expectArvFromComps(page, value);
  const valued = await fakeCalls(page);
  expect(valued.comparables - before.comparables, "one comparables search").toBe(1);

  await expectCompRecords(page, BILLED_RECORDS, "$0.56");

  // The second valuation of the same subject, within 30 days: from the kept sales.
  await page.goto("/leads/workbench");
  const again = page.getByRole("region", { name: "Get Property Value" });
  await again.getByRole("button", { name: "Recalculate Property Value" }).click();
  await expect(again.getByText("Complete!")).toBeVisible();
  await expect(again.getByRole("group", { name: "Property value" })).toBeVisible();
  await expectArvFromComps(page, again);
  expect(await fakeCalls(page)).toEqual(valued);
  await expectCompRecords(page, BILLED_RECORDS, "$0.56");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("another user's Let's Work It on the same subject values it from the kept comparables: 0 BatchData calls, nothing billed", async ({
    signedInPage: page,
  }) => {
    await findTheSubject(page);
    const before = await fakeCalls(page);
    const value = await workTheLead(page, false);
    await expectArvFromComps(page, value);
    expect((await fakeCalls(page)).comparables).toBe(before.comparables);
    await expectCompRecords(page, "0", "$0.00");
  });
});
