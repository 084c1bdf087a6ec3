import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";

import { AuthLayout, RedirectAfter, SuccessPanel } from "#app/components/accounts/auth-layout.tsx";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button } from "#app/components/ui/button.tsx";
import { InputField, type FieldMeta } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { PASSWORD_HINT } from "#app/domain/accounts/auth-messages.ts";
import { RegisterStep1Schema, RegisterStep2Schema, registerStepSchema } from "#app/domain/accounts/auth-schemas.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import { US_STATES } from "#app/domain/shared/us-states.ts";
import { redirectIfSignedIn, requestMeta } from "#app/services/accounts/auth.server.ts";
import { registerFromDraft, saveRegistrationDraft } from "#app/services/accounts/registration.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";

export const meta: MetaFunction = () => [
  { title: "Create your account — Breeze" },
  {
    name: "description",
    content: "Create a Breeze account: find motivated sellers and cash buyers, value properties and mail your offers.",
  },
];

const STEP1_FIELDS = ["full_name", "email", "mobile", "password", "confirm_password"] as const;
/** What step 2 carries of step 1: never the password, which waits on the server in a draft (see saveRegistrationDraft). */
const CARRIED_STEP1_FIELDS = ["full_name", "email", "mobile"] as const;
const STEP2_FIELDS = [
  "company_name",
  "title",
  "offer_contact_email",
  "offer_contact_phone",
  "address_street1",
  "address_street2",
  "address_city",
  "address_state",
  "address_postal_code",
  "address_country",
  "logo_url",
] as const;

type Values = Partial<Record<(typeof CARRIED_STEP1_FIELDS)[number] | (typeof STEP2_FIELDS)[number] | "draft", string>>;

