import type { Browser, Page } from "@playwright/test";

import { expect, PASSWORD, test, uniqueEmail, waitForHydration } from "./fixtures.ts";
import { VIEWPORTS } from "./page-rules.ts";

/**
 * A team's first day, with JavaScript and without, on a desktop and a phone: the owner invites a caller from /team;
 * the caller signs up with the invited address from the email in the dev outbox and joins the owner's workspace,
 * works a call on Today, goes back to the CRM, opens the lead and finds no deal number, no offer and no Mail the Offer;
 * forcing a mailing or an offer through the API is refused in words. The last step is the owner's look back at what
 * the caller did.
 */

const OFFER = 182000;

/** The caller's own browser: a second context, as a second person on a second device. */
async function callerPage(
  browser: Browser,
  options: { javaScriptEnabled: boolean; viewport: { width: number; height: number }; baseURL?: string },
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    if (options.javaScriptEnabled && (await page.locator("script[type=module]").count())) await waitForHydration(page);
    return response;
  };
  return page;
}

/** Registration's two steps, as a visitor fills them. */
async function signUp(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Casey Caller");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile phone").fill("(480) 555-0199");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Company Details" })).toBeVisible();
  await page.getByLabel("Company name").fill("Casey Calls");
  await page.getByLabel("State").fill("AZ");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).not.toHaveURL(/\/register/);
}

