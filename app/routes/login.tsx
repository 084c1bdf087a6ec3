import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";

import { AuthLayout, RedirectAfter, SuccessPanel } from "#app/components/accounts/auth-layout.tsx";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { INVALID_CREDENTIALS } from "#app/domain/accounts/auth-messages.ts";
import { LoginSchema } from "#app/domain/accounts/auth-schemas.ts";
import { redirectIfSignedIn, requestMeta } from "#app/services/accounts/auth.server.ts";
import { login } from "#app/services/accounts/sign-in.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

export const meta: MetaFunction = () => [
  { title: "Sign in — Breeze" },
  { name: "description", content: "Sign in to Breeze to work your off-market leads, deals, messages and contracts." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

/** After this page's own successful POST the visitor is signed in; stay to show the message, then go on. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), next: null }, { status: 400 });
  const outcome = await login(context, submission.value, requestMeta(request));
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), next: null },
      { status: outcome.status },
    );
  }
  return data({ result: submission.reply(), next: safeNext(submission.value.next) }, { headers: { "Set-Cookie": outcome.cookie } });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const toast = useToast();
  const validate = useZodValidation(() => import("#app/domain/accounts/auth-schemas.ts").then((module) => module.LoginSchema));
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const failure = form.errors?.[0];
  useEffect(() => {
    if (failure && hydrated) toast({ title: "Login failed", description: failure || INVALID_CREDENTIALS, variant: "error" });
  }, [failure, hydrated, toast, actionData]);

  if (actionData?.next) {
    return (
      <AuthLayout title="Welcome back">
        <SuccessPanel title="Login successful!">Taking you to your workspace…</SuccessPanel>
        <RedirectAfter to={actionData.next} delayMs={500} />
      </AuthLayout>
    );
  }

  const submitting = navigation.state === "submitting";
  return (
    <AuthLayout title="Sign in to Breeze" subtitle="Welcome back. Sign in to your workspace.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {!hydrated ? <FormError id={form.errorId} messages={form.errors} /> : null}
        <input type="hidden" name="next" value={searchParams.get("next") ?? ""} />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <InputField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <div className="flex items-center justify-between text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="remember" className="size-4 rounded border-slate-300 accent-brand-700" />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to Breeze?{" "}
        <Link to="/register" className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
