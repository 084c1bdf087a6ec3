import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";

import { AuthLayout, RedirectAfter, SuccessPanel } from "#app/components/accounts/auth-layout.tsx";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, InputField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { PASSWORD_HINT } from "#app/domain/accounts/auth-messages.ts";
import { ResetSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta } from "#app/services/accounts/auth.server.ts";
import { resetPassword } from "#app/services/accounts/password-reset.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

export const meta: MetaFunction = () => [{ title: "Choose a new password — Breeze" }, { name: "referrer", content: "same-origin" }];

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", next: safeNext(url.searchParams.get("next")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResetSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), next: null }, { status: 400 });
  const outcome = await resetPassword(context, submission.value, requestMeta(request));
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password", "confirmPassword"] }), next: null },
      { status: outcome.status },
    );
  }
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return data({ result: submission.reply(), next }, { headers: { "Set-Cookie": outcome.cookie } });
}

function InvalidLink() {
  const toast = useToast();
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated)
      toast({ title: "Invalid reset link", description: "No reset token found. Please request a new password reset.", variant: "error" });
  }, [hydrated, toast]);
  return (
    <AuthLayout title="Invalid Reset Link" subtitle="This link is missing its reset token. Request a new link to reset your password.">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/forgot-password" className={buttonClass("primary", "flex-1")}>
          Request New Reset Link
        </Link>
        <Link to="/login" className={buttonClass("secondary", "flex-1")}>
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const toast = useToast();
  const validate = useZodValidation(() => import("#app/domain/accounts/auth-schemas.ts").then((module) => module.ResetSchema));
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const failure = form.errors?.[0];
  useEffect(() => {
    if (failure && hydrated) {
      toast({
        title: "Reset failed",
        description: failure || "Failed to reset password. The link may be invalid or expired.",
        variant: "error",
      });
    }
  }, [failure, hydrated, toast, actionData]);

  if (!token) return <InvalidLink />;
  if (actionData?.next) {
    return (
      <AuthLayout title="Choose a new password">
        <SuccessPanel title="Password reset successful!">You are signed in. Taking you to your workspace…</SuccessPanel>
        <RedirectAfter to={actionData.next} delayMs={1500} />
      </AuthLayout>
    );
  }

  const submitting = navigation.state === "submitting";
  return (
    <AuthLayout title="Choose a new password" subtitle={PASSWORD_HINT}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {!hydrated ? <FormError id={form.errorId} messages={form.errors} /> : null}
        <input type="hidden" name="token" value={token} />
        <InputField label="New password" meta={fields.password} type="password" autoComplete="new-password" />
        <InputField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Resetting..." : "Reset Password"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