/** No dollar amount anywhere in the page's HTML, its data included, nor the lead's offer as a number. */
async function expectNoMoney(page: Page, where: string) {
  const html = await page.content();
  expect(html, `${where}: a dollar amount`).not.toMatch(/\$\s?\d/);
  expect(html, `${where}: the lead's offer`).not.toContain(String(OFFER));
}

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("the owner invites a caller, who joins, works Today and never sees or changes an offer", async ({
        signedInPage: owner,
        addLead,
        browser,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        const tag = `${javaScriptEnabled ? 3 : 4}${name === "phone" ? 1 : 0}`;
        const address = `${tag}17 W Caller Ln`;
        const lead = await addLead({
          address,
          city: "Phoenix",
          state: "AZ",
          zipCode: "85016",
          maxOffer: OFFER,
          ownerName: "Maria Lopez",
          ownerPhone: "(602) 555-0181",
        });
        const started = await owner.request.post(`/api/properties/${lead.id}/sequence`, { data: { action: "start" } });
        expect(started.status(), "the lead's sequence: its first call is due today").toBe(201);
        const callerEmail = uniqueEmail("caller");

        await test.step("the owner invites the caller from /team", async () => {
          await owner.goto("/team");
          const form = owner.getByRole("form", { name: "Invite a member" });
          await form.getByLabel("Email").fill(callerEmail);
          await form.getByLabel("Role").selectOption({ label: "Caller" });
          await form.getByRole("button", { name: "Invite" }).click();
          await expect(owner.getByText(`We emailed ${callerEmail} a link to join.`, { exact: true })).toBeVisible();
          await expect(owner.getByText(`${callerEmail} — Caller`)).toBeVisible();
        });

        const caller = await callerPage(browser, { javaScriptEnabled, viewport, baseURL });

        await test.step("the caller signs up with the invited address and joins from the emailed link", async () => {
          await caller.goto("/dev/outbox");
          const email = caller.getByRole("article").filter({ hasText: callerEmail }).filter({ hasText: "You are invited to" }).first();
          const href = await email.getByRole("link", { name: /team\/join\?token=/ }).getAttribute("href");
          if (!href) throw new Error("no invitation link in the email");
          const link = new URL(href);
          // Signed out, the link asks them to sign in first.
          await caller.goto(link.pathname + link.search);
          await expect(caller).toHaveURL(/\/login\?next=/);
          await signUp(caller, callerEmail);
          await caller.goto(link.pathname + link.search);
          await expect(caller.getByRole("heading", { name: "Join Quinn Home Buyers LLC" })).toBeVisible();
          await caller.getByRole("button", { name: "Join" }).click();
          await expect(caller).toHaveURL(/\/today$/);
          await expect(caller.getByText("Welcome to the team", { exact: true })).toBeVisible();
        });

        await test.step("the owner assigns the lead to the caller from Today: its call is the caller's", async () => {
          await owner.goto("/today");
          const card = owner.getByRole("listitem", { name: `Call: ${address}` });
          await card.getByLabel("Assigned to").selectOption({ label: "Casey Caller" });
          await card.getByRole("button", { name: "Reassign" }).click();
          await expect(owner.getByRole("listitem", { name: `Call: ${address}` })).toHaveCount(0);
          await caller.goto("/today");
        });

        await test.step("the caller works Today: the call's outcome is logged, no deal number is shown", async () => {
          const card = caller.getByRole("list", { name: "Today's tasks" }).getByRole("listitem", { name: `Call: ${address}` });
          await expect(card).toBeVisible();
          await expect(card.getByTestId("task-numbers")).toHaveCount(0);
          await expectNoMoney(caller, "Today");
          await card
            .getByRole("form", { name: `Work the task for ${address}` })
            .getByRole("button", { name: "No answer" })
            .click();
          await expect(caller).toHaveURL(/\/today$/);
          await expect(caller.getByText("No answer", { exact: true }).first()).toBeVisible();
          await expect(card).toHaveCount(0);
        });

        await test.step("the caller's way back from Today is the CRM, which opens (the Dashboard is not theirs)", async () => {
          await expect(caller.getByRole("link", { name: "Back to Dashboard" })).toHaveCount(0);
          await caller.getByRole("link", { name: "Back to CRM" }).click();
          await expect(caller).toHaveURL(/\/\?section=crm$/);
          await expect(caller.getByRole("heading", { name: "CRM & Lead Management" })).toBeVisible();
        });

        await test.step("the caller opens the lead: no deal numbers, no offer, no Mail the Offer", async () => {
          await caller.goto(`/?section=crm&lead=${lead.id}`);
          await expect(caller.getByText("Maria Lopez").first()).toBeVisible();
          await expect(caller.getByRole("region", { name: "Offer" })).toHaveCount(0);
          await expect(caller.getByRole("button", { name: /Mail the Offer/ })).toHaveCount(0);
          await expect(caller.locator('text="Max offer" >> visible=true')).toHaveCount(0);
          await expectNoMoney(caller, "the lead");
          // The owner's same page has the offer.
          await owner.goto(`/?section=crm&lead=${lead.id}`);
          await expect(owner.getByRole("region", { name: "Offer" })).toBeVisible();
        });

        await test.step("the caller's forced mailing and offer change are refused in words", async () => {
          for (const path of ["/api/properties/mail-offer", "/api/properties/confirm-offer"]) {
            const forced = await caller.request.post(path, { data: { propertyId: lead.id, offerAmount: 150000 } });
            expect(forced.status(), path).toBe(403);
            expect(await forced.json()).toEqual({
              success: false,
              message: "As Caller in this workspace you cannot use offers, mailing and sequences; ask the workspace's owner.",
            });
          }
          const lead2 = await owner.request.get(`/api/properties/${lead.id}`);
          expect(((await lead2.json()) as { maxOffer: number }).maxOffer, "the offer is unchanged").toBe(OFFER);
        });

        await test.step("the owner looks back at the caller's day", async () => {
          await owner.goto("/team");
          await expect(owner.getByTestId("team-member").filter({ hasText: callerEmail })).toBeVisible();
          await owner.getByRole("link", { name: "Activity log" }).click();
          await expect(owner).toHaveURL(/\/team\/activity/);
          const call = `Casey Caller logged a call: No answer — ${address}, Phoenix, AZ`;
          await expect(owner.getByTestId("activity-entry").filter({ hasText: call })).toHaveCount(1);
        });
        await caller.context().close();
      });
    });
  }
}
