import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { AuthLayout } from "#app/components/accounts/auth-layout.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { getSession, requireUser } from "#app/services/accounts/auth.server.ts";
import { resendVerification, verifyEmail } from "#app/services/accounts/email-verification.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Verify your email — Breeze" }, { name: "referrer", content: "same-origin" }];

/**
 * GET /verify-email?token=…: the link from the verification email. A valid link verifies the address it was sent to
 * and goes on with a toast (home when signed in, else sign-in); anything else explains and offers a new link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = token.length > 0 && token.length <= 200 ? await verifyEmail(context, token) : null;
  if (outcome?.ok) {
    const signedIn = Boolean(await getSession(request, context));
    return redirectWithToast(signedIn ? "/profile?tab=user" : "/login", {
      title: "Email verified",
      description: "Your email address is verified.",
      variant: "success",
    });
  }
  return { message: outcome?.message ?? "This verification link is missing its token. Request a new one from your profile." };
}

/** POST /verify-email (the profile's "Resend verification email"): a new link to the account's address. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const outcome = await resendVerification(context, session.user);
  return redirectWithToast(
    "/profile?tab=user",
    outcome.ok
      ? { title: "Verification email sent", description: `We sent a new link to ${session.user.email}.`, variant: "success" }
      : { title: "Error", description: outcome.message, variant: "error" },
  );
}

export default function VerifyEmail() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title="Invalid Verification Link" subtitle={message}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/profile?tab=user" className={buttonClass("primary", "flex-1")}>
          Go to Profile
        </Link>
        <Link to="/login" className={buttonClass("secondary", "flex-1")}>
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
