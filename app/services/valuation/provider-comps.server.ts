/**
 * A vendor's comparables, bought once a subject (docs/decisions/091-comps-the-user-can-defend.md): the kept answer in
 * provider_sales when it is younger than PROVIDER_SALES_DAYS — whoever bought it, since it is market data, not user
 * data — else one paid search, metered as `comp_record` (reserved against the caps before the call, the ledger entry
 * of the records actually billed written in the batch that keeps them). A provider without paid comparables (the
 * local market) answers null and costs no query.
 */
import { and, eq, gte } from "drizzle-orm";

import { providerSales } from "#db/schema.ts";
import { providerCompsKey, refreshCompsLabel, type SubjectAddress } from "#app/domain/valuation/provider-comps.ts";
import type { Sale } from "#app/domain/valuation/types.ts";
import type { KnownHome } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";
import { policyOf } from "#app/services/usage/policy.server.ts";

/** How long bought comparables are kept and reused before a valuation buys them again. */
export const PROVIDER_SALES_DAYS = 30;
/** Comparable records one search asks for at most (each is billed); the subject's own record comes on top. */
export const COMPS_MAX_RECORDS = 100;

export type ProviderCompsContext = ServiceContext<"db" | "providers" | "config" | "now">;

export type ProviderComps = { ok: true; home: KnownHome | null; sales: Sale[]; billed: number; fromCache: boolean; fetchedAt: Date };

/** The subject row's facts: the vendor's record of the subject (null when it has none) and how many records it billed. */
type SubjectFacts = { home: KnownHome | null; billed: number };

type Row = typeof providerSales.$inferSelect;

/** The kept answer for the subject, when it is fresh: the subject row says it was bought, found or not. */
export async function keptComps(context: ServiceContext<"db" | "providers" | "now">, address: SubjectAddress) {
  const now = context.now();
  const rows = await context.db
    .select()
    .from(providerSales)
    .where(
      and(
        eq(providerSales.provider, context.providers.propertyData.name),
        eq(providerSales.subjectKey, providerCompsKey(address)),
        gte(providerSales.fetchedAt, new Date(now.getTime() - PROVIDER_SALES_DAYS * 86_400_000)),
      ),
    );
  return fromRows(rows);
}

function fromRows(rows: Row[]): ProviderComps | null {
  const subject = rows.find((row) => row.role === "subject");
  if (!subject) return null;
  const sales = rows.filter((row) => row.role === "sale" && row.facts !== null).map((row) => row.facts as Sale);
  const facts = subject.facts as SubjectFacts;
  return { ok: true, home: facts.home, sales, billed: facts.billed, fetchedAt: subject.fetchedAt, fromCache: true };
}

/**
 * The subject's comparables: kept, or bought now for `userId` (refused, having bought nothing, past a cap). `refresh`
 * buys them again even when kept ("Refresh comps").
 */
export async function providerComps(
  context: ProviderCompsContext,
  input: { address: SubjectAddress; valuationDate: string; userId: string; refresh?: boolean },
): Promise<ProviderComps | CapRefusal | null> {
  const { propertyData } = context.providers;
  if (!propertyData.comparables) return null;
  const { address, userId } = input;
  const now = context.now();
  if (!input.refresh) {
    const kept = await keptComps(context, address);
    if (kept) return kept;
  }
  // The subject's record and every comparable record may be billed: reserve them all, keep what was billed.
  const reserved = await reserveUsage(context, userId, "comp_record", COMPS_MAX_RECORDS + 1);
  if (!reserved.ok) return reserved;
  let bought;
  try {
    bought = await propertyData.comparables({ address, valuationDate: input.valuationDate, maxRecords: COMPS_MAX_RECORDS });
  } catch (error) {
    await releaseUsage(context, reserved.reservation);
    throw error;
  }
  const key = providerCompsKey(address);
  const rows: Row[] = [
    {
      provider: propertyData.name,
      subjectKey: key,
      recordId: bought.home?.id ?? "",
      role: "subject",
      facts: { home: bought.home, billed: bought.billed } satisfies SubjectFacts,
      fetchedAt: now,
    },
    ...bought.sales.map((sale) => ({
      provider: propertyData.name,
      subjectKey: key,
      recordId: sale.id,
      role: "sale" as const,
      facts: sale,
      fetchedAt: now,
    })),
  ];
  const { db } = context;
  // D1 binds at most 100 values a statement: rows go in small inserts, all in the one batch with the ledger entry.
  const inserts = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    inserts.push(db.insert(providerSales).values(rows.slice(start, start + ROWS_PER_INSERT)));
  }
  await db.batch([
    db.delete(providerSales).where(and(eq(providerSales.provider, propertyData.name), eq(providerSales.subjectKey, key))),
    ...inserts,
    usageEntry(context, reserved.reservation, bought.billed, bought.requestId),
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

/** Six columns a row: fifteen rows bind 90 values. */
const ROWS_PER_INSERT = 15;