/** The values the page shows again: everything typed but the passwords. */
function valuesOf(formData: FormData): Values {
  const values: Values = {};
  for (const name of [...CARRIED_STEP1_FIELDS, ...STEP2_FIELDS, "draft"] as const) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

/** After this page's own successful POST the visitor is signed in; stay to show the message, then go on. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const values = valuesOf(formData);
  const submission = parseWithZod(formData, { schema: registerStepSchema(intent) });
  const hidePasswords = { hideFields: ["password", "confirm_password"] };
  if (intent === "back") return { result: submission.reply(hidePasswords), step: 1 as const, values, done: false };
  if (submission.status !== "success") {
    const step1Invalid = STEP1_FIELDS.some((name) => submission.error?.[name]?.length);
    const step = intent === "next" || step1Invalid || submission.error?.draft?.length ? (1 as const) : (2 as const);
    return data({ result: submission.reply(hidePasswords), step, values, done: false }, { status: 400 });
  }
  const meta = requestMeta(request);

  if (intent === "next") {
    const step1 = RegisterStep1Schema.parse(submission.value);
    const saved = await saveRegistrationDraft(context, step1, meta, values.draft);
    if (!saved.ok)
      return data(
        { result: submission.reply({ ...hidePasswords, formErrors: [saved.message] }), step: 1 as const, values, done: false },
        { status: saved.status },
      );
    return { result: submission.reply(hidePasswords), step: 2 as const, values: { ...values, draft: saved.token }, done: false };
  }

  const { draft, ...company } = RegisterStep2Schema.parse(submission.value);
  const outcome = await registerFromDraft(context, draft, company, meta);
  if (!outcome.ok) {
    const step: 1 | 2 = outcome.errors && Object.keys(outcome.errors).some((k) => isOneOf(STEP1_FIELDS, k)) ? 1 : 2;
    return data(
      {
        result: submission.reply({ ...hidePasswords, fieldErrors: outcome.errors, formErrors: [outcome.message] }),
        step,
        values,
        done: false,
      },
      { status: outcome.status },
    );
  }
  return data({ result: submission.reply(), step: 2 as const, values: {}, done: true }, { headers: { "Set-Cookie": outcome.cookie } });
}

function Progress({ step }: { step: 1 | 2 }) {
  const steps = ["Your Info", "Company Details"];
  return (
    <div className="mb-6">
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={1}
        aria-valuemax={2}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of 2: ${steps[step - 1]}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: step === 1 ? "50%" : "100%" }} />
      </div>
      <ol className="mt-2 flex justify-between text-xs font-medium">
        {steps.map((label, index) => (
          <li
            key={label}
            className={index + 1 <= step ? "text-brand-700" : "text-slate-600"}
            aria-current={index + 1 === step ? "step" : undefined}
          >
            Step {index + 1}: {label}
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const step = actionData?.step ?? 1;
  const values: Values = actionData?.values ?? {};
  const validate = useZodValidation(() =>
    import("#app/domain/accounts/auth-schemas.ts").then(
      (module) => (formData: FormData) => module.registerStepSchema(formData.get("intent")),
    ),
  );
  const [form, fields] = useForm({
    id: `register-step-${step}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useFailureToast(actionData);

  if (actionData?.done) {
    return (
      <AuthLayout title="Create account">
        <SuccessPanel title="Account created!">Redirecting to home...</SuccessPanel>
        <RedirectAfter to="/" delayMs={1000} />
      </AuthLayout>
    );
  }

  const hidden = (names: readonly string[]) =>
    // The step's field lists are typed string[]; each name is a key of Values.
    names.map((name) => <input key={name} type="hidden" name={name} value={values[name as keyof Values] ?? ""} />);
  // Hidden fields of the other step arrive as "", which must not hide a fallback (step 2 pre-fills from step 1).
  const value = (name: keyof Values, fallback = "") => values[name] || fallback;
  const submitting = navigation.state === "submitting";

  return (
    <AuthLayout title="Create account" subtitle="Two quick steps and you're in.">
      <Progress step={step} />
      <Form method="post" {...getFormProps(form)} className="space-y-4" key={form.id}>
        {step === 1 ? (
          <>
            <h2 className="text-base font-semibold text-slate-900">Your Info</h2>
            <InputField label="Full name" meta={fields.full_name} autoComplete="name" defaultValue={value("full_name")} />
            <InputField label="Email" meta={fields.email} type="email" autoComplete="email" defaultValue={value("email")} />
            <InputField
              label="Mobile phone"
              meta={fields.mobile}
              type="tel"
              autoComplete="tel"
              defaultValue={value("mobile")}
              hint="e.g. (602) 555-0123"
            />
            <InputField label="Password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
            <InputField label="Confirm password" meta={fields.confirm_password} type="password" autoComplete="new-password" />
            {hidden([...STEP2_FIELDS, "draft"])}
            <Button type="submit" name="intent" value="next" className="w-full" disabled={submitting}>
              Next
            </Button>
          </>
        ) : (
          <CompanyStep fields={fields} value={value} hidden={hidden} submitting={submitting} />
        )}
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

/** A refused registration also says why in a toast, naming the fields' messages. */
function useFailureToast(actionData: ReturnType<typeof useActionData<typeof action>>) {
  const hydrated = useHydrated();
  const toast = useToast();
  const failure = actionData && !actionData.done && actionData.result.error?.[""];
  useEffect(() => {
    if (!failure || !hydrated || !actionData) return;
    const fieldMessages = Object.entries(actionData.result.error ?? {})
      .filter(([name]) => name !== "")
      .flatMap(([, messages]) => messages ?? []);
    toast({
      title: "Registration failed",
      description: fieldMessages.join(", ") || failure[0] || "Failed to create account",
      variant: "error",
    });
  }, [failure, hydrated, toast, actionData]);
}

type StepProps = {
  fields: Record<string, FieldMeta>;
  value: (name: keyof Values, fallback?: string) => string;
  hidden: (names: readonly string[]) => ReactNode[];
  submitting: boolean;
};

function CompanyStep({ fields, value, hidden, submitting }: StepProps) {
  return (
    <>
      <h2 className="text-base font-semibold text-slate-900">Company Details</h2>
      {hidden([...CARRIED_STEP1_FIELDS, "draft"])}
      <InputField label="Company name" meta={fields.company_name} autoComplete="organization" defaultValue={value("company_name")} />
      <InputField label="Your title (optional)" meta={fields.title} autoComplete="organization-title" defaultValue={value("title")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Offer contact email"
          meta={fields.offer_contact_email}
          type="email"
          defaultValue={value("offer_contact_email", value("email"))}
        />
        <InputField
          label="Offer contact phone"
          meta={fields.offer_contact_phone}
          type="tel"
          defaultValue={value("offer_contact_phone", value("mobile"))}
        />
      </div>
      <InputField
        label="Street address (optional)"
        meta={fields.address_street1}
        autoComplete="address-line1"
        defaultValue={value("address_street1")}
      />
      <InputField
        label="Suite or unit (optional)"
        meta={fields.address_street2}
        autoComplete="address-line2"
        defaultValue={value("address_street2")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="City" meta={fields.address_city} autoComplete="address-level2" defaultValue={value("address_city")} />
        <InputField
          label="State"
          meta={fields.address_state}
          autoComplete="address-level1"
          maxLength={2}
          list="us-states"
          defaultValue={value("address_state")}
        />
        <InputField
          label="ZIP code"
          meta={fields.address_postal_code}
          autoComplete="postal-code"
          defaultValue={value("address_postal_code")}
        />
      </div>
      <datalist id="us-states">
        {US_STATES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <input type="hidden" name="address_country" value={value("address_country", "US")} />
      <InputField label="Logo URL (optional)" meta={fields.logo_url} type="url" placeholder="https://" defaultValue={value("logo_url")} />
      <div className="flex gap-3">
        <Button type="submit" name="intent" value="back" variant="secondary" className="flex-1" formNoValidate disabled={submitting}>
          Back
        </Button>
        <Button type="submit" name="intent" value="register" className="flex-1" disabled={submitting}>
          {submitting ? "Creating account..." : "Create Account"}
        </Button>
      </div>
    </>
  );
}
