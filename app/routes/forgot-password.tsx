import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { AuthLayout } from "#app/components/accounts/auth-layout.tsx";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/field.tsx";
import { ForgotSchema } from "#app/domain/accounts/auth-schemas.ts";
import { redirectIfSignedIn, requestMeta } from "#app/services/accounts/auth.server.ts";
import { requestPasswordReset } from "#app/services/accounts/password-reset.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";

export const meta: MetaFunction = () => [
  { title: "Forgot your password? — Breeze" },
  { name: "description", content: "Forgot your Breeze password? Enter your email and we will send you a link to choose a new one." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ForgotSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await requestPasswordReset(context, submission.value.email, requestMeta(request));
  } catch (error) {
    // The page answers the same whatever happened (spec: errors look like success); the failure is logged.
    console.error("password reset request failed", error);
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // "Try Another Email" returns to the form without a round trip when JavaScript runs.
  const [dismissedResult, setDismissedResult] = useState<unknown>(null);
  const validate = useZodValidation(() => import("#app/domain/accounts/auth-schemas.ts").then((module) => module.ForgotSchema));
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  if (actionData?.sent && dismissedResult !== actionData) {
    return (
      <AuthLayout title="Check Your Email">
        <div role="status" className="space-y-3 text-slate-700">
          <p>If an account exists for that email, we&apos;ve sent a password reset link.</p>
          <p className="text-sm text-slate-500">The link expires in 60 minutes.</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={buttonClass("primary", "flex-1")}>
            Back to Sign In
          </Link>
          <a
            href="/forgot-password"
            className={buttonClass("secondary", "flex-1")}
            onClick={(event) => {
              event.preventDefault();
              setDismissedResult(actionData);
            }}
          >
            Try Another Email
          </a>
        </div>
      </AuthLayout>
    );
  }

  const submitting = navigation.state === "submitting";
  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we'll send you a link to choose a new one.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
