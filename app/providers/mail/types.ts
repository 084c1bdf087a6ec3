import { ProviderError } from "#app/providers/http.server.ts";

export type PostalAddress = { name: string; line1: string; line2?: string; city: string; state: string; zip: string };

export type Letter = {
  userId: string;
  propertyId?: string;
  /** The same key never mails twice: a retry answers the first letter's tracking id. */
  idempotencyKey: string;
  to: PostalAddress;
  /** The return address (the company profile's); Lob refuses a letter without one, the local outbox does not need it. */
  from?: PostalAddress;
  /** The rendered piece (the Letter of Intent PDF). */
  pdf: Uint8Array;
  offerAmount?: number;
  description?: string;
};

export type MailReceipt = { trackingId: string; provider: "local" | "lob"; expectedDeliveryDate?: string };

/** Mails a printed letter to a postal address. */
export interface MailProvider {
  readonly name: "local" | "lob";
  sendLetter(letter: Letter): Promise<MailReceipt>;
}

export function formatAddressLine(address: PostalAddress): string {
  const street = [address.line1, address.line2].filter(Boolean).join(" ");
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** The part of a letter a mail provider refuses to send, checked before any request (so nothing is mailed or charged). */
export type MailAddressPart = "recipientName" | "recipientAddress" | "returnAddress";

/** A 422 before the request: the address `part` breaks the vendor's rules (`problem` says which, in plain words). */
export class MailAddressRefused extends ProviderError {
  constructor(
    provider: string,
    readonly part: MailAddressPart,
    readonly problem: string,
  ) {
    super(provider, problem, 422);
    this.name = "MailAddressRefused";
  }
}

/**
 * The provider gave no usable answer (timed out, a 5xx, a dropped connection, an unreadable body) after retrying with
 * the same idempotency key: the letter may or may not have been made. A caller keeps its claim and reports it as
 * unconfirmed, never as not mailed; a retry with the same key records the letter the provider made, or makes it once.
 */
export class MailOutcomeUnknown extends ProviderError {
  constructor(provider: string, detail: string) {
    super(provider, detail, 504);
    this.name = "MailOutcomeUnknown";
  }
}
