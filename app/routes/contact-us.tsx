import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { StaticPage } from "#app/components/shell/static-page.tsx";
import { SupportHours } from "#app/components/support/support-info.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField, TextareaField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { ContactSchema } from "#app/domain/accounts/auth-schemas.ts";
import { CONTACT_FOLLOW_UP } from "#app/domain/support/support.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { contactMeta, sendContactMessage } from "#app/services/support/contact.server.ts";

export const SEND_FAILED = "Failed to send message. Please try again.";

export function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.config.SUPPORT_EMAIL };
}

/** The form's action: the same schema as the browser, then the same service as POST /api/contact. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ContactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), status: "invalid" as const, message: null }, { status: 400 });
  }
  try {
    const outcome = await sendContactMessage(context, submission.value, await contactMeta(request, context));
    if (!outcome.ok) {
      return data({ result: submission.reply(), status: "failed" as const, message: outcome.message }, { status: outcome.status });
    }
  } catch (error) {
    // Keep what the visitor typed and say it failed; the details stay in the log.
    console.error("Contact message failed:", error);
    return data({ result: submission.reply(), status: "failed" as const, message: null }, { status: 500 });
  }
  return { result: submission.reply({ resetForm: true }), status: "sent" as const, message: null };
}

export const meta: MetaFunction = () => [
  { title: "Contact Us — Breeze" },
  { name: "description", content: "Questions about Breeze? Send us a message; we reply within 24 to 48 business hours." },
];

export default function ContactUs() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // "Send Another Message" with JavaScript: hide this success until the next submission brings a new one.
  const [dismissed, setDismissed] = useState<typeof actionData>(undefined);
  const sent = actionData?.status === "sent" && actionData !== dismissed;

  return (
    <StaticPage>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Questions about your account, a lead or a feature? Send us a message and the Breeze support team will help.
      </p>

      <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,1fr)_16rem]">
        <section
          aria-label={sent ? "Message sent" : "Contact form"}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          {sent ? <ThankYou onAnother={() => setDismissed(actionData)} /> : <ContactForm focusOnMount={dismissed !== undefined} />}
        </section>

        <aside aria-labelledby="support-heading" className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="support-heading" className="text-lg font-semibold text-slate-900">
            Support
          </h2>
          <SupportHours className="mt-3" />
          <p className="mt-4 text-sm text-slate-600">
            Prefer email? Write to{" "}
            <a href={`mailto:${supportEmail}`} className="font-medium break-words text-brand-700 hover:underline">
              {supportEmail}
            </a>
            .
          </p>
        </aside>
      </div>
    </StaticPage>
  );
}

function ContactForm({ focusOnMount }: { focusOnMount: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const toast = useToast();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    // Field by field as the visitor leaves each one, with the schema in the page: the blur-time check needs it at
    // once (with useZodValidation's deferred schema, a field left before it loaded lost its message: e2e flake).
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });

  // Back from "Send Another Message": the button is gone, so focus the first field instead of losing it.
  useEffect(() => {
    if (focusOnMount) document.getElementById(fields.name.id)?.focus();
  }, [focusOnMount, fields.name.id]);

  // A failure that is not about the fields (throttled, server error) is a toast when JavaScript runs.
  useEffect(() => {
    if (actionData?.status === "failed") toast({ title: "Error", description: actionData.message ?? SEND_FAILED, variant: "error" });
  }, [actionData, toast]);
  const failure = actionData?.status === "failed" && !hydrated ? [actionData.message ?? SEND_FAILED] : null;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">Send us a message</h2>
      <FormError id={form.errorId} messages={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Name" meta={fields.name} autoComplete="name" />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" />
      </div>
      <InputField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" hint="At least 10 digits, e.g. (602) 555-0123" />
      <TextareaField label="Message" meta={fields.message} rows={6} />
      <Button type="submit" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

function ThankYou({ onAnother }: { onAnother: () => void }) {
  return (
    <div className="py-6 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-6"
          aria-hidden="true"
        >
          <path d="M5 13l4 4L19 7" />
        </svg>
      </div>
      <div role="status">
        <h2 className="mt-4 text-2xl font-bold text-slate-900">Thank You!</h2>
        <p className="mt-2 text-slate-600">Your message is on its way to our team. {CONTACT_FOLLOW_UP}</p>
      </div>
      {/* Without JavaScript this is a GET back to an empty form; with it, the form returns in place. */}
      <Form
        method="get"
        action="/contact-us"
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          onAnother();
        }}
      >
        <Button type="submit" variant="secondary">
          Send Another Message
        </Button>
      </Form>
    </div>
  );
}
