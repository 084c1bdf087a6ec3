import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { ImportSalesForm } from "#app/components/sales/import-sales-form.tsx";
import { ImportSalesResult, type ImportSalesAnswer } from "#app/components/sales/import-sales-result.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";
import { countUserSales, importSummaryText, MAX_SALES_ROWS, readSalesUpload } from "#app/services/sales/import-user-sales.server.ts";

export const meta: MetaFunction = () => [{ title: "Import Sold Comps — Breeze" }];

const PAGE = "/sales/import";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  return { count: await countUserSales(context, session.workspaceId), maxRows: MAX_SALES_ROWS };
}

/** The upload without (or with) JavaScript: the counts, or 400/413 with each bad row's line and nothing written. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const outcome = await readSalesUpload(request, context, session.workspaceId);
  if (!outcome.ok) {
    const answer: ImportSalesAnswer = { success: false, message: outcome.message, errors: outcome.errors };
    return data(answer, { status: outcome.status });
  }
  const { imported, updated, unchanged } = outcome;
  const answer: ImportSalesAnswer = { success: true, message: importSummaryText(outcome), imported, updated, unchanged };
  return data(answer);
}

/** /sales/import: upload sold homes as CSV; they are this user's comps alone. */
export default function ImportSalesPage() {
  const { count, maxRows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/?section=documents" className={buttonClass("ghost", "-ml-3")}>
        <span aria-hidden="true">←</span> Back
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Import Sold Comps</h1>
        <p className="text-sm text-slate-600">
          Upload sold homes as CSV (up to 10 MB and {maxRows.toLocaleString("en-US")} rows). They are used as comps in your valuations only;
          no other user sees them. A file with any bad row imports nothing; uploading the same file again changes nothing.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Columns: sale_id, parcel_id, sale_date (YYYY-MM-DD), price, bedrooms, bathrooms, sqft, lot_sqft, stories, year_built, lat, lon,
          and optionally year_renovated, basement_sqft, condition, quality_grade, waterfront, view, zip, and address (so you can add the
          sale as a comp by its address).
        </p>
      </div>
      {answer ? <ImportSalesResult answer={answer} /> : null}
      <ImportSalesForm />
      <p className="text-sm text-slate-600" data-testid="sales-count">
        You have {count.toLocaleString("en-US")} imported {count === 1 ? "sale" : "sales"}.
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo={PAGE} backLabel="Import Sold Comps" />;
}
