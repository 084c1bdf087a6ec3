/**
 * The profile's own forms (User Info, Company Info, Password): conform forms that post to /profile with their tab as
 * the intent and work before JavaScript loads; a refusal shows inline without JavaScript and as a toast with it.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import type { z } from "zod";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { DEAL_RULE_TAB } from "#app/components/offers/deal-rule-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField, SelectField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { PASSWORD_HINT } from "#app/domain/accounts/auth-messages.ts";
import { formatPhone } from "#app/domain/leads/phone.ts";
import type { getCurrentUser } from "#app/services/accounts/auth.server.ts";

export const PROFILE_TABS = [
  { value: "user", label: "User Info" },
  { value: "company", label: "Company Info" },
  { value: "password", label: "Password" },
  { value: "usage", label: "Usage" },
  { value: DEAL_RULE_TAB, label: "Deal Rule" },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]["value"];

export const PROFILE_FAILURE: Record<ProfileTab, string> = {
  user: "Failed to update user information",
  company: "Failed to update company information",
  password: "Failed to change password",
  usage: "Failed to update the spending cap",
  deals: "Failed to update the deal rule",
};

export function profileTabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.value === value)?.value ?? "user";
}

function useTabForm<S extends z.ZodType>(tab: ProfileTab, loadSchema: () => Promise<S>) {
  const actionData = useActionData<{ tab?: string; result?: unknown }>();
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
    if (failure && hydrated) toast({ title: "Error", description: failure || PROFILE_FAILURE[tab], variant: "error" });
  }, [failure, hydrated, toast, tab, lastResult]);
  return { form, fields, showInlineError: !hydrated };
}

function SaveButton({ tab, children }: { tab: ProfileTab; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === tab;
  return (
    <Button type="submit" name="intent" value={tab} disabled={busy}>
      {busy ? "Saving..." : children}
    </Button>
  );
}

/** The signed-in user as the profile shows them. */
type Current = Awaited<ReturnType<typeof getCurrentUser>>;

export function UserInfoTab({
  current,
  timeZone,
  timeZones,
}: {
  current: Current;
  timeZone: string;
  timeZones: { value: string; label: string }[];
}) {
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
export function EmailVerification({ verified }: { verified: boolean }) {
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

export function CompanyInfoTab({ current }: { current: Current }) {
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

export function PasswordTab() {
  const { form, fields, showInlineError } = useTabForm("password", () =>
    import("#app/domain/accounts/auth-schemas.ts").then((module) => module.ChangePasswordSchema),
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {showInlineError ? <FormError id={form.errorId} messages={form.errors} /> : null}
      <InputField label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
      <InputField label="New password" meta={fields.newPassword} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <InputField label="Confirm new password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <p className="text-xs text-slate-500">Changing your password signs you out on every other device.</p>
      <SaveButton tab="password">Change Password</SaveButton>
    </Form>
  );
}
