/**
 * A vendor's comparables, bought once a subject (docs/decisions/091-comps-the-user-can-defend.md): the kept answer in
 * provider_sales when it is younger than PROVIDER_SALES_DAYS — whoever bought it, since it is market data, not user
 * data — else one paid search by the one request that claimed the subject (provider-comps-claims.server.ts), metered
 * as `comp_record` (reserved against the caps before the call, the ledger entry of the records actually billed written
 * in the batch that keeps them). Requests that find the subject claimed wait for the claimant's answer and pay
 * nothing. A provider without paid comparables (the local market) answers null and costs no query.
 */
import { and, eq } from "drizzle-orm";

import { providerSales } from "#db/schema.ts";
import { providerCompsKey, refreshCompsLabel, type SubjectAddress } from "#app/domain/valuation/provider-comps.ts";
import type { Sale } from "#app/domain/valuation/types.ts";
import type { KnownHome } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";
import { policyOf } from "#app/services/usage/policy.server.ts";

import { claimSubject, keepStatements, releaseSubject, type SubjectFacts, type SubjectRef } from "./provider-comps-claims.server.ts";

/** How long bought comparables are kept and reused before a valuation buys them again. */
export const PROVIDER_SALES_DAYS = 30;
/** Comparable records one search asks for at most (each is billed); the subject's own record comes on top. */
export const COMPS_MAX_RECORDS = 100;
/** A request that finds the subject being bought looks again this often, this many times, before it answers "try again". */
export const COMPS_WAIT_STEP_MS = 250;
export const COMPS_WAIT_STEPS = 40;
export const COMPS_BEING_FETCHED = "Comparable sales for this address are being fetched; try again in a moment.";

export type ProviderCompsContext = ServiceContext<"db" | "providers" | "config" | "now">;

export type ProviderComps = { ok: true; home: KnownHome | null; sales: Sale[]; billed: number; fromCache: boolean; fetchedAt: Date };

/** Another request is buying the subject's comparables and did not answer while this one waited. */
export type CompsBeingFetched = { ok: false; status: 503; message: string };

type Row = typeof providerSales.$inferSelect;

/** The subject's kept rows: its fresh answer (null when none) and whether a live claim is buying it now. */
type KeptState = { kept: ProviderComps | null; pending: boolean };

async function keptState(context: ServiceContext<"db" | "providers" | "now">, address: SubjectAddress): Promise<KeptState> {
  const now = context.now();
  const rows = await context.db
    .select()
    .from(providerSales)
    .where(and(eq(providerSales.provider, context.providers.propertyData.name), eq(providerSales.subjectKey, providerCompsKey(address))));
  const subject = rows.find((row) => row.role === "subject");
  const pending = subject?.status === "pending" && (subject.claimExpiresAt?.getTime() ?? 0) > now.getTime();
  const fresh = subject && subject.facts !== null && subject.fetchedAt.getTime() >= staleBefore(now).getTime();
  return { kept: fresh ? fromRows(subject, rows) : null, pending };
}

/** The kept answer for the subject, when it is fresh: the subject row says it was bought, found or not. */
export async function keptComps(context: ServiceContext<"db" | "providers" | "now">, address: SubjectAddress) {
  return (await keptState(context, address)).kept;
}

function fromRows(subject: Row, rows: Row[]): ProviderComps {
  const sales = rows.filter((row) => row.role === "sale" && row.facts !== null).map((row) => row.facts as Sale);
  const facts = subject.facts as SubjectFacts;
  return { ok: true, home: facts.home, sales, billed: facts.billed, fetchedAt: subject.fetchedAt, fromCache: true };
}

const staleBefore = (now: Date) => new Date(now.getTime() - PROVIDER_SALES_DAYS * 86_400_000);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The subject's comparables: kept, or bought now for `userId` (refused, having bought nothing, past a cap) by the
 * request that claims the subject; one that finds it claimed waits for that answer. `refresh` buys them again even
 * when kept ("Refresh comps"), unless another request is buying them already: then its answer is the refresh.
 */
export async function providerComps(
  context: ProviderCompsContext,
  input: { address: SubjectAddress; valuationDate: string; userId: string; refresh?: boolean },
): Promise<ProviderComps | CapRefusal | CompsBeingFetched | null> {
  const { propertyData } = context.providers;
  if (!propertyData.comparables) return null;
  const ref: SubjectRef = { provider: propertyData.name, subjectKey: providerCompsKey(input.address) };
  const claimId = crypto.randomUUID();
  let waited = false;
  for (let step = 0; step <= COMPS_WAIT_STEPS; step++) {
    if (step > 0) await pause(COMPS_WAIT_STEP_MS);
    const { kept, pending } = await keptState(context, input.address);
    // A refresh takes the kept answer only once another request's purchase, seen pending, has ended.
    if (kept && (!input.refresh || (waited && !pending))) return kept;
    if (pending) {
      waited = true;
      continue;
    }
    const now = context.now();
    const claimed = await claimSubject(context, { ...ref, claimId, staleBefore: staleBefore(now), refresh: Boolean(input.refresh) });
    if (claimed) return buy(context, { ...input, ref, claimId });
    waited = true;
  }
  return { ok: false, status: 503, message: COMPS_BEING_FETCHED };
}

/** The claimant's purchase: reserve, call the vendor, keep the answer and its ledger entry in one batch; else give back. */
async function buy(
  context: ProviderCompsContext,
  input: { address: SubjectAddress; valuationDate: string; userId: string; ref: SubjectRef; claimId: string },
): Promise<ProviderComps | CapRefusal> {
  const { propertyData } = context.providers;
  const claim = { ...input.ref, claimId: input.claimId };
  // The subject's record and every comparable record may be billed: reserve them all, keep what was billed.
  const reserved = await reserveUsage(context, input.userId, "comp_record", COMPS_MAX_RECORDS + 1);
  if (!reserved.ok) {
    await releaseSubject(context, claim);
    return reserved;
  }
  let bought;
  try {
    bought = await propertyData.comparables!({ address: input.address, valuationDate: input.valuationDate, maxRecords: COMPS_MAX_RECORDS });
  } catch (error) {
    await Promise.all([releaseUsage(context, reserved.reservation), releaseSubject(context, claim)]);
    throw error;
  }
  const now = context.now();
  const kept = { ...context, now: () => now };
  await context.db.batch([
    ...keepStatements(kept, { ...claim, home: bought.home, billed: bought.billed, sales: bought.sales }),
    usageEntry(kept, reserved.reservation, bought.billed, bought.requestId),
  ]);
  await releaseUsage(context, reserved.reservation, reserved.reservation.quantity - bought.billed);
  return { ok: true, home: bought.home, sales: bought.sales, billed: bought.billed, fromCache: false, fetchedAt: now };
}

/**
 * What a paid re-search of the subject's comparables would cost, before the user asks for it: as many records as
 * the last search billed (or the most one may bill), at the deployment's price. Null for a provider without them.
 */
export async function refreshCompsPreview(context: ProviderCompsContext, address: SubjectAddress): Promise<string | null> {
  if (!context.providers.propertyData.comparables || !address.zip.trim()) return null;
  const kept = await keptComps(context, address);
  return refreshCompsLabel(kept?.billed ?? COMPS_MAX_RECORDS + 1, policyOf(context).unitCostCents.comp_record);
}
