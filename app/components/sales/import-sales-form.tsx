import { useNavigation } from "@remix-run/react";

import { CsvImportForm } from "#app/components/ui/csv-import.tsx";

export const SALES_IMPORT_PATH = "/sales/import";

/**
 * The sold-comps CSV upload (docs/import.md): a multipart Remix form posting to /sales/import, the same with or
 * without JavaScript; the page there shows the counts or each bad row's line.
 */
export function ImportSalesForm({ id = "sales-file" }: { id?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SALES_IMPORT_PATH;
  return <CsvImportForm action={SALES_IMPORT_PATH} id={id} label="Sold comps (CSV)" button="Import Sold Comps" busy={busy} />;
}
