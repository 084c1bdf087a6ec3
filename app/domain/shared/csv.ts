/**
 * The one CSV writer every export uses (RFC 4180 with the OWASP CSV-injection guard), so no export can forget
 * either half.
 */

export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula (or, after a tab, carriage return or NUL, re-parse as one): the first
 * characters ASVS 5.0 requirement 1.2.10 lists, plus CR as OWASP's CSV-injection page does.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * One field. Only a finite number is written bare, so a spreadsheet sums it; every text cell is text, even when it
 * looks like a number ("-1+cmd|…" must not reach a formula parser), and text that starts like a formula gets a
 * leading apostrophe, which spreadsheets read as "this is text". Fields holding a comma, a quote, CR or LF are
 * quoted with their quotes doubled. Null, undefined and non-finite numbers are empty.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: one line per row, CRLF line endings and a final CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
