/**
 * What the disposition specs share: a deal put under contract (through the API or the "Under Contract" form), the
 * user's buyers, the blast to consenting buyers checked in the dev outbox, the deal's public link, a buyer's offer made
 * signed out in a browser of its own, and the user accepting it and recording the fee received.
 */
import type { Browser, Locator, Page } from "@playwright/test";

import { expect } from "./fixtures.ts";

/** A day `days` from now, YYYY-MM-DD. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A tag unique to a test run, for names and addresses that must not meet another test's. */
export const uniqueTag = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Polled: a toast sliding in from the right edge widens the page only while it moves. */
export async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: "the page does not scroll sideways",
    })
    .toBeLessThanOrEqual(0);
}

/** The sender's company and postal address, which every buyer email carries. */
export async function aCompany(page: Page) {
  const company = await page.request.patch("/api/company", {
    data: {
      companyName: "Quinn Home Buyers LLC",
      addressStreet1: "100 W Washington St",
      addressCity: "Phoenix",
      addressState: "AZ",
      addressPostalCode: "85003",
    },
  });
  expect(company.status()).toBe(200);
}

/** A new deal on the user's lead through the API (in Lead Generation); answers its id. */
export async function aDeal(page: Page, propertyId: string, dealValue?: number) {
  const created = await page.request.post("/api/deals", { data: { propertyId, ...(dealValue ? { dealValue } : {}) } });
  expect(created.status()).toBe(201);
  const { deal } = (await created.json()) as { deal: { id: string } };
  return deal.id;
}

/** A deal on the lead put under contract with the form's post (no page), the company on record to email from; its id. */
export async function aDealUnderContract(page: Page, propertyId: string) {
  await aCompany(page);
  return aDealOnContract(page, propertyId);
}

/** A deal on the lead put under contract with the form's post (200,000, a 15,000 fee asked): answers its id. */
export async function aDealOnContract(page: Page, propertyId: string) {
  const dealId = await aDeal(page, propertyId);
  const contract = await page.request.post(`/deals/${dealId}/contract`, {
    form: {
      contractPrice: "200000",
      closeDate: "2027-01-15",
      inspectionDeadline: "2026-12-30",
      earnestMoney: "1000",
      assignmentFeeAsked: "15000",
    },
    maxRedirects: 0,
  });
  expect(contract.status()).toBe(302);
  return dealId;
}

/** The signed contract's terms as the "Under Contract" form takes them. */
export type ContractTerms = { contractPrice: string; inspectionInDays: number; closingInDays: number; earnestMoney: string; fee: string };

/** Fills the "Under Contract" form (already open) and saves it; the pipeline's card then reads "Under Contract". */
export async function saveContract(page: Page, address: string, terms: ContractTerms) {
  await expect(page.getByRole("heading", { name: "Under Contract", level: 1 })).toBeVisible();
  await page.getByLabel("Contract price").fill(terms.contractPrice);
  await page.getByLabel("Inspection / option deadline").fill(day(terms.inspectionInDays));
  await page.getByLabel("Closing date").fill(day(terms.closingInDays));
  await page.getByLabel("Earnest money").fill(terms.earnestMoney);
  await page.getByLabel("Assignment fee asked").fill(terms.fee);
  await page.getByRole("button", { name: "Save Contract" }).click();
  const card = page.getByRole("article", { name: address });
  await expect(card.getByTestId("deal-dispo")).toContainText("Under Contract");
  return card;
}

/** A buyer on the user's list who buys in Phoenix, with or without email consent. */
export async function aListedBuyer(page: Page, name: string, email: string, consent: "yes" | "no") {
  const response = await page.request.post("/api/buyers", { data: { name, email, markets: "Phoenix, AZ", emailConsent: consent } });
  expect(response.status()).toBe(201);
}

/**
 * The blast from the deal's form: the buyer without consent is shown with that reason and cannot be chosen; the
 * consenting one is emailed. Answers the consenting buyer's email in the dev outbox, checked for its one-click
 * unsubscribe (headers and link) and its link to the deal's page; the other buyer got none.
 */
