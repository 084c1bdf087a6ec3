import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Tabs from "@radix-ui/react-tabs";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import type { z } from "zod";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { DEAL_RULE_TAB, DealRuleForm } from "#app/components/offers/deal-rule-form.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, InputField, SelectField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { UsageTab } from "#app/components/usage/usage-tab.tsx";
import { ChangePasswordSchema, CompanyInfoSchema, UserInfoSchema } from "#app/domain/accounts/auth-schemas.ts";
import { formatPhone } from "#app/domain/leads/phone.ts";
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

const TABS = [
  { value: "user", label: "User Info" },
  { value: "company", label: "Company Info" },
  { value: "password", label: "Password" },
  { value: "usage", label: "Usage" },
  { value: DEAL_RULE_TAB, label: "Deal Rule" },
] as const;
type Tab = (typeof TABS)[number]["value"];

const FAILURE: Record<Tab, string> = {
  user: "Failed to update user information",
  company: "Failed to update company information",
  password: "Failed to change password",
  usage: "Failed to update the spending cap",
  deals: "Failed to update the deal rule",
};

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab.value === value)?.value ?? "user";
}

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
function succeed(tab: Tab, message: string, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(`/profile?tab=${tab}`, { title: "Success", description: message, variant: "success" }, { headers });
}

function refuse(tab: Tab, submission: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> }, message: string) {
  return data({ tab, message, result: submission.reply({ formErrors: [message] }) }, { status: 403 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const formData = await readFormData(request);
  const tab = tabOf(String(formData.get("intent")));
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
    if (!parsed.success) return data({ tab, usageError: parsed.error.issues[0]?.message ?? FAILURE.usage }, { status: 400 });
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

function useTabForm<S extends z.ZodType>(tab: Tab, loadSchema: () => Promise<S>) {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const toast = useToast();
  // Remix's useActionData serializes the type (JsonifyObject), which Conform's SubmissionResult no longer matches.
  const lastResult = actionData?.tab === tab && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const validate = useZodValidation(loadSchema);
  const [form, fields] = useForm({
    id: `profile-${tab}`,
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const failure = form.errors?.[0];
  useEffect(() => {
    if (failure && hydrated) toast({ title: "Error", description: failure || FAILURE[tab], variant: "error" });
  }, [failure, hydrated, toast, tab, lastResult]);
  return { form, fields, showInlineError: !hydrated };
}

function SaveButton({ tab, children }: { tab: Tab; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === tab;
  return (
    <Button type="submit" name="intent" value={tab} disabled={busy}>
      {busy ? "Saving..." : children}
    </Button>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

function UserInfoTab({ current, timeZone, timeZones }: Pick<Loaded, "current" | "timeZone" | "timeZones">) {
  const { form, fields, showInlineError } = useTabForm("user", () =>
    import("#app/domain/accounts/auth-schemas.ts").then((module) => module.UserInfoSchema),
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {showInlineError ? <FormError id={form.errorId} messages={form.errors} /> : null}
      <InputField label="Full name" meta={fields.fullName} autoComplete="name" defaultValue={current.fullName ?? current.displayName} />
      <InputField label="Email" meta={fields.email} type="email" autoComplete="email" defaultValue={current.email} />
      <InputField
        label="Mobile phone"
        meta={fields.mobileE164}
        type="tel"
        autoComplete="tel"
        defaultValue={formatPhone(current.mobileE164)}
      />
      <div>
        <SelectField label="Time zone" meta={fields.timeZone} options={timeZones} defaultValue={timeZone} />
        <p className="mt-1 text-xs text-slate-500">Today's tasks are due by your day in this zone.</p>
      </div>
      <InputField
        label="Current password (only to change your email)"
        meta={fields.currentPassword}
        type="password"
        autoComplete="current-password"
        hint="A new email address must be verified again; we tell your old address about the change."
      />
      <SaveButton tab="user">Save User Info</SaveButton>
    </Form>
  );
}

/** Whether the account's email is verified, with a way to send a new link (it works without JavaScript). */
function EmailVerification({ verified }: { verified: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/verify-email";
  if (verified) return <p className="mb-4 text-sm text-emerald-700">Your email address is verified.</p>;
  return (
    <Form
      method="post"
      action="/verify-email"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
    >
      <span>Your email address is not verified yet. Open the link we emailed you, or get a new one.</span>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Sending..." : "Resend verification email"}
      </Button>
    </Form>
  );
}

function CompanyInfoTab({ current }: { current: Awaited<ReturnType<typeof loader>>["current"] }) {
  const { form, fields, showInlineError } = useTabForm("company", () =>
    import("#app/domain/accounts/auth-schemas.ts").then((module) => module.CompanyInfoSchema),
  );
  const company = current.company;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {showInlineError ? <FormError id={form.errorId} messages={form.errors} /> : null}
      <InputField label="Company name" meta={fields.companyName} autoComplete="organization" defaultValue={company?.companyName ?? ""} />
      <InputField label="Title" meta={fields.title} autoComplete="organization-title" defaultValue={company?.title ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Offer contact email"
          meta={fields.offerContactEmail}
          type="email"
          defaultValue={company?.offerContactEmail ?? ""}
        />
        <InputField
          label="Offer contact phone"
          meta={fields.offerContactPhoneE164}
          type="tel"
          defaultValue={formatPhone(company?.offerContactPhoneE164)}
        />
      </div>
      <InputField
        label="Street address"
        meta={fields.addressStreet1}
        autoComplete="address-line1"
        defaultValue={company?.addressStreet1 ?? ""}
      />
      <InputField
        label="Suite or unit"
        meta={fields.addressStreet2}
        autoComplete="address-line2"
        defaultValue={company?.addressStreet2 ?? ""}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="City" meta={fields.addressCity} autoComplete="address-level2" defaultValue={company?.addressCity ?? ""} />
        <InputField
          label="State"
          meta={fields.addressState}
          autoComplete="address-level1"
          maxLength={2}
          defaultValue={company?.addressState ?? ""}
        />
        <InputField
          label="ZIP code"
          meta={fields.addressPostalCode}
          autoComplete="postal-code"
          defaultValue={company?.addressPostalCode ?? ""}
        />
      </div>
      <InputField label="Logo URL" meta={fields.logoUrl} type="url" placeholder="https://" defaultValue={company?.logoUrl ?? ""} />
      <SaveButton tab="company">Save Company Info</SaveButton>
    </Form>
  );
}

function PasswordTab() {
  const { form, fields, showInlineError } = useTabForm("password", () =>
    import("#app/domain/accounts/auth-schemas.ts").then((module) => module.ChangePasswordSchema),
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {showInlineError ? <FormError id={form.errorId} messages={form.errors} /> : null}
      <InputField label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
      <InputField
        label="New password"
        meta={fields.newPassword}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <InputField label="Confirm new password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <p className="text-xs text-slate-500">Changing your password signs you out on every other device.</p>
      <SaveButton tab="password">Change Password</SaveButton>
    </Form>
  );
}

export default function Profile() {
  const { current, usage, members, dealRule, timeZone, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = actionData?.tab ?? tabOf(searchParams.get("tab"));

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
            {TABS.map((item) => (
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
