/**
 * Only money the user chose goes in the mail (fast-check). Every path that mails or emails an amount — Mail the Offer
 * (API, the workbench's form, Generate and Mail), Send Offer (API, the property card's form), a sequence's letter and
 * email steps (worked through the API and the Today form) — over random ARVs, repairs, fees, deal rules, tiers, custom
 * amounts and no offer at all, with the user confirming or not when asked. Whatever was done: the amount in the mailed
 * PDF (the file the fake Lob received), in the email (the body the fake Resend received) and in the answer is the
 * stored chosen offer; nothing above the max offer goes out unless a form asked and the user confirmed (or the API
 * answered the warning, as the API does instead of asking); nothing names an amount on a lead without a chosen offer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ruleMaxOfferOf } from "#app/domain/offers/deal-numbers.ts";
import { DEFAULT_DEAL_RULE, type DealRule } from "#app/domain/offers/deal-rule.ts";
import { CHOOSE_OFFER_FIRST, type WithoutOffer } from "#app/domain/sequences/task-state.ts";
import { action as sequenceRoute } from "#app/routes/api.properties.$id.sequence.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";
import { action as crmOffers } from "#app/routes/crm.offers.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";

import { toastOf, type Answer, type Handler } from "./api-client.ts";
import {
  amountsIn,
  chooseByApi,
  chooseByForm,
  chooseByPatch,
  leadWith,
  mailingsOf,
  mailingWorld,
  offerInPdf,
  storedOf,
  useRule,
  withoutOfferIs,
  type Choice,
  type Chosen,
  type Figures,
  type World,
} from "./mailed-amounts-setup.ts";
import { LEAD } from "./offers-setup.ts";

const RULES: DealRule[] = [
  DEFAULT_DEAL_RULE,
  { aggressivePct: 55, fairPct: 65, likelyPct: 75, repairRatePct: 12, assignmentFee: 8_000 },
  { aggressivePct: 50, fairPct: 68, likelyPct: 85, repairRatePct: 10, assignmentFee: 10_000 },
];

const PATHS = [
  "Mail the Offer (API)",
  "Mail the Offer (workbench form)",
  "Generate and Mail (workbench form)",
  "Send Offer (API)",
  "Send Offer (property card form)",
  "sequence letter (API)",
  "sequence letter (Today form)",
  "sequence email (API)",
  "sequence email (Today form)",
] as const;
type Path = (typeof PATHS)[number];

type Case = {
  arv: number;
  repairs: number;
  fee: number;
  rule: number;
  choice: Choice;
  confirms: boolean;
  withoutOffer: WithoutOffer;
  chooseBy: "api" | "patch" | "form";
  startBy: "api" | "form";
};

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    // Whole hundreds: every percent of the ARV is whole dollars, so the expected tiers need no rounding rule of their own.
    arv: fc.integer({ min: 1_200, max: 9_000 }).map((hundreds) => hundreds * 100),
    repairs: fc.integer({ min: 0, max: 24_000 }),
    fee: fc.integer({ min: 0, max: 20_000 }),
    rule: fc.integer({ min: 0, max: RULES.length - 1 }),
    choice: fc.oneof(
      fc.constant<Choice>({ kind: "none" }),
      fc.constantFrom<Choice>({ kind: "tier", tier: "Aggressive" }, { kind: "tier", tier: "Fair" }, { kind: "tier", tier: "Likely" }),
      // A custom amount as a share of the ARV (set below), so it lands on both sides of the max offer.
      fc.integer({ min: 20, max: 110 }).map<Choice>((pct) => ({ kind: "custom", amount: pct })),
    ),
    confirms: fc.boolean(),
    withoutOffer: fc.constantFrom<WithoutOffer>("no_price", "wait"),
    chooseBy: fc.constantFrom("api", "patch", "form"),
    startBy: fc.constantFrom("api", "form"),
    odd: fc.integer({ min: 0, max: 99 }),
  })
  .map(({ odd, ...c }) =>
    c.choice.kind === "custom" ? { ...c, choice: { kind: "custom", amount: (c.arv * c.choice.amount) / 100 + odd } } : c,
  );

/** The amount a choice means under the rule: the tiers are the rule's percent of the ARV less repairs and fee. */
function amountOf(choice: Choice, figures: Figures): number | null {
  if (choice.kind === "none") return null;
  if (choice.kind === "custom") return choice.amount;
  const pct = { Aggressive: figures.rule.aggressivePct, Fair: figures.rule.fairPct, Likely: figures.rule.likelyPct }[choice.tier];
  return Math.max(0, (figures.arv * pct) / 100 - figures.repairs - figures.fee);
}

const warnsAboveMax = (answer: Answer) =>
  ((answer.body.warnings ?? []) as { code: string }[]).some((warning) => warning.code === "above_max_offer");