export async function blastToConsenting(
  page: Page,
  {
    dealId,
    consenting,
    silent,
    width,
  }: { dealId: string; consenting: { name: string; email: string }; silent: { name: string; email: string }; width: number },
): Promise<Locator> {
  await page.goto(`/deals/${dealId}/blast`);
  await expect(page.getByRole("heading", { name: "Email buyers" })).toBeVisible();
  const noConsent = page.getByTestId("blast-buyer").filter({ hasText: silent.name });
  await expect(noConsent).toContainText("no email consent");
  await expect(noConsent.getByRole("checkbox")).toBeDisabled();
  await page.getByTestId("blast-submit").click();
  await expect(page.getByText("Emailed 1 buyer.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("blast-buyer").filter({ hasText: consenting.name })).toContainText("Emailed");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await page.goto("/dev/outbox");
  const email = page.getByRole("article").filter({ hasText: consenting.email });
  await expect(email).toHaveCount(1);
  await expect(email).toContainText("List-Unsubscribe-Post");
  await expect(email).toContainText("List-Unsubscribe=One-Click");
  await expect(email.getByRole("link", { name: /\/unsubscribe\// })).toHaveCount(1);
  await expect(email).toContainText("See the deal and make an offer:");
  await expect(email.getByRole("link", { name: DEAL_PAGE_LINK })).toHaveCount(1);
  await expect(page.getByRole("article").filter({ hasText: silent.email })).toHaveCount(0);
  return email;
}

/** A deal page's absolute link, as the emails carry it. */
const DEAL_PAGE_LINK = /^https?:\/\/[^/]+\/d\/[a-z2-7]{32}$/;

/** The link to the deal's page in a buyer's email in the dev outbox (the one a buyer follows from it). */
export async function dealLinkIn(email: Locator) {
  return new URL((await email.getByRole("link", { name: DEAL_PAGE_LINK }).getAttribute("href"))!);
}

/** On the deal's offers page: makes the public link (the street shown to buyers who leave their details); answers it. */
export async function makeDealLink(page: Page, address: string) {
  await expect(page.getByRole("heading", { name: `Offers: ${address}`, level: 1 })).toBeVisible();
  await page.getByLabel("Show the street to buyers who leave their details").check();
  await page.getByRole("button", { name: "Make Link" }).click();
  return new URL((await page.getByTestId("deal-link-url").textContent())!.trim());
}

/** A buyer's offer as the deal page's form takes it. */
export type BuyerOffer = { name: string; email: string; phone: string; amount: string; earnestMoney: string; closingInDays: number };

/**
 * The buyer, in another browser never signed in: opens the deal page (noindex, the place as its title, none of
 * `secrets` in its HTML) and sends the offer with proof of funds; the answer thanks them and shows the street.
 */
export async function offerAsBuyer(
  browser: Browser,
  {
    link,
    place,
    street,
    secrets,
    offer,
    javaScriptEnabled,
    width,
  }: { link: URL; place: string; street: string; secrets: string[]; offer: BuyerOffer; javaScriptEnabled: boolean; width: number },
) {
  const buyerContext = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  try {
    const buyer = await buyerContext.newPage();
    const opened = await buyer.goto(link.href);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(buyer.getByRole("heading", { name: place, level: 1 })).toBeVisible();
    await expect(buyer.getByText("Asking price")).toBeVisible();
    const html = await buyer.content();
    for (const secret of [...secrets, street]) expect(html).not.toContain(secret);
    if (width === 375) await noSidewaysScroll(buyer);
    await buyer.getByLabel("Name").fill(offer.name);
    await buyer.getByLabel("Email").fill(offer.email);
    await buyer.getByLabel("Phone").fill(offer.phone);
    await buyer.getByLabel("Offer amount").fill(offer.amount);
    await buyer.getByLabel("Earnest money").fill(offer.earnestMoney);
    await buyer.getByLabel("Closing date").fill(day(offer.closingInDays));
    await buyer.getByLabel("I have proof of funds").check();
    // The form is refused when sent sooner than a person can fill it in (its signed time stamp): give it that time.
    await buyer.waitForTimeout(2_100);
    await buyer.getByRole("button", { name: "Send" }).click();
    await expect(buyer.getByRole("status")).toContainText("Thank you!");
    await expect(buyer.getByRole("status")).toContainText(`The property's address: ${street}`);
  } finally {
    await buyerContext.close();
  }
}

/**
 * On the deal's offers page: accepts the buyer's offer (the page then shows the assignment fee and links the
 * Assignment of Contract, a PDF) and records the fee received.
 */
export async function acceptAndRecordFee(
  page: Page,
  { buyerName, feeText, received }: { buyerName: string; feeText: string; received: string },
) {
  const offer = page.getByTestId("deal-offer").filter({ hasText: buyerName });
  await offer.getByRole("button", { name: "Accept Offer" }).click();
  await expect(page.getByText(`Assignment fee ${feeText}`)).toBeVisible();
  await expect(offer.getByText("Accepted")).toBeVisible();
  const view = await page.getByRole("link", { name: "View the Assignment of Contract" }).getAttribute("href");
  const pdf = await page.request.get(view!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByLabel("Fee received").fill(received);
  await page.getByRole("button", { name: "Record Fee" }).click();
  await expect(page.getByText(`Fee received $${received}`)).toBeVisible();
}

/** Documents, filtered to Assignment Contracts, lists the deal's Assignment of Contract. */
export async function assignmentInDocuments(page: Page, address: string) {
  await page.goto("/?section=documents&type=assignment_contract");
  await expect(page.getByRole("heading", { name: `Assignment of Contract - ${address}.pdf` })).toBeVisible();
}
