import { MemberFormList } from "#app/components/usage/member-form-list.tsx";

export type MemberCapRow = { userId: string; name: string; capCents: number | null };
export type MemberCapErrors = { capFor: string; errors: Record<string, string[] | undefined> };

/** A cap in cents as the field shows it: "150" for whole dollars, "150.50" otherwise, blank for none. */
function capText(capCents: number | null): string {
  if (capCents === null) return "";
  return capCents % 100 === 0 ? String(capCents / 100) : (capCents / 100).toFixed(2);
}

/**
 * /team's spending caps: one form a member (it works without JavaScript), their own monthly cap in dollars. Blank is
 * no member cap; the workspace's cap in Profile → Usage still holds for everyone.
 */
export function MemberCaps({ members, failed }: { members: MemberCapRow[]; failed?: MemberCapErrors }) {
  const errorOf = (member: MemberCapRow) =>
    failed?.capFor === member.userId ? (failed.errors.monthlyCap ?? failed.errors.form)?.[0] : undefined;
  const errorId = (member: MemberCapRow) => `member-cap-error-${member.userId}`;
  return (
    <MemberFormList
      id="member-caps"
      testId="member-cap"
      title="Spending caps"
      description="Each member's own monthly cap on paid actions (letters, leads, skip traces, AI). Leave it blank for no member cap; the workspace's monthly cap still holds."
      intent="cap"
      members={members}
      formClassName="flex flex-wrap items-end gap-3 py-2"
      saveLabel="Save cap"
      fieldsOf={(member) => (
        <label className="flex flex-col text-sm">
          <span>Monthly cap for {member.name} ($)</span>
          <input
            name="monthlyCap"
            inputMode="decimal"
            defaultValue={capText(member.capCents)}
            placeholder="No member cap"
            aria-invalid={errorOf(member) ? true : undefined}
            aria-describedby={errorOf(member) ? errorId(member) : undefined}
            className="mt-1 w-40 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
      )}
      afterOf={(member) =>
        errorOf(member) ? (
          <p id={errorId(member)} role="alert" className="w-full text-sm text-red-700">
            {errorOf(member)}
          </p>
        ) : null
      }
    />
  );
}
