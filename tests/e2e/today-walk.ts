import type { Page } from "@playwright/test";

import { expect, type AddLead } from "./fixtures.ts";
import { controlsUnderToast, overlappingCells } from "./page-rules.ts";

/**
 * The walk through five Today tasks (today-walk.spec.ts): its leads, and the probes that read one lead's state from
 * every screen that shows it — the CRM's filters, the property card, the Pipeline and the Dashboard — so a spec
 * asserts they agree after each action.
 */

/** The CRM's filter a stored status is found under (app/domain/leads/status-groups.ts), by its pill's label. */
const FILTER_OF: Record<string, string> = {
  new: "New",
  contacted: "Contacted",
  offer_sent: "Contacted",
  under_contract: "Under Contract",
};

/** The status badge's text: the status with the filter it is found under when they differ. */
const BADGE_OF: Record<string, string> = {
  new: "New",
  contacted: "Contacted",
  offer_sent: "Offer Sent · Contacted",
  under_contract: "Under Contract",
};

const FILTER_PARAM: Record<string, string> = { New: "new", Contacted: "contacted", "Under Contract": "under_contract" };

/** One lead's expected state: its stored status, its deal's stage (or none), its sequence and its notes. */
export type LeadState = {
  status: keyof typeof BADGE_OF;
  deal: { stage: "Negotiation" | "Closing"; value: string } | null;
  sequence: "running" | "paused" | "stopped";
  notes: string[];
};

export type WalkLead = { id: string; address: string; task: string };

/**
 * Five leads of the signed-up user, each with a running sequence whose Day 0 step is due today: four owners with a
 * callable phone (a call), one with only a do-not-call phone and a mailing address (the call falls back to a letter).
 * `tag` keeps the addresses apart between tests.
 */
export async function fiveLeadsWithSequences(page: Page, addLead: AddLead, tag: number): Promise<WalkLead[]> {
  const base = { city: "Phoenix", state: "AZ", zipCode: "85016", maxOffer: 182000, ownerName: "Maria Lopez" };
  const mailing = { ownerMailingAddress: "12 Elm St, Mesa, AZ 85201" };
  const specs = [
    { address: `${tag}01 E Offer Way`, ownerPhone: "(602) 555-0171", task: "Call" },
    { address: `${tag}02 E Note Way`, ownerPhone: "(602) 555-0172", task: "Call" },
    { address: `${tag}03 E Letter Way`, ownerDncPhone: "(602) 555-0173", ...mailing, task: "Letter" },
    { address: `${tag}04 E Snooze Way`, ownerPhone: "(602) 555-0174", task: "Call" },
    { address: `${tag}05 E Contract Way`, ownerPhone: "(602) 555-0175", task: "Call" },
  ];
  const leads: WalkLead[] = [];
  for (const { task, ...fields } of specs) {
    const lead = await addLead({ ...base, ...fields });
    const started = await page.request.post(`/api/properties/${lead.id}/sequence`, { data: { action: "start" } });
    expect(started.status(), `starting the sequence of ${fields.address}`).toBe(201);
    leads.push({ id: lead.id, address: fields.address, task });
  }
  return leads;
}

/** The task's card in Today's list and its form. */
export function taskOf(page: Page, lead: WalkLead) {
  const card = page.getByRole("list", { name: "Today's tasks" }).getByRole("listitem", { name: `${lead.task}: ${lead.address}` });
  return { card, form: card.getByRole("form", { name: `Work the task for ${lead.address}` }) };
}

/** Waits for the toast showing `title` after an action, then checks it covers no visible enabled control. */
export async function expectToastClear(page: Page, title: string) {
  let covered: string[] | null = null;
  await expect.poll(async () => (covered = await controlsUnderToast(page, title)), { message: `the toast "${title}"` }).not.toBeNull();
  expect(covered, `controls under the toast "${title}"`).toEqual([]);
}

/**
 * The CRM: the New filter lists exactly the leads expected New; the lead's own filter lists it with its badge; the
 * table's cells never print over each other. Then the lead's card (see expectCard), opened from its row.
 */
export async function expectCrm(page: Page, leads: readonly WalkLead[], states: readonly LeadState[], lead: WalkLead, js: boolean) {
  const region = page.getByRole("region", { name: "Leads" });
  const rowOf = (address: string) => region.getByRole("row").filter({ hasText: address });
  await page.goto("/?section=crm&status=new");
  for (const [index, other] of leads.entries()) {
    await expect(rowOf(other.address), `${other.address} under New`).toHaveCount(FILTER_OF[states[index].status] === "New" ? 1 : 0);
  }
  const state = states[leads.indexOf(lead)];
  const filter = FILTER_OF[state.status];
  if (filter !== "New") {
    await page.getByRole("navigation", { name: "Filter leads by status" }).getByRole("link", { name: filter, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`status=${FILTER_PARAM[filter]}`));
  }
  await expect(rowOf(lead.address)).toContainText(BADGE_OF[state.status]);
  expect(await overlappingCells(region.locator("table")), "cells printed over each other").toEqual([]);
  await rowOf(lead.address)
    .getByRole("link", { name: `Work This Lead: ${lead.address}` })
    .click();
  await expectCard(page, lead, state, js);
}

