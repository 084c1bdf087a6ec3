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

/**
 * A phone as stored or as a vendor sent it ("+14805550100", "4805550100", "480-555-0100") for display: a US number
 * as "(480) 555-0100", anything else as written.
 */
export function displayPhone(raw: string | null | undefined): string {
  const trimmed = raw?.trim() ?? "";
  if (!trimmed) return "";
  const e164 = toE164(trimmed);
  return e164 ? formatPhone(e164) : trimmed;
}

// --- owner phones for the lead details --------------------------------------------------------------------------

/** `wrongNumber`: reported a wrong number on a call (never a call/text target again, like a DNC phone). */
export type PhoneLine = { number: string; type: string; dnc: boolean; wrongNumber?: boolean };

type OwnerPhoneSources = {
  ownerPhoneNumbers?: readonly { number: string; type?: string | null; dnc?: boolean | null; wrongNumber?: boolean | null }[] | null;
  ownerPhone?: string | null;
  ownerMobilePhone?: string | null;
  ownerLandLine?: string | null;
  ownerDncPhone?: string | null;
};

/**
 * Every owner phone once (compared by digits), in the vendor's list order first, then the single fields. A number
 * is flagged DNC when any source says so — the do-not-call phone field, or the list's dnc flag.
 */
export function ownerPhones(lead: OwnerPhoneSources): PhoneLine[] {
  const lines: PhoneLine[] = [];
  const byDigits = new Map<string, PhoneLine>();
  const add = (number: string | null | undefined, type: string, dnc: boolean, wrongNumber = false) => {
    const digits = (number ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    if (!digits) return;
    const known = byDigits.get(digits);
    if (known) {
      known.dnc ||= dnc;
      if (wrongNumber) known.wrongNumber = true;
      if (known.type === "unknown" && type !== "unknown") known.type = type;
      return;
    }
    const line: PhoneLine = { number: number!.trim(), type, dnc, ...(wrongNumber ? { wrongNumber } : {}) };
    byDigits.set(digits, line);
    lines.push(line);
  };
  for (const phone of lead.ownerPhoneNumbers ?? [])
    add(phone.number, phone.type ?? "unknown", Boolean(phone.dnc), Boolean(phone.wrongNumber));
  add(lead.ownerMobilePhone, "mobile", false);
  add(lead.ownerLandLine, "landline", false);
  add(lead.ownerPhone, "unknown", false);
  add(lead.ownerDncPhone, "unknown", true);
  return lines;
}
