/**
 * US phone numbers as typed ("(602) 555-0123", "602.555.0123", "+1 602 555 0123") to E.164 ("+16025550123").
 * Other countries' numbers keep their digits behind a "+" when typed with one. Null when it is no phone number.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/** "+16025550123" → "(602) 555-0123" for display; other numbers unchanged. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "";
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
