/** What an upload did: the counts, or why nothing was written with each bad row's line (the form's answer). */
export type ImportSalesAnswer =
  | { success: true; message: string; imported: number; updated: number; unchanged: number }
  | { success: false; message: string; errors: { line: number; message: string }[] };

export function ImportSalesResult({ answer }: { answer: ImportSalesAnswer }) {
  if (answer.success) {
    return (
      <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">Sold comps imported</p>
        <p data-testid="sales-import-counts">{answer.message}</p>
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
