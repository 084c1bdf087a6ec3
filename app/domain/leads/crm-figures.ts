/** The CRM's summary figures; the counting itself runs in SQL (services/leads/properties.server.ts). */

export type CrmFigures = { totalLeads: number; qualified: number; underContract: number };

/**
 * Total Leads, Qualified and Under Contract from per-status counts (what the server's GROUP BY gives):
 * Total is every lead; the other two count the leads with those statuses.
 */
export function crmFiguresFromCounts(counts: readonly { status: string; count: number }[]): CrmFigures {
  let totalLeads = 0;
  let qualified = 0;
  let underContract = 0;
  for (const { status, count } of counts) {
    totalLeads += count;
    if (status === "qualified") qualified += count;
    else if (status === "under_contract") underContract += count;
  }
  return { totalLeads, qualified, underContract };
}
