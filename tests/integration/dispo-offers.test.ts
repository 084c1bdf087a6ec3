// A deal's public page, buyers' offers and the assignment: the page shows the deal's stored numbers and never the
// seller, an offer needs the page's signed form stamp and is throttled per IP and per deal under parallel posts, and
// accepting an offer claims the deal so that two clicks make one Assignment of Contract.
import { env } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyers, comps, dealOffers, deals, documents, emailOutbox, users } from "#db/schema.ts";
import * as feeApi from "#app/routes/api.deals.$id.fee-received.ts";
import * as acceptApi from "#app/routes/api.deals.$id.offers.$offerId.accept.ts";
import * as offersApi from "#app/routes/api.deals.$id.offers.ts";
import * as dealPage from "#app/routes/d.$token.tsx";
import * as offersPage from "#app/routes/deals.$id.offers.tsx";
import { putUnderContract } from "#app/services/dispo/contract.server.ts";

import { ApiClient, type Handler } from "./api-client.ts";
import { browserGet } from "./deal-page-get.ts";
import { aProperty, db, NOW, signedUp } from "./deals-setup.ts";
import { pdfText } from "./pdf-text.ts";

const SELLER = {
  ownerName: "Margaret Quillfeather",
  ownerPhone: "(602) 555-0199",
  ownerMailingAddress: "77 Hidden Mail Rd, Tucson, AZ 85701",
};
const STREET = "4821 N 35th Ave";
const CONTRACT = {
  contractPrice: 200_000,
  closeDate: "2026-07-15",
  inspectionDeadline: "2026-06-25",
  earnestMoney: 1_000,
  assignmentFeeAsked: 15_000,
  buyerPrice: null,
  dispoStatus: "under_contract" as const,
};

type Owner = Awaited<ReturnType<typeof signedUp>>;

/** A deal under contract on a valued property with comps and the seller on record, and its public page's token. */
async function dealWithPage(owner: Owner, { showStreet = true } = {}) {
  const property = await aProperty(owner.userId, {
    address: STREET,
    arv: 300_000,
    arvLow: 285_000,
    arvHigh: 315_000,
    repairEstimate: 25_000,
    yearBuilt: 1978,
    ...SELLER,
    ownerEmail: "margaret@seller.example",
  });
  await db.insert(comps).values([
    { userId: owner.userId, propertyId: property.id, address: "1 Comp St", soldPrice: 290_000, soldDate: "2026-01-10", distance: 0.4 },
    { userId: owner.userId, propertyId: property.id, address: "2 Comp St", soldPrice: 310_000, soldDate: "2026-05-02", distance: 0.7 },
  ]);
  const [deal] = await db.insert(deals).values({ userId: owner.userId, propertyId: property.id, stage: "negotiation" }).returning();
  await putUnderContract(owner.context, { userId: owner.userId, dealId: deal!.id, contract: CONTRACT });
  const made = await owner.send(offersPage.action as Handler, "POST", `/deals/${deal!.id}/offers`, {
    form: { intent: "link", ...(showStreet ? { showStreet: "yes" } : {}) },
    params: { id: deal!.id },
  });
  const { newUrl } = (await made.json()) as { newUrl: string };
  return { dealId: deal!.id, token: new URL(newUrl).pathname.split("/").pop()! };
}

/** A buyer's browser on its own IP, on the owner's clock (advanced past the form's minimum time before it posts). */
function buyer(owner: Owner, ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`) {
  return new ApiClient(owner.context, ip);
}

async function stampOf(client: ApiClient, token: string) {
  const page = await client.load<{ stamp: string }>(dealPage.loader as Handler, `/d/${token}`, { params: { token } });
  return page.stamp;
}

const OFFER = {
  name: "Ann Buyer",
  email: "ann@buyers.example",
  phone: "480-555-0100",
  amount: "$228,000",
  earnestMoney: "5,000",
  closeDate: "2026-07-10",
};

function postOffer(client: ApiClient, token: string, fields: Record<string, string>) {
  return client.send(dealPage.action as Handler, "POST", `/d/${token}`, { form: fields, params: { token } });
}

const offersOf = (dealId: string) => db.select().from(dealOffers).where(eq(dealOffers.dealId, dealId));
const dealRow = async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)))[0]!;

describe("the deal page /d/{token}", () => {
  it("shows the place, the facts and the stored numbers, never the seller nor the street; noindex; no scripts", async () => {
    const owner = await signedUp();
    const { token } = await dealWithPage(owner);
    const answer = await browserGet(`/d/${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await answer.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const shown of ["Phoenix, AZ 85019", "$300,000", "$285,000 – $315,000", "$215,000", "$25,000", "07/15/2026", "1978"])
      expect(html).toContain(shown);
    expect(html).toContain("2 comparable sales within 0.7 mi, sold Jan 2026 – May 2026 for $290,000 – $310,000");
    expect(html).toContain("I&#x27;m interested / make an offer");
    for (const secret of [
      SELLER.ownerName,
      "Quillfeather",
      "555-0199",
      "5550199",
      "Hidden Mail",
      "Tucson",
      "margaret@seller.example",
      STREET,
    ])
      expect(html, secret).not.toContain(secret);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it("an unknown, revoked or replaced link is a 404; a new link opens the page", async () => {
    const owner = await signedUp();
    const { dealId, token } = await dealWithPage(owner);
    expect((await browserGet("/d/not-a-real-token")).status).toBe(404);
    const again = await owner.send(offersPage.action as Handler, "POST", `/deals/${dealId}/offers`, {
      form: { intent: "link" },
      params: { id: dealId },
    });
    const fresh = new URL(((await again.json()) as { newUrl: string }).newUrl).pathname;
    expect((await browserGet(`/d/${token}`)).status).toBe(404);
    expect((await browserGet(fresh)).status).toBe(200);
    const revoked = await owner.send(offersPage.action as Handler, "POST", `/deals/${dealId}/offers`, {
      form: { intent: "revoke" },
      params: { id: dealId },
    });
    expect(revoked.status).toBe(302);
    expect((await browserGet(fresh)).status).toBe(404);
  });
});

