import type { Page } from "@playwright/test";

import { aSellerSearch, expect, test } from "./fixtures.ts";

/** A lead whose owner has one callable phone and one on the do-not-call list. */
const LEAD = {
  address: "2840 E Sequence Rd",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85016",
  maxOffer: 182000,
  ownerName: "Maria Lopez",
  ownerPhone: "(602) 555-0161",
  ownerDncPhone: "(602) 555-0162",
  ownerMailingAddress: "12 Elm St, Mesa, AZ 85201",
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    // With JavaScript the card opens as a dialog once the page hydrates: a click before then can be lost in the swap.
    const cardOf = (page: Page, address: string) =>
      javaScriptEnabled ? page.getByRole("dialog", { name: address }) : page.getByRole("region", { name: address });

    test.use({ javaScriptEnabled });

    test("after Mail the Offer the sequence is offered; its Day 0 call is in Today and 'Asked not to call' flags only that phone", async ({
      signedInPage: page,
    }) => {
      const [lead] = await aSellerSearch(page);
      await page.goto("/leads/workbench");
      await page.getByRole("button", { name: "Let's Work It" }).click();
      if (javaScriptEnabled) {
        await page.getByRole("dialog", { name: lead.addressLine }).getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      const maxOffer = page.getByRole("region", { name: "Get Max Offer" });
      await maxOffer.getByRole("textbox", { name: "ARV" }).fill("300000");
      await maxOffer.getByRole("textbox", { name: "Repair estimate" }).fill("20000");
      await maxOffer.getByRole("textbox", { name: "Assignment fee" }).fill("5000");
      await maxOffer.getByRole("button", { name: "Get Max Offer" }).click();
      const offers = page.getByRole("region", { name: "Offer Options" });
      // The offers already show with the value (Let's Work It values the lead): wait for the recomputed max offer.
      await expect(offers.getByRole("group", { name: "Max Offer (70% Rule)" })).toContainText("$185,000");
      await offers.getByRole("textbox", { name: "Custom offer amount in dollars" }).fill("187500");
      await offers.getByRole("radio", { name: "Custom amount" }).check();
      await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
      // $187,500 is above the max offer ($185,000): confirmed once.
      await page.getByRole("alert", { name: "Check this offer" }).getByRole("button", { name: "Confirm anyway" }).click();
      const letter = javaScriptEnabled
        ? page.getByRole("dialog", { name: "Letter of Intent Created" })
        : page.getByRole("region", { name: "Letter of Intent Created" });
      await letter.getByRole("button", { name: "Mail the Offer" }).click();
      const mailed = page.getByRole("status", { name: "Offer mailed" });
      await expect(mailed).toContainText("Offer Mailed Successfully!");

      await mailed.getByRole("button", { name: /Start follow-up sequence/ }).click();
      await expect(page).toHaveURL(/\/today$/);
      const task = page.getByRole("list", { name: "Today's tasks" }).getByRole("listitem").filter({ hasText: lead.addressLine }).first();
      await expect(task).toContainText("Day 0");
      await expect(task).toContainText("Due today");
      // Two callable phones: the owner asks not to be called on the first; it becomes DNC, the other stays callable.
      const outcome = task.getByRole("form", { name: `Work the task for ${lead.addressLine}` });
      const phones = outcome.getByRole("combobox", { name: "Phone" });
      const [first, second] = await phones.locator("option").allTextContents();
      await phones.selectOption({ label: first });
      await outcome.getByRole("button", { name: /^Asked not to call/ }).click();
      await expect(page.getByText("Nothing due today.")).toBeVisible();
      const [saved] = (await (await page.request.get("/api/properties")).json()) as {
        ownerPhoneNumbers: { number: string; dnc: boolean }[];
      }[];
      const digits = (text: string) => text.replace(/\D/g, "").slice(-10);
      const dnc = Object.fromEntries(saved.ownerPhoneNumbers.map((phone) => [digits(phone.number), phone.dnc]));
      expect(dnc).toMatchObject({ [digits(first)]: true, [digits(second)]: false });
    });

    test("a sequence started from the CRM card puts Day 0 in Today; 'Asked not to call' flags the phone DNC", async ({
      signedInPage: page,
      addLead,
    }) => {
      const lead = await addLead(LEAD);
      await page.goto(`/?section=crm&lead=${lead.id}`);
      await cardOf(page, LEAD.address)
        .getByRole("button", { name: /Start follow-up sequence/ })
        .click();
      await expect(page).toHaveURL(/\/today$/);

      const task = page.getByRole("listitem", { name: `Call: ${LEAD.address}` });
      await expect(task).toContainText("Due today");
      await expect(task).toContainText("Hi Maria");
      // The callable phone has a Call link; the DNC phone is shown flagged and never offered.
      await expect(task.getByRole("link", { name: "Call (602) 555-0161" })).toHaveAttribute("href", "tel:+16025550161");
      await expect(task.getByRole("link", { name: /0162/ })).toHaveCount(0);
      await expect(task.getByText("DNC")).toBeVisible();

      const outcome = task.getByRole("form", { name: `Work the task for ${LEAD.address}` });
      await outcome.getByRole("button", { name: /^Asked not to call/ }).click();
      await expect(page.getByText("Nothing due today.")).toBeVisible();
      // The next call step (Day 7) falls back to a letter: no callable phone remains (coming up is a link away, ADR 096).
      await page.getByRole("link", { name: "See what is coming up in the next 14 days" }).click();
      await expect(page).toHaveURL(/upcoming=all/);
      const day7 = page.getByRole("list", { name: "Coming up" }).getByRole("listitem").filter({ hasText: "Day 7" });
      await expect(day7).toContainText("Day 7 · Letter");
      await expect(day7).toContainText("Call step sent as a letter: No callable phone");

      const saved = await page.request.get(`/api/properties/${lead.id}`);
      const property = (await saved.json()) as { ownerPhoneNumbers: { number: string; dnc: boolean }[] };
      expect(property.ownerPhoneNumbers.find((phone) => phone.number.replace(/\D/g, "").endsWith("6025550161"))?.dnc).toBe(true);

      const tasks = await page.request.get("/api/tasks/today");
      expect(await tasks.json()).toEqual([]);
    });

    test("a letter step is mailed through the mail provider and counted in Profile → Usage", async ({ signedInPage: page, addLead }) => {
      // Only a do-not-call phone: the Day 0 call falls back to a letter to the owner's mailing address.
      const address = `${javaScriptEnabled ? 31 : 32}77 E Letter Rd`;
      const lead = await addLead({ ...LEAD, address, ownerPhone: undefined });
      await page.goto(`/?section=crm&lead=${lead.id}`);
      await cardOf(page, address)
        .getByRole("button", { name: /Start follow-up sequence/ })
        .click();
      await expect(page).toHaveURL(/\/today$/);

      const task = page.getByRole("listitem", { name: `Letter: ${address}` });
      await expect(task).toContainText("Due today");
      await task.getByRole("button", { name: "Send letter" }).click();
      await expect(page.getByText("Nothing due today.")).toBeVisible();

      await page.goto("/profile?tab=usage");
      const usage = page.getByRole("tabpanel", { name: "Usage" });
      // The ledger entry is written only with a piece the (local) mail provider accepted.
      await expect(usage.locator('[data-usage-kind="letter"] td').nth(1)).toHaveText("1");
    });
  });
}

test.describe("with JavaScript, how Today loads (ADR 096)", () => {
  test("opened as a document it loads no script file; reached from the sidebar it renders client-side and the app keeps running", async ({
    signedInPage: page,
  }) => {
    const scriptFiles: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scriptFiles.push(request.url());
    });
    await page.goto("/today");
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    expect(scriptFiles).toEqual([]);
    await expect(page.locator("script[type=module]")).toHaveCount(0);

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/section=dashboard/);
    await page.waitForFunction(() => "__remixRouter" in window);
    // A full page load would drop this marker; React Router's client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { appMarker: "still here" }));
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/section=dashboard/);
    expect(await page.evaluate(() => (window as unknown as { appMarker?: string }).appMarker)).toBe("still here");
  });
});
