import { Link } from "@remix-run/react";

import { formatNumber } from "#app/domain/shared/format.ts";
import { USAGE_KIND_LABELS, type UsageKind } from "#app/domain/usage/kinds.ts";
import type { UsageReport } from "#app/domain/usage/report.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

/** The dashboard's one line of this month's paid actions and spend, linking to Profile → Usage. */
export function UsageLine({ usage }: { usage: UsageReport }) {
  const count = (kind: UsageKind) => {
    const n = usage.items.find((item) => item.kind === kind)?.count ?? 0;
    return `${formatNumber(n)} ${n === 1 ? USAGE_KIND_LABELS[kind].one : USAGE_KIND_LABELS[kind].many}`;
  };
  return (
    <p className="text-sm text-slate-600" data-testid="usage-line">
      This month: {count("lead")} · {count("letter")} · {count("ai_call")} · {formatCostCents(usage.spend.usedCents)} of your{" "}
      {formatCostCents(usage.spend.capCents)} cap.{" "}
      <Link to="/profile?tab=usage" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        Usage
      </Link>
    </p>
  );
}
