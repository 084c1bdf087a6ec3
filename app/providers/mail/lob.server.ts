import { z } from "zod";

import { errorFrom, fetchWithTimeout, ProviderError, readAnswer, type Fetch } from "#app/providers/http.server.ts";

import type { Letter, MailProvider, PostalAddress } from "./types.ts";

/** The fields of Lob's letter answer we read; a missing or odd delivery date is left out rather than refused. */
const LetterAnswerSchema = z.object({ id: z.string().min(1), expected_delivery_date: z.string().optional().catch(undefined) });

type LobConfig = { apiKey: string; baseUrl: string; fetch?: Fetch; timeoutMs?: number };

/** A user waits on the answer (Mail the Offer): Lob usually answers in a second or two. */
export const LOB_TIMEOUT_MS = 20_000;

function appendAddress(form: FormData, prefix: "to" | "from", address: PostalAddress) {
  form.append(`${prefix}[name]`, address.name);
  form.append(`${prefix}[address_line1]`, address.line1);
  if (address.line2) form.append(`${prefix}[address_line2]`, address.line2);
  form.append(`${prefix}[address_city]`, address.city);
  form.append(`${prefix}[address_state]`, address.state);
  form.append(`${prefix}[address_zip]`, address.zip);
  form.append(`${prefix}[address_country]`, "US");
}

/**
 * Lob's Letters API: `POST /v1/letters` as multipart with the PDF as `file`, Basic auth with the key as user name,
 * and an `Idempotency-Key` header (Lob's guides' name; at most 256 characters) so a retried request never mails twice.
 * Failures are ProviderErrors with Lob's own message: 401 (key), 403, 422 (validation), 429 (rate limit), 5xx,
 * unreachable and timed out.
 */
export function createLobMail(config: LobConfig): MailProvider {
  const fetcher = config.fetch ?? fetch;
  return {
    name: "lob",
    async sendLetter(letter: Letter) {
      if (!letter.from) {
        throw new ProviderError("lob", "the letter has no return address: add your company's address to your profile before mailing");
      }
      const form = new FormData();
      form.append("description", letter.description ?? "Letter of Intent");
      appendAddress(form, "to", letter.to);
      appendAddress(form, "from", letter.from);
      form.append("file", new Blob([new Uint8Array(letter.pdf)], { type: "application/pdf" }), "letter-of-intent.pdf");
      form.append("color", "false");
      form.append("use_type", "marketing");
      if (letter.propertyId) form.append("metadata[property_id]", letter.propertyId);

      const response = await fetchWithTimeout(
        "lob",
        fetcher,
        `${config.baseUrl.replace(/\/$/, "")}/v1/letters`,
        {
          method: "POST",
          headers: { Authorization: `Basic ${btoa(`${config.apiKey}:`)}`, "Idempotency-Key": letter.idempotencyKey },
          body: form,
        },
        config.timeoutMs ?? LOB_TIMEOUT_MS,
      );
      if (!response.ok) throw await errorFrom("lob", response);
      const body = await readAnswer("lob", response, LetterAnswerSchema, "answer had no letter id");
      return { trackingId: body.id, provider: "lob", expectedDeliveryDate: body.expected_delivery_date };
    },
  };
}
