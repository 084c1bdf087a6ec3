import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { expect, test } from "./fixtures.ts";

// The lead has a stored ARV (no market comps are needed for it): the analysis rests on it when the e2e market has no
// sales near it, and on the valuation engine when it has.
test.use({
  leadFields: {
    ...PHOENIX_HOME,
    yearBuilt: 1978,
    arv: 300000,
    ownerName: "Maria Lopez",
  },
});

test.describe("with JavaScript", () => {
  test("a user opens a property card, clicks Analyze Deal, sees the progress and then the analysis; the card shows it at once when reopened", async ({
    page,
    lead,
  }) => {
    await page.goto(`/?section=crm&lead=${lead.id}`);
    const dialog = page.getByRole("dialog", { name: lead.address });
    const panel = dialog.getByRole("region", { name: "Deal analysis" });
    await expect(panel.getByText("No analysis yet.", { exact: false })).toBeVisible();
    await panel.getByRole("button", { name: "Analyze Deal" }).click();

    const bar = panel.getByRole("progressbar", { name: "Deal analysis progress" });
    await expect(bar).toBeVisible();
    await expect(
      panel.getByText(/Running AI deal analysis|Estimating repair costs|Loading property data|Valued from|No comparable sales/),
    ).toBeVisible();

    const result = panel.getByTestId("deal-analysis-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(bar).toHaveCount(0);
    // The stored numbers as they are (one ARV, one max offer), the analyst's own figures labelled as opinions.
    for (const label of [
      "ARV",
      "Repairs · fee",
      "Max Offer (70% Rule)",
      "Offer",
      "Analyst's verdict (opinion)",
      "Analyst's rehab (opinion)",
      "Margin (opinion)",
      "Risk (opinion)",
      "Analyst's confidence (opinion)",
    ]) {
      await expect(result.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(result.getByRole("heading", { name: "Key assumptions" })).toBeVisible();
    await expect(result.getByRole("heading", { name: "Comp summary" })).toBeVisible();
    await expect(result.getByRole("heading", { name: "Next actions" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Re-analyze Deal" })).toBeVisible();

    await panel.getByRole("button", { name: "Hide Analysis" }).click();
    await expect(result).toHaveCount(0);
    await panel.getByRole("button", { name: "Show Analysis" }).click();
    await expect(result).toBeVisible();

    // Reopened, the stored analysis shows at once, with no run.
    await page.goto(`/?section=crm&lead=${lead.id}`);
    const again = page.getByRole("dialog", { name: lead.address }).getByRole("region", { name: "Deal analysis" });
    await expect(again.getByTestId("deal-analysis-result")).toBeVisible();
    await expect(again.getByRole("progressbar")).toHaveCount(0);
    await expect(again.getByRole("button", { name: "Re-analyze Deal" })).toBeVisible();
  });
});

test.describe("a reload during the analysis", () => {
  test("rejoins the run: the reloaded card shows its progress (not 'No analysis yet'), then the result arrives", async ({ page, lead }) => {
    await page.goto(`/?section=crm&lead=${lead.id}`);
    const panel = () => page.getByRole("dialog", { name: lead.address }).getByRole("region", { name: "Deal analysis" });
    await expect(panel().getByText("No analysis yet.", { exact: false })).toBeVisible();
    // Started as the button starts it, then the page reloaded at once (the run paces its steps over about a second).
    const started = await page.evaluate(async (propertyId) => {
      const response = await fetch("/api/deals/analyze", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ propertyId }),
      });
      return response.status;
    }, lead.id);
    expect(started).toBe(200);
    const reloaded = await page.reload();
    // What the server rendered for the reload: the run's progress, and the no-JavaScript line with its Refresh link.
    const html = (await reloaded!.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('aria-label="Deal analysis progress"');
    expect(html).toMatch(/Analysis running — \d+ %/);
    expect(html).not.toContain("No analysis yet");

    // With JavaScript the card follows the stream to the result, with Analyze Deal never offered meanwhile.
    await expect(panel().getByText("No analysis yet.", { exact: false })).toHaveCount(0);
    await expect(panel().getByTestId("deal-analysis-result")).toBeVisible({ timeout: 20_000 });
    await expect(panel().getByRole("progressbar")).toHaveCount(0);
    await expect(panel().getByRole("button", { name: "Re-analyze Deal" })).toBeEnabled();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Analyze Deal posts a form, and the property card shows the analysis when it is ready", async ({ page, lead }) => {
    await page.goto(`/?section=crm&lead=${lead.id}`);
    const panel = page.getByRole("region", { name: "Deal analysis" });
    await panel.getByRole("button", { name: "Analyze Deal" }).click();
    await expect(page).toHaveURL(new RegExp(`lead=${lead.id}`));
    const result = page.getByRole("region", { name: "Deal analysis" }).getByTestId("deal-analysis-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByText("Analyst's verdict (opinion)", { exact: true })).toBeVisible();
    await expect(page.getByText("Analysis Complete")).toBeVisible();
    await expect(page.getByRole("region", { name: "Deal analysis" }).getByRole("button", { name: "Re-analyze Deal" })).toBeVisible();
  });
});
