import { Form, useNavigation } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";

export const SALES_IMPORT_PATH = "/sales/import";

/**
 * The sold-comps CSV upload (docs/import.md): a multipart Remix form posting to /sales/import, the same with or
 * without JavaScript; the page there shows the counts or each bad row's line.
 */
export function ImportSalesForm({ id = "sales-file" }: { id?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SALES_IMPORT_PATH;
  return (
    <Form method="post" action={SALES_IMPORT_PATH} encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Sold comps (CSV)
        </label>
        <input id={id} type="file" name="file" accept=".csv,text/csv" required className="max-w-64 text-sm" />
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Importing..." : "Import Sold Comps"}
      </Button>
    </Form>
  );
}
