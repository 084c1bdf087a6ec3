import { Form, useNavigation } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { formatNumber } from "#app/domain/shared/format.ts";
import { USAGE_KIND_LABELS, type KindLimits } from "#app/domain/usage/kinds.ts";
import type { MemberSpend, UsageReport } from "#app/domain/usage/report.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

import { MemberSpendTable } from "./member-spend-table.tsx";

function capText(limits: KindLimits): string {
  const parts = [
    limits.perMinute !== null ? `${formatNumber(limits.perMinute)}/min` : null,
    limits.perDay !== null ? `${formatNumber(limits.perDay)}/day` : null,
    limits.perMonth !== null ? `${formatNumber(limits.perMonth)}/month` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "No cap";
}

/**
 * Profile → Usage: this month's metered actions, what they cost and the caps; for an owner (`members` given), each
 * member's spend and the workspace's monthly spending cap form.
 */
export function UsageTab({ usage, members, error }: { usage: UsageReport; members?: MemberSpend[] | null; error?: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Usage this month ({usage.period})</h2>
        <p className="text-sm text-slate-600">
          Letters, leads, skip traces and AI calls cost money at the vendors Breeze uses. Every one is counted here.
        </p>
      </div>
      {/* A container: on a phone each row reads as a card (`card-table`, tailwind.css). */}
      <div className="@container">
        <table className="card-table w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 pr-4 font-medium">What</th>
              <th className="py-2 pr-4 text-right font-medium">Count</th>
              <th className="py-2 pr-4 text-right font-medium">Cost</th>
              <th className="py-2 font-medium">Cap</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {usage.items.map((item) => (
              <tr key={item.kind} data-usage-kind={item.kind}>
                <td className="py-2 pr-4 capitalize">{USAGE_KIND_LABELS[item.kind].many}</td>
                <td data-label="Count" className="py-2 pr-4 text-right tabular-nums">
                  {formatNumber(item.count)}
                </td>
                <td data-label="Cost" className="py-2 pr-4 text-right tabular-nums">
                  {formatCostCents(item.costCents)}
                </td>
                <td data-label="Cap" className="py-2 text-slate-600">
                  {capText(usage.limits[item.kind])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700" data-testid="usage-spend">
        Spent {formatCostCents(usage.spend.usedCents)} of your {formatCostCents(usage.spend.capCents)} monthly cap.
      </p>
      {members ? <MemberSpendTable members={members} /> : null}
      {members ? <SpendCapForm capCents={usage.spend.capCents} error={error} /> : null}
    </div>
  );
}

/** The workspace's monthly spending cap, in whole dollars: its owners set it. */
function SpendCapForm({ capCents, error }: { capCents: number; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "usage";
  return (
    <Form method="post" action="/profile?tab=usage" className="flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium text-slate-700">
        Monthly spending cap ($)
        <input
          name="monthlyCap"
          inputMode="numeric"
          defaultValue={String(Math.round(capCents / 100))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "usage-cap-error" : undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <Button type="submit" name="intent" value="usage" disabled={busy}>
        Save Cap
      </Button>
      {error ? (
        <p id="usage-cap-error" role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
