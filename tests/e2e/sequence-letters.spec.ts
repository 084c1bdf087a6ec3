import { CHOOSE_OFFER_FIRST } from "#app/domain/sequences/task-state.ts";

import { aSellerSearch, expect, test } from "./fixtures.ts";
import { dollarsAfter, letterFirstSequence, mailedFor, piecesFor, startFromCard } from "./mailed-letters.ts";
import { VIEWPORTS } from "./page-rules.ts";

/**
 * Only money the user chose goes in the mail, as a user walks it: a lead from the seller search is worked (Let's Work
 * It values it), an offer is chosen (its Letter of Intent generated, not mailed), a follow-up sequence is started on
 * it from the CRM card, and its letter is sent from Today: the letter the local mail provider holds (/dev/mail and its
 * PDF) names the chosen offer. A lead without a chosen offer gets a letter without a price, or — the user's choice on
 * the sequence — its letter waits with "Choose an offer first" and nothing is mailed. With and without JavaScript, on
 * a desktop and a phone.
 */

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript, ${name}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("a lead valued and offered, then sequenced: the letter sent from Today names the chosen offer", async ({
        signedInPage: page,
      }) => {
        await letterFirstSequence(page, "no_price");
        const [lead] = await aSellerSearch(page);
        await page.goto("/leads/workbench");
        await page.getByRole("button", { name: "Let's Work It" }).click();
        if (javaScriptEnabled) await page.getByRole("dialog", { name: lead.addressLine }).getByRole("button", { name: "Close" }).click();
        const offers = page.getByRole("region", { name: "Offer Options" });
        await expect(offers).toBeVisible();
        // The tier preselected is the highest within the max offer.
        await offers.getByRole("button", { name: "Generate PDF Letter of Intent" }).click();
        const letter = javaScriptEnabled
          ? page.getByRole("dialog", { name: "Letter of Intent Created" })
          : page.getByRole("region", { name: "Letter of Intent Created" });
        // Another check (a Low ARV confidence, say) may ask first: the user confirms, once.
        const check = page.getByRole("alert", { name: "Check this offer" });
        await expect(letter.or(check)).toBeVisible();
        if (await check.isVisible()) await check.getByRole("button", { name: "Confirm anyway" }).click();
        await expect(letter).toBeVisible();
        const chosen = dollarsAfter(await letter.innerText(), "Offer");
        expect(chosen).not.toBeNull();

        const [property] = (await (await page.request.get("/api/properties")).json()) as {
          id: string;
          address: string;
          maxOffer: number;
        }[];
        expect(property.maxOffer).toBe(chosen);
        const task = await startFromCard(page, property.id, property.address, javaScriptEnabled);
        await task.getByRole("button", { name: "Send letter" }).click();
        await expect(page.getByText("Nothing due today.")).toBeVisible();

        const mailed = await mailedFor(page, property.id);
        expect(dollarsAfter(`Offer ${mailed.offer}`, "Offer")).toBe(chosen);
        // The offer's own Letter of Intent went out: its purchase price is the chosen offer.
        expect(dollarsAfter(mailed.text, "Purchase price")).toBe(chosen);
        expect(mailed.text).toContain("and/or assigns");
      });

      test("a lead without a chosen offer: a letter without a price, or 'Choose an offer first' and nothing mailed", async ({
        signedInPage: page,
        addLead,
      }) => {
        const tag = `${javaScriptEnabled ? 1 : 2}${name === "phone" ? 1 : 2}`;
        const fields = {
          city: "Phoenix",
          state: "AZ",
          zipCode: "85016",
          ownerName: "Maria Lopez",
          ownerMailingAddress: "12 Elm St, Mesa, AZ 85201",
        };

        await letterFirstSequence(page, "no_price");
        const priceless = await addLead({ ...fields, address: `${tag}10 E No Price Rd` });
        const task = await startFromCard(page, priceless.id, priceless.address, javaScriptEnabled);
        await task.getByRole("button", { name: "Send letter" }).click();
        await expect(page.getByText("Nothing due today.")).toBeVisible();
        const mailed = await mailedFor(page, priceless.id);
        expect(mailed.offer).toBe("N/A");
        expect(mailed.text).not.toMatch(/\$\d/);
        expect(mailed.text).toContain("We would like to make you an offer");

        await letterFirstSequence(page, "wait");
        const waiting = await addLead({ ...fields, address: `${tag}20 E Wait Rd` });
        const waits = await startFromCard(page, waiting.id, waiting.address, javaScriptEnabled);
        await waits.getByRole("button", { name: "Send letter" }).click();
        await expect(page.getByText(CHOOSE_OFFER_FIRST).first()).toBeVisible();
        expect(await piecesFor(waiting.id)).toEqual([]);
      });
    });
  }
}
