import { sql } from "drizzle-orm";

import { DISPO_STATUSES } from "#db/enums.ts";
import { dealOffers, deals, leadRequests, letterMailings, properties, usageEvents } from "#db/schema.ts";
import { dispoFigures, type SourceCounts, type SpendRow } from "#app/domain/dashboard/dispo-figures.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * A lead's source in SQL: the seller type it was found as (the CRM's lead type), or "" for one added by hand. Paid
 * lead pages and skip traces carry the seller type of the search that bought them; a letter, its property's.
 */
const leadSource = sql`coalesce(nullif(${properties.leadType}, ''), '')`;

/** Per lead source: the user's leads, their deals under contract, assigned, and the fees asked and received (cents). */
function sourceCounts(context: ServiceContext<"db">, userId: string) {
  return context.db.all<SourceCounts>(sql`
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
    group by 1`);
}

/**
 * The user's ledger summed per lead source and usage kind, in whole micro-cents: lead pages and skip traces belong to
 * the seller type of the search that bought them, letters to their property's source, the rest to no lead ("-").
 */
function spendRows(context: ServiceContext<"db">, userId: string) {
  return context.db.all<SpendRow>(sql`
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
    group by 1, 2`);
}

/** The median whole days from going under contract to being assigned, over the user's assigned deals (null: none). */
async function medianDaysToAssign(context: ServiceContext<"db">, userId: string) {
  const [row] = await context.db.all<{ days: number | null }>(sql`
    select avg(days) as days from (
      select days, row_number() over (order by days) as position, count(*) over () as total from (
        select (${deals.assignedAt} - ${deals.contractedAt}) / 86400000.0 as days from ${deals}
        where ${deals.userId} = ${userId} and ${deals.assignedAt} is not null and ${deals.contractedAt} is not null))
    where position in ((total + 1) / 2, (total + 2) / 2)`);
  return row?.days === null || row?.days === undefined ? null : Math.round(Number(row.days) * 10) / 10;
}

/** Offers with an amount (not bare inquiries) per deal with a disposition status, to one decimal (null: no such deal). */
async function offersPerDeal(context: ServiceContext<"db">, userId: string) {
  const [row] = await context.db.all<{ offers: number; deals: number }>(sql`
    select
      (select count(*) from ${dealOffers} join ${deals} on ${deals.id} = ${dealOffers.dealId}
        where ${dealOffers.userId} = ${userId} and ${deals.userId} = ${userId}
          and ${deals.dispoStatus} is not null and ${dealOffers.amount} is not null) as offers,
      (select count(*) from ${deals} where ${deals.userId} = ${userId} and ${deals.dispoStatus} is not null) as deals`);
  const dealCount = Number(row?.deals ?? 0);
  return dealCount === 0 ? null : Math.round((Number(row?.offers ?? 0) / dealCount) * 10) / 10;
}

/** The dashboard's disposition and marketing figures, read in four parallel aggregates (one round-trip wave). */
export async function loadDispoFigures(context: ServiceContext<"db">, userId: string) {
  const [counts, spend, medianDays, offers] = await Promise.all([
    sourceCounts(context, userId),
    spendRows(context, userId),
    medianDaysToAssign(context, userId),
    offersPerDeal(context, userId),
  ]);
  return { ...dispoFigures(counts, spend), medianDaysToAssign: medianDays, offersPerDeal: offers };
}