describe("a buyer's offer from the deal page", () => {
  it("lands on the deal linked to the user's buyer with that email, tells the owner by email, shows the street (as chosen), moves the deal to Offers In", async () => {
    const owner = await signedUp();
    const { dealId, token } = await dealWithPage(owner);
    const [listed] = await db
      .insert(buyers)
      .values({
        userId: owner.userId,
        name: "Ann Buyer",
        email: "ANN@buyers.example",
        source: "import",
        matchKey: "ann buyer|ann@buyers.example",
      })
      .returning();
    const ann = buyer(owner);
    const stamp = await stampOf(ann, token);
    owner.context.now = () => new Date(NOW.getTime() + 5_000);
    const sent = await postOffer(ann, token, { ...OFFER, stamp, proofOfFunds: "yes", website: "" });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: "sent", street: STREET });
    const [offer] = await offersOf(dealId);
    expect(offer).toMatchObject({ buyerId: listed!.id, amount: 228_000, earnestMoney: 5_000, closeDate: "2026-07-10", proofOfFunds: true });
    expect((await dealRow(dealId)).dispoStatus).toBe("offers_in");
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user!.email), like(emailOutbox.subject, "An offer%")));
    expect(notices.map((notice) => notice.subject)).toEqual(["An offer of $228,000 on your deal in Phoenix, AZ 85019"]);
    expect(notices[0]!.textBody).toContain(`/deals/${dealId}/offers`);
    expect(notices[0]!.textBody).toContain("Proof of funds: yes");
    const api = await owner.client.call(offersApi.loader as Handler, "GET", `/api/deals/${dealId}/offers`, undefined, {
      params: { id: dealId },
    });
    expect(api.body.offers).toEqual([
      expect.objectContaining({ name: "Ann Buyer", amount: 228_000, history: "On your buyer list (CSV import) · first offer" }),
    ]);
  });

  it("writes nothing for a filled honeypot, a forged stamp or a post sooner than a person can type; says why only for the last", async () => {
    const owner = await signedUp();
    const { dealId, token } = await dealWithPage(owner, { showStreet: false });
    const bot = buyer(owner);
    const stamp = await stampOf(bot, token);
    const tooSoon = await postOffer(bot, token, { ...OFFER, stamp });
    expect(tooSoon.status).toBe(400);
    expect(await tooSoon.json()).toMatchObject({ status: "refused", message: "Please check your details, then send them again." });
    owner.context.now = () => new Date(NOW.getTime() + 5_000);
    for (const fields of [
      { ...OFFER, stamp, website: "https://spam.example" },
      { ...OFFER, stamp: `${NOW.getTime() - 60_000}.${stamp.split(".")[1]}` },
      { ...OFFER },
    ]) {
      const answer = await postOffer(bot, token, fields);
      expect(await answer.json()).toEqual({ status: "sent", street: null });
    }
    expect(await offersOf(dealId)).toEqual([]);
    const bad = await postOffer(bot, token, { ...OFFER, stamp, amount: "12,34", closeDate: "2026-06-01", email: "nope" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: unknown }).errors).toEqual({
      email: ["Email must be an email address"],
      amount: ["Offer amount must be a number"],
    });
    expect(await offersOf(dealId)).toEqual([]);
  });

  it("holds the throttle under parallel posts: 5 per IP, 30 per deal", async () => {
    const owner = await signedUp();
    const { dealId, token } = await dealWithPage(owner);
    const one = buyer(owner);
    const stamp = await stampOf(one, token);
    owner.context.now = () => new Date(NOW.getTime() + 5_000);
    const fromOneIp = await Promise.all(Array.from({ length: 12 }, () => postOffer(one, token, { ...OFFER, stamp })));
    expect(fromOneIp.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(fromOneIp.filter((answer) => answer.status === 429)).toHaveLength(7);
    expect(fromOneIp.find((answer) => answer.status === 429)!.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await offersOf(dealId)).toHaveLength(5);

    const manyIps = await Promise.all(
      Array.from({ length: 40 }, (_, index) => postOffer(buyer(owner, `192.0.2.${index + 1}`), token, { ...OFFER, stamp })),
    );
    // Every post counts against the deal, the 7 the IP's limit refused too: 12 counted, 18 left of 30.
    expect(manyIps.filter((answer) => answer.status === 200)).toHaveLength(18);
    expect(await offersOf(dealId)).toHaveLength(23);
  });
});

