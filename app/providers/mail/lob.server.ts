import { z } from "zod";

import { errorFrom, fetchWithTimeout, readAnswer, type Fetch } from "../http.server";
import type { Letter, MailProvider, PostalAddress } from "./types";

/** The fields of Lob's letter answer we read; a missing or odd delivery date is left out rather than refused. */
const LetterAnswerSchema = z.object({ id: z.string().min(1), expected_delivery_date: z.string().optional().catch(undefined) });

type LobConfig = { apiKey: string; baseUrl: string; fetch?: Fetch };

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
 * and an `Idempotency-Key` header so a retried request never mails twice.
 */
export function createLobMail(config: LobConfig): MailProvider {
  const fetcher = config.fetch ?? fetch;
  return {
    name: "lob",
    async sendLetter(letter: Letter) {
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
        20_000,
      );
      if (!response.ok) throw await errorFrom("lob", response);
      const body = await readAnswer("lob", response, LetterAnswerSchema, "answer had no letter id");
      return { trackingId: body.id, provider: "lob", expectedDeliveryDate: body.expected_delivery_date };
    },
  };
}
