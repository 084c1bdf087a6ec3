import { expect, test } from "./fixtures.ts";

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
    test.use({ javaScriptEnabled });

    test("a sequence started from the CRM card puts Day 0 in Today; 'Asked not to call' flags the phone DNC", async ({
      signedInPage: page,
      addLead,
    }) => {
      const lead = await addLead(LEAD);
      await page.goto(`/?section=crm&lead=${lead.id}`);
      await page.getByRole("button", { name: /Start follow-up sequence/ }).click();
      await expect(page).toHaveURL(/\/today$/);

      const task = page.getByRole("listitem", { name: `Call: ${LEAD.address}` });
      await expect(task).toContainText("Due today");
      await expect(task).toContainText("Hi Maria");
      // The callable phone has a Call link; the DNC phone is shown flagged and never offered.
      await expect(task.getByRole("link", { name: "Call (602) 555-0161" })).toHaveAttribute("href", "tel:+16025550161");
      await expect(task.getByRole("link", { name: /0162/ })).toHaveCount(0);
      await expect(task.getByText("DNC")).toBeVisible();

      const outcome = task.getByRole("form", { name: `Call outcome for ${LEAD.address}` });
      await outcome.getByRole("combobox", { name: "Outcome" }).selectOption("asked_not_to_call");
      await outcome.getByRole("button", { name: "Save outcome" }).click();
      await expect(page.getByText("Nothing due today.")).toBeVisible();
      // The next call step (Day 7) falls back to a letter: no callable phone remains.
      const day7 = page.getByRole("list", { name: "Coming up" }).getByRole("listitem").filter({ hasText: "Day 7" });
      await expect(day7).toContainText("Day 7 · Letter");
      await expect(day7).toContainText("Call step sent as a letter: No callable phone");

      const saved = await page.request.get(`/api/properties/${lead.id}`);
      const property = (await saved.json()) as { ownerPhoneNumbers: { number: string; dnc: boolean }[] };
      expect(property.ownerPhoneNumbers.find((phone) => phone.number.replace(/\D/g, "").endsWith("6025550161"))?.dnc).toBe(true);

      const tasks = await page.request.get("/api/tasks/today");
      expect(await tasks.json()).toEqual([]);
    });
  });
}
