import { MemberFormList } from "#app/components/usage/member-form-list.tsx";
import { USAGE_KIND_LABELS } from "#app/domain/usage/kinds.ts";
import {
  MEMBER_LIMIT_KINDS,
  MEMBER_LIMIT_WINDOWS,
  memberLimitField,
  type MemberLimitKind,
  type MemberLimits,
  type MemberLimitWindow,
} from "#app/domain/usage/member-limits.ts";

export type MemberLimitRow = { userId: string; name: string; limits: MemberLimits };
/** A refused save: whose, the field errors, and what the owner typed (shown again, so nothing is lost). */
export type MemberLimitErrors = { limitsFor: string; errors: Record<string, string[] | undefined>; values: Record<string, string> };

const WINDOW_HEADINGS: Record<MemberLimitWindow, string> = { perDay: "Per day", perMonth: "Per month" };

/**
 * /team's usage limits: one form a member (it works without JavaScript), a whole number per paid kind a day and a
 * month. Blank is no member limit; the workspace's limits still hold for everyone.
 */
export function MemberLimitsSection({ members, failed }: { members: MemberLimitRow[]; failed?: MemberLimitErrors }) {
  return (
    <MemberFormList
      id="member-limits"
      testId="member-limits"
      title="Usage limits"
      description="At most how many of each paid action a member may start a day and a month. Leave a field blank for no member limit; the workspace's limits still hold."
      intent="limits"
      members={members}
      formClassName="space-y-2 py-3"
      saveLabel="Save limits"
      fieldsOf={(member) => <LimitsTable member={member} failed={failed?.limitsFor === member.userId ? failed : undefined} />}
    />
  );
}

/** A member's limits: a row per paid kind, a field per window. */
function LimitsTable({ member, failed }: { member: MemberLimitRow; failed?: MemberLimitErrors }) {
  return (
    <table className="text-sm">
      <caption className="text-left font-medium text-slate-900">Limits for {member.name}</caption>
      <thead>
        <tr>
          <th scope="col" className="pr-3 text-left font-normal text-slate-600">
            Action
          </th>
          {MEMBER_LIMIT_WINDOWS.map((window) => (
            <th key={window} scope="col" className="pr-3 text-left font-normal text-slate-600">
              {WINDOW_HEADINGS[window]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MEMBER_LIMIT_KINDS.map((kind) => (
          <tr key={kind}>
            <th scope="row" className="pr-3 text-left font-normal capitalize">
              {USAGE_KIND_LABELS[kind].many}
            </th>
            {MEMBER_LIMIT_WINDOWS.map((window) => (
              <LimitField key={window} member={member} kind={kind} window={window} failed={failed} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One limit's field: what the owner typed when the save was refused, else the saved limit, else blank. */
function LimitField(props: { member: MemberLimitRow; kind: MemberLimitKind; window: MemberLimitWindow; failed?: MemberLimitErrors }) {
  const { member, kind, window, failed } = props;
  const field = memberLimitField(kind, window);
  const error = failed?.errors[field]?.[0];
  const errorId = `member-limit-error-${member.userId}-${field}`;
  const saved = member.limits[kind]?.[window];
  return (
    <td className="pr-3 align-top">
      <input
        name={field}
        inputMode="numeric"
        aria-label={`${USAGE_KIND_LABELS[kind].many} ${WINDOW_HEADINGS[window].toLowerCase()} for ${member.name}`}
        defaultValue={failed ? (failed.values[field] ?? "") : saved == null ? "" : String(saved)}
        placeholder="No limit"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 w-28 rounded-md border border-slate-300 px-2 py-1"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </td>
  );
}
