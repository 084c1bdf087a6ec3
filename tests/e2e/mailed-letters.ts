/**
 * What the specs about mailed letters share: the user's sequence saved as one Day 0 letter naming the offer, starting
 * it from a lead's CRM card, and the piece the local mail provider holds for a property (its /dev/mail entry and the
 * text of its PDF).
 */
import type { Page } from "@playwright/test";

import { pdfText } from "#tests/integration/pdf-text.ts";

import { expect, queryE2eDatabase } from "./fixtures.ts";

export type WithoutOffer = "no_price" | "wait";

/** The user's sequence as the Sequences screen saves it: a Day 0 letter that names the offer, and what it does without one. */
export async function letterFirstSequence(page: Page, withoutOffer: WithoutOffer) {
  const saved = await page.request.post("/sequences", {
    form: {
      intent: "save",
      sequenceId: "",
      withoutOffer,
      "steps.0.dayNumber": "0",
      "steps.0.activityType": "letter",
      "steps.0.template": "Dear {ownerFirstName},\n\nWe would like to buy {address} for {offerAmount}.\n\n{companyName}",
      "steps.0.mailAgain": "",
    },
    maxRedirects: 0,
  });
  expect(saved.status(), "saving the sequence").toBe(302);
}

/** The first dollar amount after `after` in a text, or null. */
export function dollarsAfter(text: string, after: string): number | null {
  const match = new RegExp(`${after}\\s*\\$([\\d,]+)`).exec(text.replace(/\s+/g, " "));
  return match ? Number(match[1].replaceAll(",", "")) : null;
}

/**
 * The tracking ids of the pieces the local mail provider holds for the property. Read from the server's own database
 * file, which the running server may hold locked for a moment (SQLITE_BUSY): the read is tried again until it answers.
 */
export async function piecesFor(propertyId: string): Promise<string[]> {
  let rows: { tracking_id: string }[] = [];
  await expect(() => {
    rows = queryE2eDatabase<{ tracking_id: string }>(`select tracking_id from mail_outbox where property_id = '${propertyId}'`);
  }).toPass();
  return rows.map((row) => row.tracking_id);
}

/** The one piece the local mail provider holds for the property: its /dev/mail entry's Offer and its PDF's text. */
export async function mailedFor(page: Page, propertyId: string) {
  const pieces = await piecesFor(propertyId);
  expect(pieces, "one piece mailed for the property").toHaveLength(1);
  const trackingId = pieces[0];
  await page.goto("/dev/mail");
  const entry = page.getByRole("article", { name: /^Letter to / }).filter({ hasText: trackingId });
  await expect(entry).toBeVisible();
  const offer = (await entry.getByRole("definition").nth(2).innerText()).trim();
  const pdf = await page.request.get(`/dev/mail/${trackingId}.pdf`);
  expect(pdf.status()).toBe(200);
  return { offer, text: (await pdfText(new Uint8Array(await pdf.body()))).replace(/\s+/g, " ") };
}

/** Starts the sequence from the lead's CRM card (a plain form post, so it works without JavaScript) and opens Today. */
export async function startFromCard(page: Page, propertyId: string, address: string, javaScriptEnabled: boolean) {
  await page.goto(`/?section=crm&lead=${propertyId}`);
  const card = javaScriptEnabled ? page.getByRole("dialog", { name: address }) : page.getByRole("region", { name: address });
  await card.getByRole("button", { name: /Start follow-up sequence/ }).click();
  await expect(page).toHaveURL(/\/today$/);
  const task = page.getByRole("listitem", { name: `Letter: ${address}` });
  await expect(task).toContainText("Due today");
  return task;
}
