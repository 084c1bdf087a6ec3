import { useRouteLoaderData } from "@remix-run/react";

import { formatNumber } from "#app/domain/shared/format.ts";
import { USAGE_KIND_LABELS, type UsageKind } from "#app/domain/usage/kinds.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

type RootCosts = { unitCostCents: Record<UsageKind, number> | null };

/**
 * "5 leads · $0.50": what a paid action will cost, shown beside its button before it is pressed (rendered on the
 * server, so it is there without JavaScript). The unit costs come with the root loader's data.
 */
export function CostPreview({
  kind,
  count,
  extra,
  testId = "cost-preview",
}: {
  kind: UsageKind;
  count: number;
  extra?: { kind: UsageKind; count: number };
  /** A choice's own price (beside each of several options) is told apart from the button's preview. */
  testId?: string;
}) {
  const root = useRouteLoaderData("root") as RootCosts | undefined;
  const costs = root?.unitCostCents;
  if (!costs) return null;
  const cents = costs[kind] * count + (extra ? costs[extra.kind] * extra.count : 0);
  const label = USAGE_KIND_LABELS[kind];
  return (
    <span className="text-xs text-slate-600" data-testid={testId}>
      {formatNumber(count)} {count === 1 ? label.one : label.many} · {formatCostCents(cents)}
    </span>
  );
}