/** The property card: its status badge, its sequence line (or Start), its notes; then it closes from its top. */
async function expectCard(page: Page, lead: WalkLead, state: LeadState, js: boolean) {
  const card = js ? page.getByRole("dialog", { name: lead.address }) : page.getByRole("region", { name: lead.address });
  const status = card.locator("dt", { hasText: /^Status$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(status).toHaveText(BADGE_OF[state.status]);
  const followUp = card.getByRole("region", { name: "Follow-up" });
  if (state.sequence === "stopped") {
    await expect(followUp.getByRole("button", { name: /Start follow-up sequence/ })).toBeVisible();
  } else {
    await expect(followUp).toContainText(new RegExp(`Follow-up sequence ${state.sequence} · next: `));
    await expect(followUp.getByRole("button", { name: "Stop sequence" })).toBeVisible();
  }
  const notes = followUp.getByRole("list", { name: "Notes" }).getByRole("listitem");
  await expect(notes).toHaveCount(state.notes.length);
  for (const note of state.notes) await expect(notes.filter({ hasText: note })).toHaveCount(1);
  const close = js ? card.getByRole("button", { name: "Close" }) : card.getByRole("link", { name: "Close" });
  await expect(close).toBeInViewport();
  await close.click();
  await expect(card).toBeHidden();
}

/** The Pipeline: exactly the expected deals, each in its stage's column with its value and the lead's status. */
export async function expectPipeline(page: Page, leads: readonly WalkLead[], states: readonly LeadState[]) {
  await page.goto("/?section=pipeline");
  await expect(page.getByRole("heading", { name: "Deal Pipeline", level: 1 })).toBeVisible();
  const withDeals = leads.flatMap((lead, index) => (states[index].deal ? [{ lead, state: states[index] }] : []));
  await expect(page.getByRole("article")).toHaveCount(withDeals.length);
  for (const { lead, state } of withDeals) {
    const card = page.getByRole("region", { name: state.deal!.stage, exact: true }).getByRole("article", { name: lead.address });
    await expect(card).toContainText(state.deal!.value);
    await expect(card).toContainText(`Lead: ${BADGE_OF[state.status]}`);
  }
}

const STAGE_COUNTS = ["Lead Generation", "Analysis", "Negotiation", "Closing"] as const;
const ANALYSED = new Set(["analyzed", "offer_produced", "offer_sent"]);

/**
 * The Dashboard's figures as the spec defines them, from the leads' expected states: Deals by Stage counts leads
 * (all; analyzed, offer produced or sent; offer sent; Closing always 0), Total Revenue sums the Closing deals' values,
 * Deals Closed counts the deals created this month, Active Leads the leads not Closed, Conversion Rate the Closing
 * deals per lead.
 */
export async function expectDashboard(page: Page, states: readonly LeadState[]) {
  await page.goto("/?section=dashboard");
  const statuses = states.map((state) => state.status as string);
  const byStage = [
    statuses.length,
    statuses.filter((status) => ANALYSED.has(status)).length,
    statuses.filter((status) => status === "offer_sent").length,
    0,
  ];
  for (const [index, stage] of STAGE_COUNTS.entries()) {
    await expect(page.getByRole("progressbar", { name: stage }), `Deals by Stage: ${stage}`).toHaveAttribute(
      "aria-valuenow",
      String(byStage[index]),
    );
  }
  const deals = states.flatMap((state) => (state.deal ? [state.deal] : []));
  const closing = deals.filter((deal) => deal.stage === "Closing");
  const revenue = closing.reduce((sum, deal) => sum + Number(deal.value.replace(/\D/g, "")), 0);
  const kpis: Record<string, string> = {
    "Total Revenue": `$${revenue.toLocaleString("en-US")}`,
    "Deals Closed": String(deals.length),
    "Active Leads": String(statuses.filter((status) => status !== "closed").length),
    "Conversion Rate": `${((closing.length / statuses.length) * 100).toFixed(1)}%`,
  };
  for (const [label, value] of Object.entries(kpis)) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label, exact: true }) });
    await expect(card.locator("p").first(), label).toHaveText(value);
  }
}
