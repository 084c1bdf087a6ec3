import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { AuthLayout } from "#app/components/accounts/auth-layout.tsx";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, InputField } from "#app/components/ui/field.tsx";
import { SIGNUP_SUCCESS } from "#app/domain/accounts/auth-messages.ts";
import { LoginSchema, SignupSchema } from "#app/domain/accounts/auth-schemas.ts";
import { redirectIfSignedIn, requestMeta } from "#app/services/accounts/auth.server.ts";
import { getSsoStatus } from "#app/services/accounts/oidc-settings.server.ts";
import { signup } from "#app/services/accounts/registration.server.ts";
import { login } from "#app/services/accounts/sign-in.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";

export const meta: MetaFunction = () => [
  { title: "Sign in or create an account — Breeze" },
  { name: "description", content: "Sign in to Breeze or create an account to find, value and close off-market real-estate deals." },
];

const SSO_UNAVAILABLE = "Single sign-on is not set up for this Breeze workspace. Sign in with your email and password.";

type Mode = "signin" | "signup";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  return {
    mode,
    sso: getSsoStatus(context.config),
    ssoUnavailable: url.searchParams.get("sso") === "unavailable",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const mode: Mode = formData.get("mode") === "signup" ? "signup" : "signin";
  if (mode === "signin") {
    const submission = parseWithZod(formData, { schema: LoginSchema });
    if (submission.status !== "success")
      return data({ mode, result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
    const outcome = await login(context, submission.value, requestMeta(request));
    if (!outcome.ok) {
      return data(
        {
          mode,
          result: submission.reply({ formErrors: [outcome.message || "Authentication failed"], hideFields: ["password"] }),
          notice: null,
        },
        { status: outcome.status },
      );
    }
    throw redirect("/", { headers: { "Set-Cookie": outcome.cookie } });
  }
  const submission = parseWithZod(formData, { schema: SignupSchema });
  if (submission.status !== "success")
    return data({ mode, result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  const outcome = await signup(context, submission.value, requestMeta(request));
  if (!outcome.ok) {
    return data(
      {
        mode,
        result: submission.reply({
          fieldErrors: outcome.errors,
          formErrors: [outcome.message || "Authentication failed"],
          hideFields: ["password"],
        }),
        notice: null,
      },
      { status: outcome.status },
    );
  }
  // Spec: success switches to sign-in mode and clears the password and names (the email stays).
  return {
    // Remix's action data widens a literal to string in an object; Mode keeps it a mode.
    mode: "signin" as Mode,
    result: submission.reply({ hideFields: ["password", "firstName", "lastName"] }),
    notice: SIGNUP_SUCCESS,
    email: submission.value.email,
  };
}

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mode: Mode = actionData?.mode ?? loaderData.mode;
  // The form's hidden `mode` field says which schema applies, as in the action.
  const validate = useZodValidation(() =>
    import("#app/domain/accounts/auth-schemas.ts").then(
      (module) => (formData: FormData) => (formData.get("mode") === "signup" ? module.SignupSchema : module.LoginSchema),
    ),
  );
  const [form, fields] = useForm({
    id: `auth-${mode}`,
    lastResult: actionData?.mode === mode && !actionData?.notice ? actionData?.result : undefined,
    // After a sign-up the form switches to sign-in with the email already filled in.
    defaultValue: actionData && "email" in actionData ? { email: actionData.email } : undefined,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting";

  return (
    <AuthLayout
      title={mode === "signup" ? "Create account" : "Welcome back"}
      subtitle={mode === "signup" ? "Start finding off-market deals today." : "Sign in to your Breeze workspace."}
    >
      <SsoLink sso={loaderData.sso} unavailable={loaderData.ssoUnavailable} />
      <div className="my-6 flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>

      {actionData?.notice ? (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {actionData.notice}
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} key={form.id} className="space-y-4">
        <FormError id={form.errorId} messages={form.errors} />
        <input type="hidden" name="mode" value={mode} />
        {mode === "signup" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="First name" meta={fields.firstName} autoComplete="given-name" />
            <InputField label="Last name" meta={fields.lastName} autoComplete="family-name" />
          </div>
        ) : null}
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <InputField
          label="Password"
          meta={fields.password}
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
        />
        {mode === "signin" ? (
          <p className="text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {mode === "signup" ? "Create Account" : "Sign In"}
        </Button>
      </Form>

      <AuthFooter mode={mode} />
    </AuthLayout>
  );
}

/** Continue with the SSO provider; when it is not set up, the click says so instead of leaving the page. */
function SsoLink({ sso, unavailable }: { sso: { enabled: boolean; providerName: string }; unavailable: boolean }) {
  const [ssoNote, setSsoNote] = useState(unavailable);
  return (
    <>
      <a
        href="/api/login"
        className={buttonClass("secondary", "w-full")}
        onClick={(event) => {
          if (!sso.enabled) {
            event.preventDefault();
            setSsoNote(true);
          }
        }}
      >
        Continue with {sso.providerName}
      </a>
      {ssoNote ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {SSO_UNAVAILABLE}
        </p>
      ) : null}
    </>
  );
}

/** The switch to the other mode, and the terms the user agrees to. */
function AuthFooter({ mode }: { mode: Mode }) {
  const other: Mode = mode === "signup" ? "signin" : "signup";
  return (
    <>
      <p className="mt-6 text-center text-sm text-slate-600">
        {mode === "signup" ? "Already have an account? " : "New to Breeze? "}
        <Link to={`/auth?mode=${other}`} className="font-medium text-brand-700 hover:underline">
          {mode === "signup" ? "Sign in" : "Create account"}
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-slate-500">
        By continuing you agree to our{" "}
        <a href="/terms-of-use" target="_blank" rel="noopener" className="underline">
          Terms
        </a>{" "}
        and{" "}
        <a href="/terms-of-use#privacy" target="_blank" rel="noopener" className="underline">
          Privacy
        </a>{" "}
        policy.
      </p>
    </>
  );
}
