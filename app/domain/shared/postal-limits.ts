/**
 * What a mailed letter's addresses may hold: Lob's limits (its OpenAPI specification, `lob/lob-openapi`,
 * shared/models/address/address_editable_us.yml and address_fields_us.yml). The forms where a user types a name or
 * an address check these, so a letter never reaches Lob with a field it refuses (422).
 */
/** Lob OpenAPI: address `name` (and `company`) maxLength 40. */
export const MAIL_NAME_MAX = 40;
/** Lob OpenAPI: `address_line1` and `address_line2` maxLength 64. */
export const MAIL_ADDRESS_LINE_MAX = 64;
/**
 * Lob's error reference, `address_length_exceeds_limit` (422): "the sum of to.address_line1 and to.address_line2
 * cannot surpass 50 characters" — the recipient's street and its second line together; the return address is not held
 * to it.
 */
export const MAIL_RECIPIENT_STREET_MAX = 50;
/** Lob OpenAPI: `address_city` maxLength 200. */
export const MAIL_CITY_MAX = 200;
/** Lob OpenAPI: `address_state` pattern ^[a-zA-Z]{2}$ (US). */
export const MAIL_STATE = /^[a-zA-Z]{2}$/;
/** Lob OpenAPI: `address_zip` pattern ^\d{5}(-\d{4})?$ (US). */
export const MAIL_ZIP = /^\d{5}(-\d{4})?$/;
/** Lob OpenAPI: a letter's `description` maxLength 255. */
export const MAIL_DESCRIPTION_MAX = 255;

export const MAIL_LIMIT_MESSAGES = {
  recipientName: `Recipient name must be at most ${MAIL_NAME_MAX} characters (the most a mailed address holds)`,
  ownerName: `Owner name must be at most ${MAIL_NAME_MAX} characters to be mailed`,
  companyName: `Company name must be at most ${MAIL_NAME_MAX} characters (it is the return address on mailed letters)`,
  street: `Street address must be at most ${MAIL_ADDRESS_LINE_MAX} characters per line (the most a mailed address holds)`,
  city: `City must be at most ${MAIL_CITY_MAX} characters`,
  recipientStreet: `Street address and its second line (apartment, suite) must be at most ${MAIL_RECIPIENT_STREET_MAX} characters together (the most a mailed letter's recipient address holds): abbreviate, e.g. "St", "Ste", "Apt"`,
} as const;

/** A postal address in the shape the mail providers take (see app/providers/mail/types.ts). */
export type MailableAddress = { name: string; line1: string; line2?: string; city: string; state: string; zip: string };

/** Each field of an address Lob would refuse, with why; empty when Lob takes it. */
export function mailAddressProblems(address: MailableAddress): string[] {
  const problems: string[] = [];
  if (!address.name.trim()) problems.push("name is required");
  if (address.name.length > MAIL_NAME_MAX) problems.push(`name is longer than ${MAIL_NAME_MAX} characters`);
  if (!address.line1.trim()) problems.push("address line 1 is required");
  for (const line of [address.line1, address.line2 ?? ""]) {
    if (line.length > MAIL_ADDRESS_LINE_MAX) problems.push(`an address line is longer than ${MAIL_ADDRESS_LINE_MAX} characters`);
  }
  if (!address.city.trim() || address.city.length > MAIL_CITY_MAX) problems.push(`the city must have 1 to ${MAIL_CITY_MAX} characters`);
  if (!MAIL_STATE.test(address.state)) problems.push("the state must be a 2-letter code");
  if (!MAIL_ZIP.test(address.zip)) problems.push("the ZIP code must be 12345 or 12345-6789");
  return problems;
}

/**
 * Why Lob would refuse this recipient's street (its two lines over 50 characters together), in words; null when it
 * takes it. A line already over its own 64 is reported as such, not again here.
 */
export function recipientStreetProblem(address: Pick<MailableAddress, "line1" | "line2">): string | null {
  const lines = [address.line1, address.line2 ?? ""];
  if (lines.some((line) => line.length > MAIL_ADDRESS_LINE_MAX)) return null;
  const total = lines[0].length + lines[1].length;
  if (total <= MAIL_RECIPIENT_STREET_MAX) return null;
  return `the street and its second line are ${total} characters together, more than the ${MAIL_RECIPIENT_STREET_MAX} a mailed letter takes (abbreviate, e.g. "St", "Ste", "Apt")`;
}