/** What a path did: the choice, the API answers that name an amount, and whether a sequence's start asked and was confirmed. */
type Done = { chosen: Chosen; answers: Answer[]; startAsked: boolean; startConfirmed: boolean; waited: boolean };

async function mailOffer(world: World, propertyId: string, figures: Figures, c: Case): Promise<Done> {
  const chosen = await chooseByApi(world, propertyId, figures, c.choice);
  const answers: Answer[] = [];
  if (chosen.letterId) {
    // The client names some other amount: the letter's own is what is mailed and recorded.
    const answer = await world.pat.client.call(mailRoute as Handler, "POST", "/api/properties/mail-offer", {
      propertyId,
      offerAmount: (chosen.amount ?? 0) + 12_345,
      pdfUrl: `/documents/${chosen.letterId}/view`,
      recipientName: LEAD.ownerName,
      recipientAddress: LEAD.ownerMailingAddress,
    });
    expect(answer.status).toBe(200);
    answers.push(answer);
  }
  return { chosen, answers, startAsked: false, startConfirmed: false, waited: false };
}

async function workbenchMail(world: World, propertyId: string, figures: Figures, c: Case, andMail: boolean): Promise<Done> {
  const chosen = await chooseByForm(world, "workbench", propertyId, figures, c.choice, c.confirms, andMail);
  if (chosen.letterId && !andMail) {
    const fields = { intent: "mail", propertyId, index: "0", letter: chosen.letterId };
    const mailed = await world.pat.client.send(workbench.action as Handler, "POST", "/leads/workbench", { urlencoded: fields });
    // The letter was checked (and confirmed) when it was made: mailing it does not ask again.
    expect(mailed.status).toBe(302);
    expect(mailed.headers.get("Location")).toMatch(/[?&]mailed=ltr_/);
  } else if (andMail && chosen.amount !== null) expect(chosen.mailed).toBe(true);
  return { chosen, answers: [], startAsked: false, startConfirmed: false, waited: false };
}

async function choose(world: World, propertyId: string, figures: Figures, c: Case): Promise<Chosen> {
  if (c.chooseBy === "patch") return chooseByPatch(world, propertyId, amountOf(c.choice, figures));
  if (c.chooseBy === "api") return chooseByApi(world, propertyId, figures, c.choice);
  return chooseByForm(world, "workbench", propertyId, figures, c.choice, c.confirms);
}

async function sendOffer(world: World, propertyId: string, figures: Figures, c: Case, form: boolean): Promise<Done> {
  const { pat } = world;
  if (form) {
    const chosen = await chooseByForm(world, "card", propertyId, figures, c.choice, c.confirms);
    const sent = await pat.client.send(crmOffers as Handler, "POST", "/crm/offers", { urlencoded: { intent: "send", propertyId } });
    expect(sent.status).toBe(302);
    expect(toastOf(sent)?.title).toBe(chosen.amount === null ? "No Offer Created" : "Offer Sent");
    return { chosen, answers: [], startAsked: false, startConfirmed: false, waited: false };
  }
  const chosen = await choose(world, propertyId, figures, { ...c, chooseBy: c.chooseBy === "form" ? "api" : c.chooseBy });
  const answer = await pat.client.call(sendRoute as Handler, "POST", "/api/properties/send-offer", { propertyId });
  expect(answer.status).toBe(chosen.amount === null ? 400 : 200);
  return { chosen, answers: answer.status === 200 ? [answer] : [], startAsked: false, startConfirmed: false, waited: false };
}

async function sequenceStep(world: World, propertyId: string, figures: Figures, c: Case, kind: "letter" | "email", form: boolean) {
  const { pat } = world;
  const chosen = await choose(world, propertyId, figures, c);
  await withoutOfferIs(world, c.withoutOffer);
  const start = (confirm: boolean) =>
    c.startBy === "api"
      ? pat.client.call(
          sequenceRoute as Handler,
          "POST",
          `/api/properties/${propertyId}/sequence`,
          { action: "start", ...(confirm ? { confirm: true } : {}) },
          { params: { id: propertyId } },
        )
      : pat.post({ intent: "start", propertyId, ...(confirm ? { confirm: "1" } : {}) });
  let started = await start(false);
  const startAsked = started.status === 409;
  const done: Done = { chosen, answers: [], startAsked, startConfirmed: false, waited: false };
  if (startAsked) {
    if (!c.confirms) return done;
    started = await start(true);
    done.startConfirmed = true;
  }
  expect(started.status).toBe(c.startBy === "api" ? 201 : 302);
  const task = (await pat.today()).find((row) => row.propertyId === propertyId && row.activityType === kind)!;
  expect(task).toBeTruthy();
  const worked = form
    ? await pat.post({ taskId: task.id, outcome: "done" })
    : await pat.work(task.id, { outcome: "done" }).then((answer) => ({ status: answer.status, message: answer.body.message }));
  if (chosen.amount === null && c.withoutOffer === "wait") {
    expect(worked.status).toBe(409);
    expect(worked.message).toBe(CHOOSE_OFFER_FIRST);
    done.waited = true;
  } else expect(worked.status).toBe(form ? 302 : 200);
  return done;
}

