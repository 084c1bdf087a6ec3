import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { DISPO_STATUSES } from "#db/enums.ts";
import { dealOffers, deals, leadRequests, letterMailings, properties, usageEvents } from "#db/schema.ts";
import { dispoFigures, type SourceCounts, type SpendRow } from "#app/domain/dashboard/dispo-figures.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * A raw aggregate as a select over it, naming its columns: drizzle's D1 batch cannot carry a raw `db.all`, and the
 * closed-loop export reads these in the batch that writes its activity entry.
 */
function rowsOf<T extends Record<string, unknown>>(context: ServiceContext<"db">, inner: SQL, columns: readonly (keyof T & string)[]) {
  const fields = Object.fromEntries(columns.map((column) => [column, sql`${sql.identifier(column)}`])) as { [K in keyof T]: SQL<T[K]> };
  return context.db.select(fields).from(sql`(${inner})`);
}

const SOURCE_COLUMNS = [
  "source",
  "leads",
  "contracts",
  "assigned",
  "under_contract",
  "marketed",
  "offers_in",
  "assigned_only",
  "fee_received",
  "fee_asked_cents",
  "fee_received_cents",
] as const satisfies readonly (keyof SourceCounts)[];

/**
 * A lead's source in SQL: the seller type it was found as (the CRM's lead type), or "" for one added by hand. Paid
 * lead pages and skip traces carry the seller type of the search that bought them; a letter, its property's.
 */
const leadSource = sql`coalesce(nullif(${properties.leadType}, ''), '')`;

/** Per lead source: the user's leads, their deals under contract, assigned, and the fees asked and received (cents). */
function sourceCounts(context: ServiceContext<"db">, userId: string) {
  return rowsOf<SourceCounts>(
    context,
    sql`
    select ${leadSource} as source,
      count(distinct ${properties.id}) as leads,
      count(${deals.id}) as contracts,
      sum(case when ${deals.dispoStatus} in ('assigned', 'fee_received') then 1 else 0 end) as assigned,
      sum(case when ${deals.dispoStatus} = 'under_contract' then 1 else 0 end) as under_contract,
      sum(case when ${deals.dispoStatus} = 'marketed' then 1 else 0 end) as marketed,
      sum(case when ${deals.dispoStatus} = 'offers_in' then 1 else 0 end) as offers_in,
      sum(case when ${deals.dispoStatus} = 'assigned' then 1 else 0 end) as assigned_only,
      sum(case when ${deals.dispoStatus} = 'fee_received' then 1 else 0 end) as fee_received,
      coalesce(sum(${deals.assignmentFeeAsked}), 0) as fee_asked_cents,
      coalesce(sum(case when ${deals.dispoStatus} = 'fee_received' then ${deals.profit} end), 0) as fee_received_cents
    from ${properties}
    left join ${deals} on ${deals.propertyId} = ${properties.id} and ${deals.userId} = ${userId}
      and ${deals.dispoStatus} in (${sql.join(
        DISPO_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    where ${properties.userId} = ${userId}
    group by 1`,
    SOURCE_COLUMNS,
  );
}

/**
 * The user's ledger summed per lead source and usage kind, in whole micro-cents: lead pages and skip traces belong to
 * the seller type of the search that bought them, letters to their property's source, the rest to no lead ("-").
 */
function spendRows(context: ServiceContext<"db">, userId: string) {
  return rowsOf<SpendRow>(
    context,
    sql`
    select
      case
        when ${usageEvents.kind} in ('lead', 'skip_trace') then coalesce(
          (select nullif(json_extract(${leadRequests.requestParams}, '$.sellerType'), '') from ${leadRequests}
            where ${leadRequests.id} = ${usageEvents.providerRequestId} and ${leadRequests.userId} = ${userId}), '-')
        when ${usageEvents.kind} = 'letter' then coalesce(
          (select ${leadSource} from ${letterMailings} join ${properties} on ${properties.id} = ${letterMailings.propertyId}
            where ${letterMailings.trackingId} = ${usageEvents.providerRequestId} and ${letterMailings.userId} = ${userId}
            limit 1), '-')
        else '-'
      end as source,
      ${usageEvents.kind} as kind,
      sum(${usageEvents.costMicrocents}) as microcents
    from ${usageEvents}
    where ${usageEvents.userId} = ${userId}
    group by 1, 2`,
    ["source", "kind", "microcents"],
  );
}

/** The median whole days from going under contract to being assigned, over the user's assigned deals (null: none). */
function medianDaysToAssign(context: ServiceContext<"db">, userId: string) {
  return rowsOf<{ days: number | null }>(
    context,
    sql`
    select avg(days) as days from (
      select days, row_number() over (order by days) as position, count(*) over () as total from (
        select (${deals.assignedAt} - ${deals.contractedAt}) / 86400000.0 as days from ${deals}
        where ${deals.userId} = ${userId} and ${deals.assignedAt} is not null and ${deals.contractedAt} is not null))
    where position in ((total + 1) / 2, (total + 2) / 2)`,
    ["days"],
  );
}

/** Offers with an amount (not bare inquiries) and the deals with a disposition status, counted for offers per deal. */
function offersAndDeals(context: ServiceContext<"db">, userId: string) {
  return rowsOf<{ offers: number; deals: number }>(
    context,
    sql`
    select
      (select count(*) from ${dealOffers} join ${deals} on ${deals.id} = ${dealOffers.dealId}
        where ${dealOffers.userId} = ${userId} and ${deals.userId} = ${userId}
          and ${deals.dispoStatus} is not null and ${dealOffers.amount} is not null) as offers,
      (select count(*) from ${deals} where ${deals.userId} = ${userId} and ${deals.dispoStatus} is not null) as deals`,
    ["offers", "deals"],
  );
}

type MedianRows = { days: number | null }[];
type OfferRows = { offers: number; deals: number }[];

/** The median days to one decimal, or null with no assigned deal. */
function medianOf([row]: MedianRows) {
  return row?.days === null || row?.days === undefined ? null : Math.round(Number(row.days) * 10) / 10;
}

/** Offers per deal with a disposition status, to one decimal (null: no such deal). */
function offersPerDealOf([row]: OfferRows) {
  const dealCount = Number(row?.deals ?? 0);
  return dealCount === 0 ? null : Math.round((Number(row?.offers ?? 0) / dealCount) * 10) / 10;
}

/**
 * The dashboard's disposition and marketing figures: four aggregates read side by side (one round-trip wave), or, with
 * a write to land alongside (the closed-loop export's activity entry), in one batch with it.
 */
export async function loadDispoFigures(context: ServiceContext<"db">, userId: string, also?: BatchItem<"sqlite">) {
  const reads = [
    sourceCounts(context, userId),
    spendRows(context, userId),
    medianDaysToAssign(context, userId),
    offersAndDeals(context, userId),
  ] as const;
  const [counts, spend, median, offers] = also
    ? await context.db.batch([also, ...reads]).then(([, ...rows]) => rows as [SourceCounts[], SpendRow[], MedianRows, OfferRows])
    : await Promise.all(reads);
  return { ...dispoFigures(counts, spend), medianDaysToAssign: medianOf(median), offersPerDeal: offersPerDealOf(offers) };
}
