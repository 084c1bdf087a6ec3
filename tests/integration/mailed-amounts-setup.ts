/**
 * The world the mailed-amounts property test drives: one signed-up user whose letters go to a fake Lob and whose emails
 * go to a fake Resend, a sequence of a letter and an email that both name {offerAmount}, and one driver per way of
 * choosing an offer (confirm-offer, PATCH, the workbench's and the property card's forms). Each driver answers what
 * the user was asked and confirmed, so the test can hold every mailing to the stored chosen offer.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { letterMailings, properties, userSequences } from "#db/schema.ts";
import type { DealRule } from "#app/domain/offers/deal-rule.ts";
import type { SequenceStep } from "#app/domain/sequences/steps.ts";
import type { WithoutOffer } from "#app/domain/sequences/task-state.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { action as crmOffers } from "#app/routes/crm.offers.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";
import * as profile from "#app/routes/profile.tsx";
import { createFakeEmailApi } from "#tests/fakes/email.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { toastOf, type Handler } from "./api-client.ts";
import { LEAD } from "./offers-setup.ts";
import { pdfText } from "./pdf-text.ts";
import { db, letterStep, signedUp, withSteps } from "./sequence-fixtures.ts";

export type Tier = "Aggressive" | "Fair" | "Likely";
export type Choice = { kind: "none" } | { kind: "tier"; tier: Tier } | { kind: "custom"; amount: number };
export type Figures = { arv: number; repairs: number; fee: number; rule: DealRule };
/**
 * What choosing did: the amount chosen (null: none); whether a form asked first and the user confirmed; whether the
 * API answered the "above your max offer" warning (the API never asks: it answers the warnings with what it did).
 */
export type Chosen = { amount: number | null; asked: boolean; confirmed: boolean; warned: boolean; letterId: string | null };

const NONE: Chosen = { amount: null, asked: false, confirmed: false, warned: false, letterId: null };

const EMAIL_STEP: SequenceStep = {
  dayNumber: 0,
  activityType: "email",
  template: "Hi {ownerFirstName},\n\nOur offer of {offerAmount} for {address} still stands.\n\n{companyName}",
};

export async function mailingWorld() {
  const lob = createFakeLob("test_key");
  const email = createFakeEmailApi("secret");
  const fetch = (input: Request | string | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(email.url) ? email.fetch(input, init) : lob.fetch(input, init);
  };
  const vars = {
    MAIL: "lob",
    LOB_API_KEY: "test_key",
    LOB_BASE_URL: "https://lob.fake.test",
    LOB_RETRY_DELAY_MS: "0",
    EMAIL: "http",
    EMAIL_API_URL: email.url,
    EMAIL_API_KEY: "secret",
    EMAIL_FROM: "Breeze <no-reply@breeze-mail.com>",
    USAGE_LIMITS: JSON.stringify({ letter: { perDay: 100_000, perMonth: 100_000 } }),
  };
  const pat = await signedUp({ vars, fetch });
  await withSteps(pat.userId, [letterStep(0), EMAIL_STEP]);
  return { pat, lob, email };
}

export type World = Awaited<ReturnType<typeof mailingWorld>>;

/** The user's deal rule, saved through Profile (which recomputes every stored max offer with it). */
export async function useRule({ pat }: World, rule: DealRule) {
  const form = Object.fromEntries(Object.entries(rule).map(([key, value]) => [key, String(value)]));
  const saved = await pat.client.send(profile.action as Handler, "POST", "/profile", { form: { intent: "deals", ...form } });
  expect(saved.status).toBe(302);
}

export async function withoutOfferIs({ pat }: World, withoutOffer: WithoutOffer) {
  await db.update(userSequences).set({ withoutOffer }).where(eq(userSequences.userId, pat.userId));
}

let serial = 0;

