import { Form, useNavigation } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";

import { BUYERS_PATH } from "./buyer-form.tsx";

/** What a buyers upload did: the counts, or why nothing was written with each bad row's line. */
export type ImportBuyersAnswer =
  | { success: true; message: string; imported: number; updated: number; unchanged: number }
  | { success: false; message: string; errors: { line: number; message: string }[] };

/** The buyers CSV upload: a multipart Remix form, the same with or without JavaScript. */
export function ImportBuyersForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  return (
    <Form method="post" action={BUYERS_PATH} encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="import" />
      <div className="flex flex-col gap-1">
        <label htmlFor="buyers-file" className="text-sm font-medium text-slate-800">
          Buyers (CSV)
        </label>
        <input id="buyers-file" type="file" name="file" accept=".csv,text/csv" required className="max-w-64 text-sm" />
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Importing..." : "Import Buyers"}
      </Button>
    </Form>
  );
}

export function ImportBuyersResult({ answer }: { answer: ImportBuyersAnswer }) {
  if (answer.success) {
    return (
      <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">Buyers imported</p>
        <p data-testid="buyers-import-counts">{answer.message}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">Nothing was imported</p>
      <p>{answer.message}</p>
      {answer.errors.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Rows with errors">
          {answer.errors.map((error) => (
            <li key={error.line}>
              Line {error.line}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
