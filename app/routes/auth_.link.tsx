import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AuthLayout } from "#app/components/accounts/auth-layout.tsx";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField } from "#app/components/ui/field.tsx";
import { LINK_EXPIRED } from "#app/domain/accounts/auth-messages.ts";
import { LinkAccountSchema } from "#app/domain/accounts/sso-link.ts";
import { logout, requestMeta } from "#app/services/accounts/auth.server.ts";
import { clearLinkCookie, readLinkCookie } from "#app/services/accounts/oidc-cookies.server.ts";
import { redirectWithCookies } from "#app/services/accounts/oidc-failures.server.ts";
import { getSsoStatus, oidcSettings } from "#app/services/accounts/oidc-settings.server.ts";
import { login } from "#app/services/accounts/sign-in.server.ts";
import { linkAfterPassword } from "#app/services/accounts/sso-accounts.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

/**
 * /auth/link: single sign-on found an account with the person's email that Breeze never verified, so it may have
 * been registered by someone else. The callback left the verified identity in a signed ten-minute cookie; this page
 * asks for the account's password and, when it is right, links the identity and signs in. Works without JavaScript.
 */
export const meta: MetaFunction = () => [{ title: "Link your sign-in — Breeze" }];

async function pendingLink(request: Request, context: LoaderFunctionArgs["context"]) {
  const settings = oidcSettings(context.config);
  return settings ? readLinkCookie(request, settings, context.now()) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await pendingLink(request, context);
  return { email: pending?.email ?? null, providerName: getSsoStatus(context.config).providerName };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingLink(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: LinkAccountSchema });
  if (!pending) {
    const result = submission.reply({ formErrors: [LINK_EXPIRED], hideFields: ["password"] });
    return data({ result, expired: true }, { status: 400, headers: { "Set-Cookie": clearLinkCookie() } });
  }
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }), expired: false }, { status: 400 });

  // The account is the one the signed cookie names, never one typed in; login() throttles failures and starts a session.
  const outcome = await login(
    context,
    { email: pending.email, password: submission.value.password, remember: false },
    requestMeta(request),
  );
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { password: [outcome.message] }, hideFields: ["password"] }), expired: false },
      { status: outcome.status },
    );
  }
  const linked = await linkAfterPassword(context, outcome.userId, pending);
  if (!linked.ok) {
    // The session login() just started is not handed out; end it rather than leave it to expire.
    await logout(context, new Request(request.url, { headers: { Cookie: outcome.cookie.split(";")[0] } }));
    return data(
      { result: submission.reply({ formErrors: [linked.description], hideFields: ["password"] }), expired: false },
      { status: 409 },
    );
  }
  // A different account may be signed in in this browser: that session ends (a new session at every sign-in).
  await logout(context, request);
  throw redirectWithCookies(safeNext(pending.next), [outcome.cookie, clearLinkCookie()]);
}

export default function LinkAccount() {
  const { email, providerName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validate = useZodValidation(() => import("#app/domain/accounts/sso-link.ts").then((module) => module.LinkAccountSchema));
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  if (!email || actionData?.expired) {
    return (
      <AuthLayout title="Link your sign-in">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {LINK_EXPIRED}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const submitting = navigation.state === "submitting";
  return (
    <AuthLayout
      title="Link your sign-in"
      subtitle={
        <>
          An account with <strong className="font-medium text-slate-900">{email}</strong> already exists. Enter its password to link your{" "}
          {providerName} sign-in to it.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} messages={form.errors} />
        <InputField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Linking..." : "Link and sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Not your account?{" "}
        <Link to="/auth" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