/** A lead of the user with the figures: its ARV, the repairs and fee the max offer uses, an owner with a mailing address and an email. */
export async function leadWith({ pat }: World, figures: Figures) {
  serial += 1;
  const address = `${1000 + serial} W Property Test Rd`;
  const created = await pat.client.call(createRoute as Handler, "POST", "/api/properties", {
    ...LEAD,
    address,
    arv: figures.arv,
    repairEstimate: figures.repairs,
    assignmentFee: figures.fee,
    ownerEmail: `owner${serial}@example.com`,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, address };
}

export const storedOf = async (propertyId: string) => (await db.select().from(properties).where(eq(properties.id, propertyId)).get())!;
export const mailingsOf = (propertyId: string) => db.select().from(letterMailings).where(eq(letterMailings.propertyId, propertyId));

const choiceFields = (choice: Exclude<Choice, { kind: "none" }>) =>
  choice.kind === "tier" ? { offerType: choice.tier, customOffer: null } : { offerType: "custom", customOffer: choice.amount };

/** The API's Create Offer (confirm-offer): it never asks; its answer names the warnings. */
export async function chooseByApi({ pat }: World, propertyId: string, figures: Figures, choice: Choice): Promise<Chosen> {
  if (choice.kind === "none") return NONE;
  const answer = await pat.client.call(confirmRoute as Handler, "POST", "/api/properties/confirm-offer", {
    propertyId,
    ...choiceFields(choice),
    arv: figures.arv,
    repairs: figures.repairs,
    assignmentFee: figures.fee,
  });
  expect(answer.status).toBe(200);
  const data = answer.body.data as { offerAmount: number; documentId: string };
  const warned = ((answer.body.warnings ?? []) as { code: string }[]).some((warning) => warning.code === "above_max_offer");
  return { ...NONE, amount: data.offerAmount, warned, letterId: data.documentId };
}

/** PATCH maxOffer: an offer chosen without a letter (send-offer and the sequences make or write their own). */
export async function chooseByPatch({ pat }: World, propertyId: string, amount: number | null): Promise<Chosen> {
  if (amount === null) return NONE;
  const answer = await pat.client.call(
    patchRoute as Handler,
    "PATCH",
    `/api/properties/${propertyId}`,
    { maxOffer: amount },
    { params: { id: propertyId } },
  );
  expect(answer.status).toBe(200);
  return { ...NONE, amount };
}

/**
 * A form's Generate PDF Letter of Intent (the workbench's, or the property card's Create Offer), posted as a browser
 * without JavaScript posts it: asked first when the offer has warnings, posted again with confirm=1 when the user confirms.
 */
export async function chooseByForm(
  { pat }: World,
  where: "workbench" | "card",
  propertyId: string,
  figures: Figures,
  choice: Choice,
  confirms: boolean,
  andMail = false,
): Promise<Chosen & { mailed: boolean }> {
  if (choice.kind === "none") return { ...NONE, mailed: false };
  const { offerType, customOffer } = choiceFields(choice);
  const fields: Record<string, string> = {
    intent: "letter",
    propertyId,
    arv: String(figures.arv),
    repairs: String(figures.repairs),
    fee: String(figures.fee),
    offerType,
    ...(customOffer === null ? {} : { customOffer: String(customOffer) }),
    ...(where === "workbench" ? { index: "0", ...(andMail ? { andMail: "1" } : {}) } : {}),
  };
  const post = (extra: Record<string, string> = {}) =>
    where === "workbench"
      ? pat.client.send(workbench.action as Handler, "POST", "/leads/workbench", { urlencoded: { ...fields, ...extra } })
      : pat.client.send(crmOffers as Handler, "POST", "/crm/offers", { urlencoded: { ...fields, ...extra } });
  let answer = await post();
  const asked = where === "workbench" ? answer.status === 200 : /[?&]check=/.test(answer.headers.get("Location") ?? "");
  if (asked) {
    if (where === "workbench") expect(((await answer.json()) as { confirmation?: object }).confirmation).toBeTruthy();
    else expect(toastOf(answer)?.title).toBe("Check this offer");
    if (!confirms) return { ...NONE, asked, mailed: false };
    answer = await post({ confirm: "1" });
  }
  expect(answer.status).toBe(302);
  const location = answer.headers.get("Location") ?? "";
  const stored = await storedOf(propertyId);
  return {
    ...NONE,
    amount: stored.maxOffer,
    asked,
    confirmed: asked,
    letterId: /[?&]letter=([0-9a-f-]{36})/.exec(location)?.[1] ?? null,
    mailed: /[?&]mailed=/.test(location),
  };
}

/** Every dollar amount a text names, as whole dollars. */
export function amountsIn(text: string): number[] {
  return [...text.matchAll(/\$([\d,]+)(?:\.\d\d)?/g)].map((match) => Number(match[1].replaceAll(",", "")));
}

/**
 * The offer a mailed PDF names: a Letter of Intent's purchase price, or the one amount a follow-up letter names
 * (every amount in it must agree); null when it names none.
 */
export async function offerInPdf(bytes: Uint8Array): Promise<number | null> {
  const text = (await pdfText(bytes)).replace(/\s+/g, " ");
  const price = /Purchase price \$([\d,]+)/.exec(text);
  if (price) return Number(price[1].replaceAll(",", ""));
  const amounts = [...new Set(amountsIn(text))];
  expect(amounts.length, `one amount in "${text}"`).toBeLessThanOrEqual(1);
  return amounts[0] ?? null;
}
