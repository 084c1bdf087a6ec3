/**
 * Buyers' inquiries and offers on a deal: sent from the deal's public page (bot-checked and throttled per IP and per
 * deal) or entered by the user, listed side by side with what the user knows of each buyer. An offer lands on the
 * deal's owner, linked to their buyer with the same email, moves the deal to "Offers In", and (from the page) is
 * announced to the owner by email.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { BUYER_SOURCE_LABELS } from "#db/enums.ts";
import { buyers, dealOffers, deals } from "#db/schema.ts";
import { buyerHistoryWords, offerNotice, placeOf, type OfferView } from "#app/domain/dispo/deal-page.ts";
import { closeDateIssue, OFFER_FIELDS, OfferInputSchema, type OfferInput } from "#app/domain/dispo/offer-schema.ts";
import { displayPhone } from "#app/domain/leads/phone.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { fieldErrors } from "#app/services/http/api.server.ts";
import { hit, hitIf, ipKey, LIMITS, worst } from "#app/services/platform/throttle.server.ts";

import { openDealLink, type OpenDeal } from "./deal-links.server.ts";
import { checkFormStamp } from "./form-stamp.server.ts";

/** The most offers one deal lists. */
const OFFERS_LISTED = 200;
/** The name of the field a person never sees: a bot that fills every field fills it. */
export const HONEYPOT_FIELD = "website";
export const OFFER_THROTTLED = "Too many offers from here. Please try again later.";
export const OFFER_TOO_FAST = "Please check your details, then send them again.";

type Errors = Record<string, string[]>;

/** The offer's fields, strictly read; a proposed closing date in the past is refused too. */
export function readOffer(raw: Record<string, unknown>, now: Date): { ok: true; input: OfferInput } | { ok: false; errors: Errors } {
  const parsed = OfferInputSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const issue = closeDateIssue(parsed.data, now);
  return issue ? { ok: false, errors: { closeDate: [issue] } } : { ok: true, input: parsed.data };
}

/**
 * Writes the offer on the user's deal (linked to the user's buyer with that email, if any) and moves a deal under
 * contract or marketed to "Offers In", in one batch.
 */
export async function recordOffer(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, input }: { userId: string; dealId: string; input: OfferInput },
): Promise<string> {
  const { db } = context;
  const now = context.now();
  const id = crypto.randomUUID();
  const buyerId = sql`(select ${buyers.id} from ${buyers} where ${buyers.userId} = ${userId} and lower(${buyers.email}) = ${input.email.toLowerCase()} limit 1)`;
  await db.batch([
    db.insert(dealOffers).values({
      id,
      userId,
      dealId,
      buyerId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      amount: input.amount ?? null,
      earnestMoney: input.earnestMoney ?? null,
      closeDate: input.closeDate ?? null,
      proofOfFunds: input.proofOfFunds,
      message: input.message ?? null,
      createdAt: now,
    }),
    db
      .update(deals)
      .set({ dispoStatus: "offers_in", updatedAt: now })
      .where(and(eq(deals.id, dealId), eq(deals.userId, userId), inArray(deals.dispoStatus, ["under_contract", "marketed"]))),
  ]);
  return id;
}

export type PageOfferOutcome =
  | { kind: "not-found" }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "too-fast" }
  | { kind: "invalid"; errors: Errors }
  /** Sent (or a bot's post, answered alike and written nowhere); the street when the user shows it to inquirers. */
  | { kind: "sent"; street: string | null };

/**
 * A buyer's post from the deal page: the link must be live; a filled honeypot or a forged or stale form stamp is
 * answered as sent and written nowhere (a bot learns nothing); a post too soon after the page was served is asked to
 * be sent again. Every other post counts against the IP's and the deal's throttle — counted atomically first, so
 * parallel posts cannot pass together — before it is read.
 */
