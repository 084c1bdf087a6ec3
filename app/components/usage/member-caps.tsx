import { Form, useNavigation } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";

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
  const navigation = useNavigation();
  return (
    <section aria-labelledby="member-caps-title">
      <h2 id="member-caps-title" className="text-lg font-semibold text-slate-900">
        Spending caps
      </h2>
      <p className="text-sm text-slate-600">
        Each member's own monthly cap on paid actions (letters, leads, skip traces, AI). Leave it blank for no member cap; the workspace's
        monthly cap still holds.
      </p>
      <ul className="divide-y divide-slate-200">
        {members.map((member) => {
          const error = failed?.capFor === member.userId ? (failed.errors.monthlyCap ?? failed.errors.form)?.[0] : undefined;
          const busy = navigation.state === "submitting" && navigation.formData?.get("userId") === member.userId;
          const errorId = `member-cap-error-${member.userId}`;
          return (
            <li key={member.userId} data-testid="member-cap">
              <Form method="post" className="flex flex-wrap items-end gap-3 py-2">
                <input type="hidden" name="intent" value="cap" />
                <input type="hidden" name="userId" value={member.userId} />
                <label className="flex flex-col text-sm">
                  <span>Monthly cap for {member.name} ($)</span>
                  <input
                    name="monthlyCap"
                    inputMode="decimal"
                    defaultValue={capText(member.capCents)}
                    placeholder="No member cap"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className="mt-1 w-40 rounded-md border border-slate-300 px-2 py-1"
                  />
                </label>
                <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                  {busy ? "Saving..." : "Save cap"}
                </button>
                {error ? (
                  <p id={errorId} role="alert" className="w-full text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
