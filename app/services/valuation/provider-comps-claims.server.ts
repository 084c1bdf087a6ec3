/**
 * The claim on a subject's comparables purchase (docs/decisions/091-comps-the-user-can-defend.md): before anyone calls the
 * vendor, one statement makes the subject's provider_sales row "pending" with the caller's claim id — a new row
 * inserted only while none exists, or the existing one taken only while it is stale, asked to be bought again, or
 * pending under a claim whose lease lapsed. Only the claimant calls the vendor and meters; it writes the answer in a
 * batch guarded by its claim id, or gives the claim back.
 */
import { and, eq, lt, lte, or, sql } from "drizzle-orm";

import { providerSales } from "#db/schema.ts";
import type { Sale } from "#app/domain/valuation/types.ts";
import type { KnownHome } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** How long a claim holds: longer than the vendor's calls may take (three calls at their deadline, retried once). */
export const COMPS_CLAIM_LEASE_MS = 120_000;

/** The subject row's facts: the vendor's record of the subject (null when it has none) and how many records it billed. */
export type SubjectFacts = { home: KnownHome | null; billed: number };

/** A subject's rows, as the claim and the answer's writes name them. */
export type SubjectRef = { provider: string; subjectKey: string };

type ClaimContext = ServiceContext<"db" | "now">;

const subjectRow = (ref: SubjectRef) =>
  and(eq(providerSales.provider, ref.provider), eq(providerSales.subjectKey, ref.subjectKey), eq(providerSales.role, "subject"));

/**
 * Claims the subject's purchase for `claimId`; true when this caller is the claimant. `staleBefore`: a kept answer
 * fetched before it may be bought again; `refresh`: a fresh one too (a user asked to re-search).
 */
export async function claimSubject(
  context: ClaimContext,
  claim: SubjectRef & { claimId: string; staleBefore: Date; refresh: boolean },
): Promise<boolean> {
  const { db } = context;
  const now = context.now();
  const expiresAt = new Date(now.getTime() + COMPS_CLAIM_LEASE_MS);
  const taken = { status: "pending" as const, claimId: claim.claimId, claimExpiresAt: expiresAt };
  const [inserted, updated] = await db.batch([
    db
      .insert(providerSales)
      .values({
        provider: claim.provider,
        subjectKey: claim.subjectKey,
        recordId: "",
        role: "subject",
        facts: null,
        fetchedAt: now,
        ...taken,
      })
      .onConflictDoNothing()
      .returning({ claimId: providerSales.claimId }),
    db
      .update(providerSales)
      .set(taken)
      .where(
        and(
          subjectRow(claim),
          or(
            and(eq(providerSales.status, "ready"), claim.refresh ? sql`1 = 1` : lt(providerSales.fetchedAt, claim.staleBefore)),
            and(eq(providerSales.status, "pending"), lte(providerSales.claimExpiresAt, now)),
          ),
        ),
      )
      .returning({ claimId: providerSales.claimId }),
  ]);
  return [...inserted, ...updated].some((row) => row.claimId === claim.claimId);
}

/** Gives the claim back having bought nothing: a subject never bought loses its row, a kept answer stays as it was. */
export async function releaseSubject(context: ClaimContext, claim: SubjectRef & { claimId: string }) {
  const { db } = context;
  const mine = and(subjectRow(claim), eq(providerSales.claimId, claim.claimId));
  await db.batch([
    db.delete(providerSales).where(and(mine, sql`${providerSales.facts} is null`)),
    db.update(providerSales).set({ status: "ready", claimId: null, claimExpiresAt: null }).where(mine),
  ]);
}

/**
 * The statements that keep a purchase, only while `claimId` still holds the subject: its sales replace the kept ones
 * (one statement over a JSON list, so any number of rows binds a handful of values), then the subject row takes the
 * answer and is ready. The caller adds the ledger entry to the same batch: the vendor billed either way.
 */
export function keepStatements(
  context: ClaimContext,
  answer: SubjectRef & { claimId: string; home: KnownHome | null; billed: number; sales: Sale[] },
) {
  const { db } = context;
  const now = context.now();
  const held = sql`exists (select 1 from ${providerSales} where ${subjectRow(answer)} and ${providerSales.claimId} = ${answer.claimId})`;
  const rows = answer.sales.map((sale) => ({ id: sale.id, facts: sale }));
  return [
    db
      .delete(providerSales)
      .where(
        and(
          eq(providerSales.provider, answer.provider),
          eq(providerSales.subjectKey, answer.subjectKey),
          eq(providerSales.role, "sale"),
          held,
        ),
      ),
    // Every column of provider_sales in the table's order, as insert … select takes them.
    db.insert(providerSales).select(
      sql`select ${answer.provider}, ${answer.subjectKey}, json_extract(value, '$.id'), 'sale', json_extract(value, '$.facts'),
        ${now.getTime()}, 'ready', null, null
      from json_each(${JSON.stringify(rows)}) where ${held} order by key`,
    ),
    db
      .update(providerSales)
      .set({
        recordId: answer.home?.id ?? "",
        facts: { home: answer.home, billed: answer.billed } satisfies SubjectFacts,
        fetchedAt: now,
        status: "ready",
        claimId: null,
        claimExpiresAt: null,
      })
      .where(and(subjectRow(answer), eq(providerSales.claimId, answer.claimId))),
  ] as const;
}
