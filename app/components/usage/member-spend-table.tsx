import { formatNumber } from "#app/domain/shared/format.ts";
import { USAGE_KIND_LABELS, USAGE_KINDS } from "#app/domain/usage/kinds.ts";
import type { MemberSpend } from "#app/domain/usage/report.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

/** Profile → Usage for an owner: what each member spent this month, by kind, with their own cap. */
export function MemberSpendTable({ members }: { members: MemberSpend[] }) {
  return (
    <section aria-labelledby="member-spend-title" className="space-y-2">
      <h3 id="member-spend-title" className="text-base font-semibold text-slate-900">
        Spend per member this month
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="member-spend">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 pr-4 font-medium">Member</th>
              {USAGE_KINDS.map((kind) => (
                <th key={kind} className="py-2 pr-4 text-right font-medium capitalize">
                  {USAGE_KIND_LABELS[kind].many}
                </th>
              ))}
              <th className="py-2 pr-4 text-right font-medium">Total</th>
              <th className="py-2 text-right font-medium">Their cap</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.memberId} data-member-id={member.memberId}>
                <td className="py-2 pr-4">{member.name}</td>
                {USAGE_KINDS.map((kind) => (
                  <td key={kind} className="py-2 pr-4 text-right tabular-nums">
                    {formatNumber(member.counts[kind])}
                  </td>
                ))}
                <td className="py-2 pr-4 text-right tabular-nums">{formatCostCents(member.usedCents)}</td>
                <td className="py-2 text-right tabular-nums text-slate-600">
                  {member.capCents === null ? "No member cap" : formatCostCents(member.capCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">Set each member's cap on Team.</p>
    </section>
  );
}
