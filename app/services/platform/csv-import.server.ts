/**
 * The core every CSV import shares (buyers, sold comps): the uploaded file checked (named .csv, within its cap, not
 * empty, UTF-8 text), parsed by its kind's row schema, and refused whole when a row is bad — each bad row listed with
 * its line, nothing written — so a kind supplies only its cap, its messages and its parser.
 */
import { MULTIPART_ENVELOPE_BYTES, readFormData } from "#app/services/http/api.server.ts";

/** Bad rows listed one by one; the message counts them all. */
export const LISTED_LINE_ERRORS = 100;

export type LineError = { line: number; message: string };
export type CsvRefusal = { ok: false; status: 400 | 413; message: string; errors: LineError[] };

/** What a kind of import says of a file it cannot take. */
export type CsvImportMessages = { missing: string; type: string; tooLarge: string; empty: string; notText: string; noRows: string };

/** One kind of CSV import: its cap, its messages and its row schema (`parse` throws `FileError` on an unusable file). */
export type CsvImportKind<Row> = {
  maxBytes: number;
  messages: CsvImportMessages;
  parse: (text: string) => { rows: Row[]; bad: { line: number; messages: string[] }[] };
  FileError: new (...args: never[]) => Error;
};

const refuse = (status: 400 | 413, message: string, errors: LineError[] = []): CsvRefusal => ({ ok: false, status, message, errors });

function decode(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The file's good rows, or why none is taken: a bad file, or every bad row with its line (the first in the message). */
export async function readCsvRows<Row>(
  kind: CsvImportKind<Row>,
  file: unknown,
): Promise<{ ok: true; file: File; rows: Row[] } | CsvRefusal> {
  const { messages } = kind;
  if (!(file instanceof File) || !file.name) return refuse(400, messages.missing);
  if (!/\.csv$/i.test(file.name)) return refuse(400, messages.type);
  if (file.size > kind.maxBytes) return refuse(413, messages.tooLarge);
  if (file.size === 0) return refuse(400, messages.empty);
  const text = decode(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return refuse(400, messages.notText);
  let parsed;
  try {
    parsed = kind.parse(text);
  } catch (error) {
    if (error instanceof kind.FileError) return refuse(400, error.message, [{ line: 1, message: error.message }]);
    throw error;
  }
  const { rows, bad } = parsed;
  if (bad.length > 0) {
    const errors = bad.slice(0, LISTED_LINE_ERRORS).map((row) => ({ line: row.line, message: row.messages.join("; ") }));
    const listed = bad.length > LISTED_LINE_ERRORS ? ` The first ${LISTED_LINE_ERRORS} are listed.` : "";
    const summary = `${bad.length} ${bad.length === 1 ? "row has errors" : "rows have errors"}; nothing was imported. Fix ${bad.length === 1 ? "it" : "them"} and upload the file again.${listed}`;
    return refuse(400, `${summary} (line ${errors[0]!.line}: ${errors[0]!.message})`, errors);
  }
  if (rows.length === 0) return refuse(400, messages.noRows);
  return { ok: true, file, rows };
}

/**
 * Reads a multipart upload (counted while it streams and cut past the kind's cap: 413) and hands its field `file` to
 * `importFile`; an unreadable body is a missing file.
 */
export async function readCsvUpload<Outcome>(
  request: Request,
  kind: Pick<CsvImportKind<unknown>, "maxBytes" | "messages">,
  importFile: (file: unknown) => Promise<Outcome>,
): Promise<Outcome | CsvRefusal> {
  let form: FormData;
  try {
    form = await readFormData(request, kind.maxBytes + MULTIPART_ENVELOPE_BYTES);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return refuse(413, kind.messages.tooLarge);
    return refuse(400, kind.messages.missing);
  }
  return importFile(form.get("file"));
}

export type ImportCounts = { imported: number; updated: number; unchanged: number };

/** "3 buyers imported, 1 updated, 2 unchanged." for the nouns ["buyer", "buyers"]. */
export function importCountsText({ imported, updated, unchanged }: ImportCounts, [one, many]: readonly [string, string]): string {
  return `${imported} ${imported === 1 ? one : many} imported, ${updated} updated, ${unchanged} unchanged.`;
}