function drive(world: World, path: Path, propertyId: string, figures: Figures, c: Case): Promise<Done> {
  switch (path) {
    case "Mail the Offer (API)":
      return mailOffer(world, propertyId, figures, c);
    case "Mail the Offer (workbench form)":
      return workbenchMail(world, propertyId, figures, c, false);
    case "Generate and Mail (workbench form)":
      return workbenchMail(world, propertyId, figures, c, true);
    case "Send Offer (API)":
      return sendOffer(world, propertyId, figures, c, false);
    case "Send Offer (property card form)":
      return sendOffer(world, propertyId, figures, c, true);
    case "sequence letter (API)":
      return sequenceStep(world, propertyId, figures, c, "letter", false);
    case "sequence letter (Today form)":
      return sequenceStep(world, propertyId, figures, c, "letter", true);
    case "sequence email (API)":
      return sequenceStep(world, propertyId, figures, c, "email", false);
    case "sequence email (Today form)":
      return sequenceStep(world, propertyId, figures, c, "email", true);
  }
}

async function runCase(world: World, path: Path, c: Case, state: { rule: number }) {
  if (state.rule !== c.rule) await useRule(world, RULES[c.rule]);
  state.rule = c.rule;
  const figures: Figures = { arv: c.arv, repairs: c.repairs, fee: c.fee, rule: RULES[c.rule] };
  const lead = await leadWith(world, figures);
  const maxOffer = ruleMaxOfferOf(c.arv, c.repairs, c.fee, figures.rule);
  expect((await storedOf(lead.id)).ruleMaxOffer).toBe(maxOffer);
  const lettersBefore = world.lob.letters.length;
  const emailsBefore = world.email.sent.length;

  const done = await drive(world, path, lead.id, figures, c);
  const { chosen } = done;

  const stored = (await storedOf(lead.id)).maxOffer;
  // The stored chosen offer is exactly what was chosen: the tier under the user's rule, the custom amount, or none.
  expect(stored).toBe(chosen.amount);
  if (chosen.amount !== null) expect(chosen.amount).toBe(amountOf(c.choice, figures));

  const letters = world.lob.letters.slice(lettersBefore).filter((letter) => letter.fields["metadata[property_id]"] === lead.id);
  const emails = world.email.sent.slice(emailsBefore).filter((email) => email.subject.includes(lead.address));
  for (const letter of letters) expect(await offerInPdf(letter.fileBytes)).toBe(stored);
  for (const email of emails) expect(new Set(amountsIn(email.text ?? ""))).toEqual(new Set(stored === null ? [] : [stored]));
  for (const answer of done.answers) {
    expect(answer.body.amount).toBe(stored);
    // The API never asks; its answer names the warning whenever the offer is above the max offer.
    expect(warnsAboveMax(answer)).toBe(stored !== null && stored > maxOffer);
  }
  for (const mailing of await mailingsOf(lead.id)) expect(mailing.amount).toBe(stored ?? 0);

  const sent = letters.length + emails.length;
  if (sent > 0 && stored !== null && stored > maxOffer) {
    const warnedByApi = chosen.warned || done.answers.some(warnsAboveMax);
    expect(chosen.confirmed || done.startConfirmed || warnedByApi, "mailed above the max offer without its confirmation").toBe(true);
  }
  // Asked and not confirmed: nothing was made or mailed.
  if ((chosen.asked && !chosen.confirmed) || (done.startAsked && !done.startConfirmed)) expect(sent).toBe(0);
  // A sequence's start asks for an offer above the max offer that no confirmed letter covers.
  if (path.startsWith("sequence") && stored !== null && stored > maxOffer && chosen.letterId === null) expect(done.startAsked).toBe(true);
  if (done.waited) expect(sent).toBe(0);
  // Something went out on every path that was not refused, asked-and-declined or waiting.
  const declined = (chosen.asked && !chosen.confirmed) || (done.startAsked && !done.startConfirmed);
  if (!declined && !done.waited && (stored !== null || path.startsWith("sequence"))) expect(sent).toBe(1);
}

describe("every amount mailed or emailed is the stored chosen offer", () => {
  PATHS.forEach((path, index) => {
    it(path, { timeout: 180_000 }, async () => {
      const world = await mailingWorld();
      const state = { rule: 0 };
      await fc.assert(
        fc.asyncProperty(caseArb, (c) => runCase(world, path, c, state)),
        { numRuns: 3, seed: 4_700 + index, endOnFailure: true },
      );
    });
  });
});
