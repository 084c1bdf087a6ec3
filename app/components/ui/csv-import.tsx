import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { Button } from "./button.tsx";

/** What a CSV upload did: the counts, or why nothing was written with each bad row's line (the form's answer). */
export type CsvImportAnswer =
  | { success: true; message: string; imported: number; updated: number; unchanged: number }
  | { success: false; message: string; errors: { line: number; message: string }[] };

/** A CSV upload: a multipart Remix form with one file field, the same with or without JavaScript. */
export function CsvImportForm({
  action,
  id,
  label,
  button,
  busy,
  children,
}: {
  action: string;
  /** The file field's id. */
  id: string;
  label: string;
  button: string;
  busy: boolean;
  /** Hidden fields the action reads beside the file. */
  children?: ReactNode;
}) {
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
      {children}
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id={id} type="file" name="file" accept=".csv,text/csv" required className="max-w-64 text-sm" />
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Importing..." : button}
      </Button>
    </Form>
  );
}

/** The upload's answer: `title` over the counts (`countsTestId` on them), or nothing imported with each bad line. */
export function CsvImportResult({ answer, title, countsTestId }: { answer: CsvImportAnswer; title: string; countsTestId: string }) {
  if (answer.success) {
    return (
      <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">{title}</p>
        <p data-testid={countsTestId}>{answer.message}</p>
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
