import { CsvImportResult, type CsvImportAnswer } from "#app/components/ui/csv-import.tsx";

/** What an upload did: the counts, or why nothing was written with each bad row's line (the form's answer). */
export type ImportSalesAnswer = CsvImportAnswer;

export function ImportSalesResult({ answer }: { answer: ImportSalesAnswer }) {
  return <CsvImportResult answer={answer} title="Sold comps imported" countsTestId="sales-import-counts" />;
}