export async function sendPageOffer(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  { token, fields, ip }: { token: string; fields: Record<string, unknown>; ip: string | null },
): Promise<PageOfferOutcome> {
  const now = context.now();
  const open = await openDealLink(context, token);
  if (!open) return { kind: "not-found" };
  const { link } = open;
  const stamp = await checkFormStamp({ secret: link.formSecret, linkId: link.id, stamp: fields.stamp, now });
  const honeypot = typeof fields[HONEYPOT_FIELD] === "string" && fields[HONEYPOT_FIELD] !== "";
  if (honeypot || stamp === "forged" || stamp === "stale") return { kind: "sent", street: null };
  if (stamp === "too-fast") return { kind: "too-fast" };
  const throttle = worst(
    ...(await Promise.all([
      hitIf(context, ipKey("deal-offer", ip), LIMITS.dealOfferPerIp),
      hit(context, `deal-offer:deal:${link.dealId}`, LIMITS.dealOfferPerDeal),
    ])),
  );
  if (throttle.limited) return { kind: "throttled", retryAfterSeconds: throttle.retryAfterSeconds };
  const read = readOffer(Object.fromEntries(OFFER_FIELDS.map((name) => [name, fields[name]])), now);
  if (!read.ok) return { kind: "invalid", errors: read.errors };
  await recordOffer(context, { userId: link.userId, dealId: link.dealId, input: read.input });
  await notifyOwner(context, { open, input: read.input });
  return { kind: "sent", street: link.showStreet ? open.street : null };
}

/** The owner's notice of the offer; a failing email provider does not fail the offer, which is already stored. */
async function notifyOwner(context: ServiceContext<"providers" | "config">, { open, input }: { open: OpenDeal; input: OfferInput }) {
  const offersUrl = `${context.config.APP_ORIGIN.replace(/\/$/, "")}/deals/${open.link.dealId}/offers`;
  try {
    await context.providers.email.send(offerNotice({ to: open.ownerEmail, place: placeOf(open.page), offer: input, offersUrl }));
  } catch (error) {
    console.error(`An offer on deal ${open.link.dealId} is stored, but the notice to its owner failed:`, error);
  }
}

/** The deal's offers, highest amount first (inquiries last), each with its buyer's history; the deal must be the user's. */
export async function listOffers(
  context: ServiceContext<"db">,
  { userId, dealId }: { userId: string; dealId: string },
): Promise<OfferView[]> {
  const other = sql`o2.buyer_id = ${dealOffers.buyerId} and o2.id <> ${dealOffers.id}`;
  const rows = await context.db
    .select({
      offer: dealOffers,
      source: buyers.source,
      otherOffers: sql<number>`(select count(*) from deal_offers o2 where o2.user_id = ${userId} and ${other})`,
      assignedBefore: sql<number>`(select count(*) from deal_offers o2 where o2.user_id = ${userId} and o2.status = 'accepted' and ${other})`,
    })
    .from(dealOffers)
    .leftJoin(buyers, and(eq(buyers.id, dealOffers.buyerId), eq(buyers.userId, dealOffers.userId)))
    .where(and(eq(dealOffers.userId, userId), eq(dealOffers.dealId, dealId)))
    .orderBy(sql`${dealOffers.amount} is null`, desc(dealOffers.amount), asc(dealOffers.createdAt))
    .limit(OFFERS_LISTED);
  return rows.map(({ offer, source, otherOffers, assignedBefore }) => ({
    id: offer.id,
    name: offer.name,
    email: offer.email,
    phoneText: offer.phone ? displayPhone(offer.phone) : "",
    amount: offer.amount,
    earnestMoney: offer.earnestMoney,
    closeDate: offer.closeDate,
    proofOfFunds: offer.proofOfFunds,
    message: offer.message,
    status: offer.status,
    createdAt: offer.createdAt.toISOString(),
    buyerId: offer.buyerId,
    history: buyerHistoryWords({
      onList: source !== null,
      source: source ? BUYER_SOURCE_LABELS[source] : null,
      otherOffers: Number(otherOffers),
      assignedBefore: Number(assignedBefore),
    }),
  }));
}
