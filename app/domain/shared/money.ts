/**
 * Money as people type it. Every money field (the Add Lead form, deals, buyer leads) accepts a number or a numeric
 * string ("250000", "$250,000", "250 000.50"); this is the one place that reads such text.
 */

/** Numeric money text → number; a blank string → undefined ("not given"); anything else is returned for zod to refuse. */
export function parseMoneyText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.replace(/[$,\s]/g, "");
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}
