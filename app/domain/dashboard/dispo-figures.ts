/**
 * The dashboard's "loop closed" figures: deals by disposition status, fees asked and received, and what marketing
 * cost per lead source and per channel against the leads, contracts and assigned deals it produced. Money is integer
 * cents throughout; the ledger's micro-cents are rounded to cents once per row.
 */
import { DISPO_STATUS_LABELS, DISPO_STATUSES, type DispoStatus } from "#db/enums.ts";
import { leadTypeLabel } from "#app/domain/leads/labels.ts";
import { toCsv } from "#app/domain/shared/csv.ts";

/** One lead source's counts as the SQL aggregate returns them (money in cents). */
export type SourceCounts = {
  source: string;
  leads: number;
  contracts: number;
  assigned: number;
  under_contract: number;
  marketed: number;
  offers_in: number;
  assigned_only: number;
  fee_received: number;
  fee_asked_cents: number;
  fee_received_cents: number;
};

/** The ledger summed per lead source ("-": tied to no lead) and usage kind, in micro-cents. */
export type SpendRow = { source: string; kind: string; microcents: number };

export type LoopRow = {
  group: "Lead source" | "Channel";
  label: string;
  spendCents: number;
  leads: number;
  contracts: number;
  assigned: number;
  feesReceivedCents: number;
  perLeadCents: number | null;
  perContractCents: number | null;
  perAssignedCents: number | null;
  /** Fees received ÷ spend; null with no spend. */
  returnRatio: number | null;
};

/** The ledger's usage kinds grouped into the channels a wholesaler pays for. */
const CHANNEL_OF: Record<string, string> = {
  letter: "Letters",
  lead: "Lead lists",
  skip_trace: "Skip traces",
  ai_call: "AI",
  ai_tokens: "AI",
  buyer_email: "Buyer emails",
  cash_buyer_page: "Cash buyer searches",
  comp_record: "Comps",
};

const centsOf = (microcents: number) => Math.round(microcents / 1_000_000);
const per = (spendCents: number, count: number) => (count > 0 ? Math.round(spendCents / count) : null);

function row(
  group: LoopRow["group"],
  label: string,
  spendCents: number,
  counts: Omit<LoopRow, "group" | "label" | "spendCents" | "perLeadCents" | "perContractCents" | "perAssignedCents" | "returnRatio">,
): LoopRow {
  return {
    group,
    label,
    spendCents,
    ...counts,
    perLeadCents: per(spendCents, counts.leads),
    perContractCents: per(spendCents, counts.contracts),
    perAssignedCents: per(spendCents, counts.assigned),
    returnRatio: spendCents > 0 ? counts.feesReceivedCents / spendCents : null,
  };
}

const sourceLabel = (source: string) => (source === "" ? "Added by hand" : source === "-" ? "Not tied to a lead" : leadTypeLabel(source));

export function dispoFigures(counts: readonly SourceCounts[], spend: readonly SpendRow[]) {
  const n = (value: number | null | undefined) => Number(value ?? 0);
  const byStage = Object.fromEntries(DISPO_STATUSES.map((status) => [status, 0])) as Record<DispoStatus, number>;
  const totals = { leads: 0, contracts: 0, assigned: 0, feesReceivedCents: 0, feeAskedCents: 0 };
  for (const c of counts) {
    byStage.under_contract += n(c.under_contract);
    byStage.marketed += n(c.marketed);
    byStage.offers_in += n(c.offers_in);
    byStage.assigned += n(c.assigned_only);
    byStage.fee_received += n(c.fee_received);
    totals.leads += n(c.leads);
    totals.contracts += n(c.contracts);
    totals.assigned += n(c.assigned);
    totals.feesReceivedCents += n(c.fee_received_cents);
    totals.feeAskedCents += n(c.fee_asked_cents);
  }
  // Sources are grouped by their label: a search's seller type ("high_equity") and a lead's type ("High equity") agree.
  const sources = new Map<string, { microcents: number; leads: number; contracts: number; assigned: number; feesReceivedCents: number }>();
  const sourceOf = (source: string) => {
    const label = sourceLabel(source);
    const found = sources.get(label) ?? { microcents: 0, leads: 0, contracts: 0, assigned: 0, feesReceivedCents: 0 };
    sources.set(label, found);
    return found;
  };
  const channels = new Map<string, number>();
  for (const s of spend) {
    sourceOf(s.source).microcents += n(s.microcents);
    const channel = CHANNEL_OF[s.kind] ?? s.kind;
    channels.set(channel, (channels.get(channel) ?? 0) + n(s.microcents));
  }
  for (const c of counts) {
    const found = sourceOf(c.source);
    found.leads += n(c.leads);
    found.contracts += n(c.contracts);
    found.assigned += n(c.assigned);
    found.feesReceivedCents += n(c.fee_received_cents);
  }
  const sourceRows = [...sources].map(([label, { microcents, ...tally }]) => row("Lead source", label, centsOf(microcents), tally));
  // A channel's cost is weighed against every lead, contract and fee: the ledger does not tie AI or email to one lead.
  const channelRows = [...channels].map(([channel, microcents]) => row("Channel", channel, centsOf(microcents), totals));
  const spendCents = channelRows.reduce((sum, r) => sum + r.spendCents, 0);
  return {
    byStage: DISPO_STATUSES.map((status) => ({ status, label: DISPO_STATUS_LABELS[status], count: byStage[status] })),
    feeAskedCents: totals.feeAskedCents,
    feeReceivedCents: totals.feesReceivedCents,
    rows: [
      ...sourceRows.sort((a, b) => b.spendCents - a.spendCents || a.label.localeCompare(b.label)),
      ...channelRows.sort((a, b) => b.spendCents - a.spendCents || a.label.localeCompare(b.label)),
    ],
    total: row("Channel", "Total", spendCents, totals),
  };
}
export type DispoFigures = ReturnType<typeof dispoFigures>;

/** The panel's table as CSV (money in dollars with cents, for spreadsheets), through the shared formula-safe writer. */
export function dispoCsv(figures: DispoFigures): string {
  const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
  const header = [
    "Group",
    "Name",
    "Spend",
    "Leads",
    "Contracts",
    "Assigned",
    "Fees Received",
    "Cost per Lead",
    "Cost per Contract",
    "Cost per Assigned Deal",
    "Return",
  ];
  const line = (r: LoopRow) => [
    r.group,
    r.label,
    dollars(r.spendCents),
    r.leads,
    r.contracts,
    r.assigned,
    dollars(r.feesReceivedCents),
    dollars(r.perLeadCents),
    dollars(r.perContractCents),
    dollars(r.perAssignedCents),
    r.returnRatio === null ? null : Math.round(r.returnRatio * 100) / 100,
  ];
  return toCsv([header, ...figures.rows.map(line), line(figures.total)]);
}