describe("accepting an offer and the fee received", () => {
  async function dealWithOffers(owner: Owner) {
    const { dealId, token } = await dealWithPage(owner);
    const add = (body: Record<string, unknown>) =>
      owner.client.call(offersApi.action as Handler, "POST", `/api/deals/${dealId}/offers`, body, { params: { id: dealId } });
    const offer = await add({ ...OFFER, proofOfFunds: true });
    const inquiry = await add({ name: "Ben Curious", email: "ben@buyers.example" });
    const low = await add({ name: "Cal Lowball", email: "cal@buyers.example", amount: 150_000 });
    expect([offer.status, inquiry.status, low.status]).toEqual([201, 201, 201]);
    return {
      dealId,
      token,
      offerId: offer.body.offerId as string,
      inquiryId: inquiry.body.offerId as string,
      lowId: low.body.offerId as string,
    };
  }
  const accept = (owner: Owner, dealId: string, offerId: string) =>
    owner.client.call(acceptApi.action as Handler, "POST", `/api/deals/${dealId}/offers/${offerId}/accept`, undefined, {
      params: { id: dealId, offerId },
    });
  const fee = (owner: Owner, dealId: string, amount: unknown) =>
    owner.client.call(feeApi.action as Handler, "POST", `/api/deals/${dealId}/fee-received`, { amount }, { params: { id: dealId } });

  it("two parallel accepts assign the deal once: one Assignment of Contract in R2 and Documents, and the page closes", async () => {
    const owner = await signedUp();
    const { dealId, token, offerId } = await dealWithOffers(owner);
    const answers = await Promise.all([accept(owner, dealId, offerId), accept(owner, dealId, offerId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const papers = await db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, owner.userId), eq(documents.type, "assignment_contract")));
    expect(papers).toHaveLength(1);
    const deal = await dealRow(dealId);
    expect(deal).toMatchObject({
      dispoStatus: "assigned",
      assignedOfferId: offerId,
      assignmentDocumentId: papers[0]!.id,
      buyerPrice: 228_000,
    });
    // The day it was assigned, for the dashboard's days from contract to assignment.
    expect(deal!.assignedAt?.getTime()).toBe(owner.context.now().getTime());
    const text = await pdfText(new Uint8Array(await (await env.FILES.get(papers[0]!.filePath!))!.arrayBuffer()));
    for (const line of ['("Assignee")', "Ann Buyer", SELLER.ownerName, STREET, "$28,000", "$5,000", "July 15, 2026", "$200,000"])
      expect(text.replace(/\s+/g, " "), line).toContain(line);
    expect((await browserGet(`/d/${token}`)).status).toBe(404);
    expect((await accept(owner, dealId, offerId)).body).toMatchObject({ success: false, message: "This deal is already assigned" });
  });

  it("refuses an inquiry, an offer below the contract price and a foreign offer; records the fee received strictly, after assignment only", async () => {
    const owner = await signedUp();
    const { dealId, offerId, inquiryId, lowId } = await dealWithOffers(owner);
    const other = await signedUp();
    const theirs = await dealWithOffers(other);
    expect((await accept(owner, dealId, inquiryId)).status).toBe(422);
    expect((await accept(owner, dealId, lowId)).body.message).toBe("The offer is below the contract price");
    expect((await accept(owner, dealId, theirs.offerId)).status).toBe(404);
    expect((await accept(owner, theirs.dealId, theirs.offerId)).status).toBe(404);
    expect((await fee(owner, dealId, 28_000)).status).toBe(409);
    expect((await accept(owner, dealId, offerId)).status).toBe(200);
    const loose = await fee(owner, dealId, "12,34");
    expect(loose.status).toBe(400);
    expect(loose.body.errors).toEqual({ amount: ["Fee received must be a number"] });
    expect((await fee(owner, theirs.dealId, 1_000)).status).toBe(404);
    const paid = await fee(owner, dealId, "$27,500.50");
    expect(paid.body).toEqual({ success: true, profit: 27_500.5 });
    expect(await dealRow(dealId)).toMatchObject({ profit: 27_500.5, dispoStatus: "fee_received" });
    expect((await dealRow(theirs.dealId)).dispoStatus).toBe("offers_in");
  });
});
