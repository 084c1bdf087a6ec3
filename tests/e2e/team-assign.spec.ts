import type { Browser, Page } from "@playwright/test";

import { expect, PASSWORD, test, uniqueEmail } from "./fixtures.ts";

const CALLER = "Casey Caller";

/** A caller joins the owner's workspace by the emailed invitation; answers their page, signed in and working in it. */
async function aCaller(owner: Page, browser: Browser, javaScriptEnabled: boolean) {
  const email = uniqueEmail("caller");
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const registered = await page.request.post("/api/auth/register", {
    data: {
      full_name: CALLER,
      email,
      mobile: "(602) 555-0144",
      password: PASSWORD,
      confirm_password: PASSWORD,
      company: { company_name: "Casey Calls", offer_contact_email: email, offer_contact_phone: "6025550144" },
    },
  });
  expect(registered.status()).toBe(201);
  const invited = await owner.request.post("/team", { form: { intent: "invite", email, role: "caller" } });
  expect(invited.ok()).toBe(true);
  await owner.goto("/dev/outbox");
  const link = await owner
    .getByRole("article")
    .filter({ hasText: email })
    .getByRole("link", { name: /team\/join\?token=/ })
    .first()
    .getAttribute("href");
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page).toHaveURL(/\/today$/);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the owner reassigns a lead to a caller from Today; the caller's Today shows it", async ({
      signedInPage: page,
      addLead,
      browser,
    }) => {
      const address = `${javaScriptEnabled ? 41 : 42}10 N Assignee Way`;
      const lead = await addLead({
        address,
        city: "Phoenix",
        state: "AZ",
        zipCode: "85016",
        ownerName: "Lee Seller",
        ownerPhone: "(602) 555-0171",
      });
      const started = await page.request.post(`/api/properties/${lead.id}/sequence`, { data: { action: "start" } });
      expect(started.status()).toBe(201);
      const caller = await aCaller(page, browser, javaScriptEnabled);

      await page.goto("/today");
      const task = page.getByRole("listitem", { name: `Call: ${address}` });
      await task.getByLabel("Assigned to").selectOption({ label: CALLER });
      await task.getByRole("button", { name: "Reassign" }).click();
      await expect(page).toHaveURL(/\/today$/);
      await expect(page.getByRole("listitem", { name: `Call: ${address}` })).toHaveCount(0);

      await caller.goto("/today");
      const theirs = caller.getByRole("listitem", { name: `Call: ${address}` });
      await expect(theirs).toContainText("Due today");
      // A caller works the task but neither reassigns it nor sees anyone else's Today.
      await expect(caller.getByRole("button", { name: "Reassign" })).toHaveCount(0);
      await expect(caller.getByLabel("Tasks of")).toHaveCount(0);

      // The owner sees it again in everyone's Today.
      await page.goto("/today");
      await page.getByLabel("Tasks of").selectOption({ label: "Everyone" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/member=everyone/);
      await expect(page.getByRole("listitem", { name: `Call: ${address}` })).toContainText("Due today");
      await caller.context().close();
    });
  });
}
