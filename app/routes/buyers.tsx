import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { BuyerForm, BUYERS_PATH } from "#app/components/dispo/buyer-form.tsx";
import { BuyerList } from "#app/components/dispo/buyer-list.tsx";
import { ImportBuyersForm, ImportBuyersResult, type ImportBuyersAnswer } from "#app/components/dispo/import-buyers.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { BuyerInputSchema } from "#app/domain/dispo/buyer-schema.ts";
import { readAsUser, requireUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads } from "#app/services/accounts/session.server.ts";
import { addBuyer, addBuyersFromBuyerBreeze, listBuyers } from "#app/services/dispo/buyers.server.ts";
import { BUYERS_IMPORT_MESSAGES, buyersImportText, importBuyers, MAX_BUYERS_FILE_BYTES } from "#app/services/dispo/import-buyers.server.ts";
import { allowMethods, fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Buyers — Breeze" }];

const readBuyers = declareSessionReads(({ context }, { userId, batch }) => listBuyers(context, { userId, batch }));

export const loader = withSessionReads(readBuyers, async (args: LoaderFunctionArgs) => {
  const { value } = await readAsUser(args, readBuyers);
  return value;
});

type ActionAnswer = { intent: "add"; errors: Record<string, string[]> } | { intent: "import"; answer: ImportBuyersAnswer };

/**
 * Add a buyer, import a CSV of buyers, or add the buyers saved in Buyer Breeze: forms that work without JavaScript.
 * A refused add answers 400 with its field errors; an import answers its counts, or 400/413 with each bad line.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  let form: FormData;
  try {
    form = await readFormData(request, MAX_BUYERS_FILE_BYTES + 64 * 1024);
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status !== 413) throw thrown;
    const answer: ImportBuyersAnswer = { success: false, message: BUYERS_IMPORT_MESSAGES.tooLarge, errors: [] };
    return data<ActionAnswer>({ intent: "import", answer }, { status: 413 });
  }
  const intent = form.get("intent");
  if (intent === "from-buyer-breeze") {
    const added = await addBuyersFromBuyerBreeze(context, userId);
    const title = added === 0 ? "No new buyers" : `${added} ${added === 1 ? "buyer" : "buyers"} added from Buyer Breeze`;
    return redirectWithToast(BUYERS_PATH, { title, variant: added === 0 ? "info" : "success" });
  }
  if (intent === "import") {
    const outcome = await importBuyers(context, { userId, file: form.get("file") });
    if (!outcome.ok) {
      const answer: ImportBuyersAnswer = { success: false, message: outcome.message, errors: outcome.errors };
      return data<ActionAnswer>({ intent: "import", answer }, { status: outcome.status });
    }
    const answer: ImportBuyersAnswer = { success: true, message: buyersImportText(outcome), ...outcome };
    return data<ActionAnswer>({ intent: "import", answer });
  }
  if (intent !== "add") return data<ActionAnswer>({ intent: "add", errors: { form: ["Choose what to do"] } }, { status: 400 });
  const parsed = BuyerInputSchema.safeParse({ ...Object.fromEntries(form), propertyTypes: form.getAll("propertyTypes") });
  if (!parsed.success) return data<ActionAnswer>({ intent: "add", errors: fieldErrors(parsed.error.issues) }, { status: 400 });
  const { created, buyer } = await addBuyer(context, { userId, input: parsed.data });
  return redirectWithToast(BUYERS_PATH, {
    title: created ? "Buyer added" : "Already on your list",
    description: `${buyer.name} is on your buyer list.`,
    variant: created ? "success" : "info",
  });
}

/** /buyers: the user's buyers with their buy-box, and the three ways to add them. */
export default function BuyersPage() {
  const { buyers, total } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/?section=buyer-breeze" className={buttonClass("ghost", "-ml-3")}>
        <span aria-hidden="true">←</span> Back
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Buyers</h1>
        <p className="text-sm text-slate-600">
          The cash buyers you sell contracts to: what they said they buy, what they bought in the last 12 months, and whether they agreed to
          receive deals by email.
        </p>
      </div>
      <BuyerList buyers={buyers} total={total} />
      <section aria-labelledby="add-buyer-heading" className="space-y-3">
        <h2 id="add-buyer-heading" className="text-lg font-semibold text-slate-900">
          Add a buyer
        </h2>
        <BuyerForm errors={answer?.intent === "add" ? answer.errors : undefined} />
        {answer?.intent === "add" && answer.errors.form ? <p className="text-sm text-red-700">{answer.errors.form.join(" ")}</p> : null}
      </section>
      <section aria-labelledby="import-buyers-heading" className="space-y-3">
        <h2 id="import-buyers-heading" className="text-lg font-semibold text-slate-900">
          Import buyers
        </h2>
        <p className="text-sm text-slate-600">
          Columns: name, and optionally company, email, phone, markets, property_types, price_min, price_max, min_beds, max_repair_level
          (light, medium or heavy) and email_consent (yes or no). Separate several markets or property types with &quot;;&quot;. A file with
          any bad row imports nothing; uploading the same file again changes nothing.
        </p>
        {answer?.intent === "import" ? <ImportBuyersResult answer={answer.answer} /> : null}
        <ImportBuyersForm />
      </section>
      <section aria-labelledby="buyer-breeze-heading" className="space-y-3">
        <h2 id="buyer-breeze-heading" className="text-lg font-semibold text-slate-900">
          From Buyer Breeze
        </h2>
        <Form method="post" action={BUYERS_PATH}>
          <input type="hidden" name="intent" value="from-buyer-breeze" />
          <Button type="submit" variant="secondary">
            Add My Saved Buyer Breeze Buyers
          </Button>
        </Form>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo={BUYERS_PATH} backLabel="Buyers" />;
}
