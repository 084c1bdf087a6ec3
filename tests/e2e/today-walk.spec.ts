import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures.ts";
import { VIEWPORTS } from "./page-rules.ts";
import {
  expectCrm,
  expectDashboard,
  expectPipeline,
  expectToastClear,
  fiveLeadsWithSequences,
  taskOf,
  type LeadState,
  type WalkLead,
} from "./today-walk.ts";

/**
 * A day's calls worked from Today, with JavaScript and without, on a desktop and a phone: five tasks — a talk that
 * ends in "Make an offer", a note, a letter step, a snooze with a note and a talk that ends "Under contract" — and
 * after each the lead's status in the CRM (under the filter it belongs to), its deal in the Pipeline, the Dashboard's
 * figures as the spec defines them and the property card agree; no toast covers a control, the CRM's cells never
 * print over each other and the card closes from its top.
 */

const NOTE = "Owner is away until Friday";
const SNOOZE_NOTE = "Call after 5 pm";

/** Each lead's state before any task is worked: New, no deal, its sequence running, no note. */
const fresh = (): LeadState => ({ status: "new", deal: null, sequence: "running", notes: [] });

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("five Today tasks worked: after each, the CRM, its card, the Pipeline and the Dashboard agree", async ({
        signedInPage: page,
        addLead,
      }) => {
        // Five actions, each followed by a look at four screens.
        test.setTimeout(180_000);
        const tag = (javaScriptEnabled ? 10 : 20) + (name === "phone" ? 1 : 0);
        const leads = await fiveLeadsWithSequences(page, addLead, tag);
        const [offer, noted, letter, snoozed, contract] = leads;
        const states = leads.map(fresh);
        const stateOf = (lead: WalkLead) => states[leads.indexOf(lead)];

        /** Every screen that shows the leads, after an action on `lead`. */
        const expectAgreement = async (lead: WalkLead) => {
          await expectCrm(page, leads, states, lead, javaScriptEnabled);
          await expectPipeline(page, leads, states);
          await expectDashboard(page, states);
        };
        const work = async (lead: WalkLead, act: (form: ReturnType<typeof taskOf>["form"]) => Promise<void>, toast: string) => {
          await page.goto("/today");
          await act(taskOf(page, lead).form);
          await expect(page).toHaveURL(/\/today$/);
          await expectToastClear(page, toast);
        };
        const stillDue = (page: Page, lead: WalkLead) => expect(taskOf(page, lead).card).toHaveCount(1);
        const gone = (page: Page, lead: WalkLead) => expect(taskOf(page, lead).card).toHaveCount(0);

        await page.goto("/today");
        for (const lead of leads) await stillDue(page, lead);

        // 1. Talked, and the seller wants an offer: Contacted, the sequence paused while the offer is made.
        await work(
          offer,
          async (form) => {
            await form.getByLabel("If you talked, what was agreed").selectOption({ label: "Make an offer" });
            await form.getByRole("button", { name: /^Talked/ }).click();
          },
          "Talked",
        );
        await gone(page, offer);
        Object.assign(stateOf(offer), { status: "contacted", sequence: "paused" });
        await expectAgreement(offer);

        // 2. A note alone: kept on the lead, the task still due.
        await work(
          noted,
          async (form) => {
            await form.getByLabel("Note on the lead").fill(NOTE);
            await form.getByRole("button", { name: "Save note" }).click();
          },
          "Note saved",
        );
        await stillDue(page, noted);
        await expect(taskOf(page, noted).card).toContainText(`Note: ${NOTE}`);
        stateOf(noted).notes.push(NOTE);
        await expectAgreement(noted);

        // 3. The letter step mailed: the offer is sent (found under Contacted) and the lead gets its deal in Negotiation.
        await work(letter, (form) => form.getByRole("button", { name: "Send letter" }).click(), "Sent");
        await gone(page, letter);
        Object.assign(stateOf(letter), { status: "offer_sent", deal: { stage: "Negotiation", value: "$182,000" } });
        await expectAgreement(letter);

        // 4. Snoozed a day with a note: the task leaves today's list, the note is kept, the lead stays New.
        await work(
          snoozed,
          async (form) => {
            await form.getByLabel("Note on the lead").fill(SNOOZE_NOTE);
            await form.getByRole("button", { name: "Snooze 1 day" }).click();
          },
          "Snooze 1 day",
        );
        await gone(page, snoozed);
        stateOf(snoozed).notes.push(SNOOZE_NOTE);
        await expectAgreement(snoozed);

        // 5. Talked, and agreed a contract: Under Contract, its deal in Closing, the sequence ended.
        await work(
          contract,
          async (form) => {
            await form.getByLabel("If you talked, what was agreed").selectOption({ label: "Under contract" });
            await form.getByRole("button", { name: /^Talked/ }).click();
          },
          "Talked",
        );
        await gone(page, contract);
        Object.assign(stateOf(contract), { status: "under_contract", deal: { stage: "Closing", value: "$182,000" }, sequence: "stopped" });
        await expectAgreement(contract);
      });
    });
  }
}
