import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Tabs from "@radix-ui/react-tabs";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import {
  CompanyInfoTab,
  EmailVerification,
  PasswordTab,
  PROFILE_FAILURE,
  PROFILE_TABS,
  profileTabOf,
  UserInfoTab,
  type ProfileTab,
} from "#app/components/accounts/profile-forms.tsx";
import { DEAL_RULE_TAB, DealRuleForm } from "#app/components/offers/deal-rule-form.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { UsageTab } from "#app/components/usage/usage-tab.tsx";
import { ChangePasswordSchema, CompanyInfoSchema, UserInfoSchema } from "#app/domain/accounts/auth-schemas.ts";
import { DealRuleSchema } from "#app/domain/offers/deal-rule-form.ts";
import { dealRuleOf } from "#app/domain/offers/deal-rule.ts";
import { listedZone, timeZoneNames } from "#app/domain/shared/time-zone-names.ts";
import { SpendCapSchema } from "#app/domain/usage/usage-forms.ts";
import { areaOfProfileTab, mayWork, refusalFor } from "#app/domain/workspaces/roles.ts";
import { getCurrentUser, requestMeta, requireUser } from "#app/services/accounts/auth.server.ts";
import { changePassword, updateUserInfo, upsertCompany } from "#app/services/accounts/profile.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { saveDealRule } from "#app/services/offers/deal-rule.server.ts";
import { readUsage, setMonthlyCap } from "#app/services/usage/ledger.server.ts";
import { readMemberSpend } from "#app/services/usage/member-spend.server.ts";

const VERIFY_NEW_EMAIL = "We sent a verification link to your new email address.";

export const meta: MetaFunction = () => [{ title: "Profile settings — Breeze" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const [current, usage, members] = await Promise.all([
    getCurrentUser(context, session.user),
    readUsage(context, session.workspaceId),
    mayWork(session.role, "money") ? readMemberSpend(context, session.workspaceId) : null,
  ]);
  // The select's options come from the server's list, the one the action validates against (ADR 096).
  const timeZones = timeZoneNames().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
  const dealRule = dealRuleOf(session.user.preferences);
  return { current, usage, members, dealRule, timeZone: listedZone(userZone(request, session.user)), timeZones };
}

/** Success: redirect back to the tab with the toast flashed (post/redirect/get, the same with or without JS). */
function succeed(tab: ProfileTab, message: string, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(`/profile?tab=${tab}`, { title: "Success", description: message, variant: "success" }, { headers });
}

function refuse(
  tab: ProfileTab,
  submission: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> },
  message: string,
) {
  return data({ tab, message, result: submission.reply({ formErrors: [message] }) }, { status: 403 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const formData = await readFormData(request);
  const tab = profileTabOf(String(formData.get("intent")));
  // Profile is the person's own, but its usage, deal rule and company tabs change the workspace.
  const refusal = mayWork(session.role, areaOfProfileTab(tab)) ? null : refusalFor(session.role, areaOfProfileTab(tab));
  if (tab === "user") {
    const submission = parseWithZod(formData, { schema: UserInfoSchema });
    if (submission.status !== "success") return data({ tab, result: submission.reply() }, { status: 400 });
    const outcome = await updateUserInfo(context, session.user, submission.value);
    const hideCurrent = { hideFields: ["currentPassword"] };
    if (!outcome.ok) {
      return data(
        { tab, result: submission.reply({ ...hideCurrent, fieldErrors: outcome.errors, formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return succeed(
      tab,
      outcome.emailChanged ? `User information updated successfully. ${VERIFY_NEW_EMAIL}` : "User information updated successfully",
    );
  }
  if (tab === "usage") {
    if (refusal) return data({ tab, message: refusal, usageError: refusal }, { status: 403 });
    const parsed = SpendCapSchema.safeParse({ monthlyCap: formData.get("monthlyCap") ?? "" });
    if (!parsed.success) return data({ tab, usageError: parsed.error.issues[0]?.message ?? PROFILE_FAILURE.usage }, { status: 400 });
    await setMonthlyCap(context, session.workspaceId, parsed.data.monthlyCap * 100);
    return succeed(tab, "Spending cap updated");
  }
  if (tab === DEAL_RULE_TAB) {
    const submission = parseWithZod(formData, { schema: DealRuleSchema });
    if (refusal) return refuse(tab, submission, refusal);
    if (submission.status !== "success") return data({ tab, result: submission.reply() }, { status: 400 });
    await saveDealRule(context, session.workspaceId, submission.value);
    return succeed(tab, "Deal rule updated");
  }
  if (tab === "company") {
    const submission = parseWithZod(formData, { schema: CompanyInfoSchema });
    if (refusal) return refuse(tab, submission, refusal);
    if (submission.status !== "success") return data({ tab, result: submission.reply() }, { status: 400 });
    await upsertCompany(context, session.workspaceId, submission.value);
    return succeed(tab, "Company information updated successfully");
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") return data({ tab, result: submission.reply(hidden) }, { status: 400 });
  const outcome = await changePassword(context, session, submission.value, requestMeta(request));
  if (!outcome.ok)
    return data(
      { tab, result: submission.reply({ ...hidden, fieldErrors: outcome.errors, formErrors: [outcome.message] }) },
      { status: outcome.status },
    );
  return succeed(tab, "Password changed successfully", [outcome.cookie]);
}

export default function Profile() {
  const { current, usage, members, dealRule, timeZone, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = actionData?.tab ?? profileTabOf(searchParams.get("tab"));

  return (
    <div className="flex min-h-full flex-col">
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Link to="/" className={buttonClass("ghost", "-ml-3")}>
          <span aria-hidden="true">←</span> Back
        </Link>
        <div className="mt-4 flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700"
          >
            {current.initials}
          </span>
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Profile settings</h1>
            <p className="text-sm text-slate-600">
              {current.displayName}
              {current.company ? ` · ${current.company.companyName}` : ""}
            </p>
          </div>
        </div>
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setSearchParams({ tab: value }, { replace: true, preventScrollReset: true })}
          className="mt-8"
        >
          <Tabs.List aria-label="Profile sections" className="flex flex-wrap gap-x-1 border-b border-slate-200">
            {PROFILE_TABS.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} asChild>
                <Link
                  to={`?tab=${item.value}`}
                  replace
                  preventScrollReset
                  className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 sm:px-4 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
                >
                  {item.label}
                </Link>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Tabs.Content value="user">
              <EmailVerification verified={current.emailVerified} />
              <UserInfoTab current={current} timeZone={timeZone} timeZones={timeZones} />
            </Tabs.Content>
            <Tabs.Content value="company">
              <CompanyInfoTab current={current} />
            </Tabs.Content>
            <Tabs.Content value="password">
              <PasswordTab />
            </Tabs.Content>
            <Tabs.Content value="usage">
              <UsageTab
                usage={usage}
                members={members}
                error={actionData && "usageError" in actionData ? actionData.usageError : undefined}
              />
            </Tabs.Content>
            <Tabs.Content value={DEAL_RULE_TAB}>
              <DealRuleForm
                rule={dealRule}
                // Remix serializes the action's type (JsonifyObject), which Conform's SubmissionResult no longer matches.
                lastResult={
                  actionData?.tab === DEAL_RULE_TAB && "result" in actionData
                    ? (actionData.result as SubmissionResult<string[]>)
                    : undefined
                }
              />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/" backLabel="Back" />;
}
