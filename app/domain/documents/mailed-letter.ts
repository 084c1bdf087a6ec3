/**
 * What every letter Breeze mails holds, whatever it says: the sender's letterhead, the date, the recipient's block on
 * its own lines (the window envelope shows it), the body, and how it is signed with the sender's contact details. The
 * Letter of Intent and a sequence's follow-up letter are both written as one of these, so one layout
 * (app/services/documents/letter-pdf.server.ts) prints every mailed kind inside the mail vendor's keep-clear areas.
 */
import { parseMailingAddress } from "#app/domain/offers/offer-rules.ts";

export type MailedLetter = {
  /** The PDF's title. */
  title: string;
  letterhead: { name: string; lines: string[] };
  /** "November 23, 2026". */
  date: string;
  /** The recipient's name, then each line of the address. */
  recipient: string[];
  /** A heading printed large above the subject (the Letter of Intent's title), if any. */
  heading?: string;
  /** "Re: 123 Main St, Phoenix, AZ 85004". */
  subject: string;
  /** The body's paragraphs; a "\n" inside a paragraph is a line break. */
  paragraphs: string[];
  /** Headed terms after the paragraphs (the Letter of Intent's). */
  terms?: { heading: string; body: string }[];
  /** The last paragraphs, kept on the page of the sign-off. */
  closing: string[];
  signOff: SignOff;
};

/** Lines to sign and date (a Letter of Intent), or a signed name with its title and company (any other letter). */
export type SignOff = { kind: "signatures"; signatures: { role: string; name: string }[] } | { kind: "signed"; lines: string[] };

/** The sender as a letter names it: the company profile's name, signer and contact, and its address on one line. */
export type LetterSender = {
  companyName: string;
  signerName: string;
  title: string | null;
  email: string | null;
  phone: string | null;
  /** One line ("1 Center St, Mesa, AZ 85201"), or null when the profile has no address. */
  address: string | null;
};

/** "November 23, 2026" (UTC, like every date the app prints). */
export function letterDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(date);
}

/** A one-line address as the lines an envelope shows (street, second line, city); unparsed text stays one line. */
export function addressLines(address: string): string[] {
  const parsed = parseMailingAddress(address);
  if (!parsed) return [address.trim()];
  return [parsed.line1, parsed.line2, `${parsed.city}, ${parsed.state} ${parsed.zip}`].filter((line): line is string => Boolean(line));
}

/** The recipient block: the name, then the address line by line. */
export function recipientBlock(name: string, address: string): string[] {
  return [name.trim(), ...addressLines(address)];
}

/** The letterhead: the company's name, its address line by line, then its phone and its email each on a line. */
export function letterheadOf(sender: LetterSender): MailedLetter["letterhead"] {
  const lines = [
    ...(sender.address ? addressLines(sender.address) : []),
    ...(sender.phone ? [`Phone ${sender.phone}`] : []),
    ...(sender.email ? [sender.email] : []),
  ];
  return { name: sender.companyName, lines };
}

/** How to reach the signer, in words: "at (602) 555-0123 or pat@example.com", or "" without either. */
export function contactWords(sender: Pick<LetterSender, "phone" | "email">): string {
  const ways = [sender.phone, sender.email].filter((way): way is string => Boolean(way));
  return ways.length ? ` at ${ways.join(" or ")}` : "";
}

/** The signed close of a letter that is not signed by both parties: the signer, the title and the company. */
export function signedBy(sender: LetterSender): SignOff {
  const lines = ["Sincerely,", sender.signerName, sender.title, sender.companyName].filter((line): line is string => Boolean(line));
  // A signer who is the company (no name on the account) is printed once.
  return { kind: "signed", lines: lines.filter((line, index) => lines.indexOf(line) === index) };
}

/** The letter as plain text, in its printed order (the Documents section's `content`, and what tests read). */
export function mailedLetterPlainText(letter: MailedLetter): string {
  const signOff =
    letter.signOff.kind === "signatures"
      ? letter.signOff.signatures.map((signature) => `${signature.role}: ${signature.name}`)
      : letter.signOff.lines;
  return [
    letter.letterhead.name,
    ...letter.letterhead.lines,
    letter.date,
    ...letter.recipient,
    ...(letter.heading ? [letter.heading] : []),
    letter.subject,
    ...letter.paragraphs,
    ...(letter.terms ?? []).map((term) => `${term.heading}: ${term.body}`),
    ...letter.closing,
    ...signOff,
  ].join("\n");
}
