import { useNavigation } from "@remix-run/react";

import { CsvImportForm, CsvImportResult, type CsvImportAnswer } from "#app/components/ui/csv-import.tsx";

import { BUYERS_PATH } from "./buyer-form.tsx";

/** What a buyers upload did: the counts, or why nothing was written with each bad row's line. */
export type ImportBuyersAnswer = CsvImportAnswer;

/** The buyers CSV upload: a multipart Remix form, the same with or without JavaScript. */
export function ImportBuyersForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  return (
    <CsvImportForm action={BUYERS_PATH} id="buyers-file" label="Buyers (CSV)" button="Import Buyers" busy={busy}>
      <input type="hidden" name="intent" value="import" />
    </CsvImportForm>
  );
}

export function ImportBuyersResult({ answer }: { answer: ImportBuyersAnswer }) {
  return <CsvImportResult answer={answer} title="Buyers imported" countsTestId="buyers-import-counts" />;
}
