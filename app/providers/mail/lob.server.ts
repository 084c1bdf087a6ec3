import { z } from "zod";

import { MAIL_DESCRIPTION_MAX, MAIL_NAME_MAX, mailAddressProblems, recipientStreetProblem } from "#app/domain/shared/postal-limits.ts";
import { errorFrom, fetchWithTimeout, ProviderError, readAnswer, type Fetch } from "#app/providers/http.server.ts";

import { MailAddressRefused, MailOutcomeUnknown, type Letter, type MailProvider, type PostalAddress } from "./types.ts";

/** The fields of Lob's letter answer we read; a missing or odd delivery date is left out rather than refused. */
export const LetterAnswerSchema = z.object({ id: z.string().min(1), expected_delivery_date: z.string().optional().catch(undefined) });

type LobConfig = { apiKey: string; baseUrl: string; fetch?: Fetch; timeoutMs?: number; retryDelayMs?: number };

/** A user waits on the answer (Mail the Offer): Lob usually answers in a second or two. */
export const LOB_TIMEOUT_MS = 20_000;
/**
 * Lob's error reference: after a timeout or a 5xx "the request sent to Lob may or may not have been properly
 * received"; retry with the same idempotency key (Lob keeps a key 24 hours, so a letter it made is answered, not made
 * again), with backoff. Two more tries, the second after three times this wait.
 */
export const LOB_RETRY_DELAY_MS = 1_000;
const LOB_RETRIES = 2;

/**
 * Lob prints `name` and `company` (each at most 40 characters, Lob OpenAPI address_editable_us.yml) on two lines
 * above the street: a longer name from the records (an estate's or a trust's) is split at a word between the two,
 * so it is mailed whole rather than refused. Null when it does not fit in two lines.
 */
export function mailNameLines(name: string): { name: string; company?: string } | null {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length <= MAIL_NAME_MAX) return { name: trimmed };
  const cut = trimmed.lastIndexOf(" ", MAIL_NAME_MAX);
  if (cut <= 0) return null;
  const first = trimmed.slice(0, cut);
  const second = trimmed.slice(cut + 1);
  return second.length <= MAIL_NAME_MAX ? { name: first, company: second } : null;
}

type NameLines = { name: string; company?: string };

/** The longest start of `text` that fits one line: up to the last word that fits, else cut at the limit. */
function firstLine(text: string): string {
  if (text.length <= MAIL_NAME_MAX) return text;
  const cut = text.lastIndexOf(" ", MAIL_NAME_MAX);
  return cut > 0 ? text.slice(0, cut) : text.slice(0, MAIL_NAME_MAX);
}

/**
 * The return address's name lines. It is the company profile's name, which profiles stored up to 200 characters
 * before they held it to Lob's 40: split as a recipient's is and, when even two lines cannot hold it, cut at the last
 * word that fits, so every letter of such an account is not refused (docs/decisions/052-offers-as-form-posts.md).
 * The letter itself still carries the whole name.
 */
export function returnNameLines(name: string): NameLines {
  const whole = name.trim().replace(/\s+/g, " ");
  const split = mailNameLines(whole);
  if (split) return split;
  const first = firstLine(whole);
  const second = firstLine(whole.slice(first.length).trim());
  return second ? { name: first, company: second } : { name: first };
}

/** Why Lob would refuse this address (422), checked before the request so the user gets a clear message naming the part. */
function addressProblem(who: "recipient" | "return", address: PostalAddress, lines: NameLines | null): MailAddressRefused | null {
  // A name too long for two lines is reported once, as such (not also as over 40).
  const problems = mailAddressProblems({ ...address, name: lines?.name ?? address.name.slice(0, MAIL_NAME_MAX) });
  if (!lines) problems.unshift(`the name is longer than two lines of ${MAIL_NAME_MAX} characters`);
  const street = who === "recipient" ? recipientStreetProblem(address) : null;
  if (street) problems.push(street);
  if (!problems.length) return null;
  if (who === "return")
    return new MailAddressRefused("lob", "returnAddress", `the return address cannot be mailed: ${problems.join("; ")}`);
  const nameProblems = problems.filter((problem) => /^(the )?name /.test(problem));
  const part = nameProblems.length ? "recipientName" : "recipientAddress";
  const shown = nameProblems.length ? nameProblems : problems;
  return new MailAddressRefused(
    "lob",
    part,
    `the recipient's ${nameProblems.length ? "name" : "address"} cannot be mailed: ${shown.join("; ")}`,
  );
}

function appendAddress(form: FormData, prefix: "to" | "from", address: PostalAddress, lines: NameLines) {
  form.append(`${prefix}[name]`, lines.name);
  if (lines.company) form.append(`${prefix}[company]`, lines.company);
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
 * Lob's refusals are ProviderErrors with Lob's own message: 401 (key), 403, 422 (validation), 429 (rate limit). No
 * usable answer (timed out, 5xx, unreachable, unreadable) is retried with the same key, then a MailOutcomeUnknown.
 */
export function createLobMail(config: LobConfig): MailProvider {
  const fetcher = config.fetch ?? fetch;
  return {
    name: "lob",
    async sendLetter(letter: Letter) {
      if (!letter.from) {
        throw new MailAddressRefused(
          "lob",
          "returnAddress",
          "the letter has no return address: add your company's address to your profile before mailing",
        );
      }
      const toLines = mailNameLines(letter.to.name);
      const fromLines = returnNameLines(letter.from.name);
      const refused = addressProblem("recipient", letter.to, toLines) ?? addressProblem("return", letter.from, fromLines);
      if (refused) throw refused;
      const form = new FormData();
      form.append("description", (letter.description ?? "Letter of Intent").slice(0, MAIL_DESCRIPTION_MAX));
      appendAddress(form, "to", letter.to, toLines ?? { name: letter.to.name });
      appendAddress(form, "from", letter.from, fromLines);
      form.append("file", new Blob([new Uint8Array(letter.pdf)], { type: "application/pdf" }), "letter-of-intent.pdf");
      form.append("color", "false");
      form.append("use_type", "marketing");
      if (letter.propertyId) form.append("metadata[property_id]", letter.propertyId);

      const body = await postWithRetries(config, fetcher, letter.idempotencyKey, form);
      return { trackingId: body.id, provider: "lob", expectedDeliveryDate: body.expected_delivery_date };
    },
  };
}

type Answer = z.infer<typeof LetterAnswerSchema>;

/** One try: Lob's letter, a refusal (thrown), or why there was no usable answer. */
async function postOnce(config: LobConfig, fetcher: Fetch, key: string, form: FormData): Promise<Answer | { unanswered: string }> {
  let response: Response;
  try {
    response = await fetchWithTimeout(
      "lob",
      fetcher,
      `${config.baseUrl.replace(/\/$/, "")}/v1/letters`,
      { method: "POST", headers: { Authorization: `Basic ${btoa(`${config.apiKey}:`)}`, "Idempotency-Key": key }, body: form },
      config.timeoutMs ?? LOB_TIMEOUT_MS,
    );
  } catch (error) {
    return { unanswered: error instanceof Error ? error.message.replace(/^lob: /, "") : "request failed" };
  }
  if (response.status >= 500) return { unanswered: (await errorFrom("lob", response)).message.replace(/^lob: /, "") };
  if (!response.ok) throw await errorFrom("lob", response);
  try {
    return await readAnswer("lob", response, LetterAnswerSchema, "answer had no letter id");
  } catch (error) {
    // A 200 whose body was cut off: the letter was made; the retry with its key reads it.
    if (error instanceof ProviderError) return { unanswered: error.message.replace(/^lob: /, "") };
    throw error;
  }
}

/** The letter, tried again with the same key while Lob gives no usable answer; still none after the retries: unknown. */
async function postWithRetries(config: LobConfig, fetcher: Fetch, key: string, form: FormData): Promise<Answer> {
  const wait = config.retryDelayMs ?? LOB_RETRY_DELAY_MS;
  let tried = 0;
  for (;;) {
    const answer = await postOnce(config, fetcher, key, form);
    tried += 1;
    if (!("unanswered" in answer)) return answer;
    if (tried > LOB_RETRIES) {
      throw new MailOutcomeUnknown("lob", `no confirmation after ${tried} tries with the same idempotency key (${answer.unanswered})`);
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait * (tried === 1 ? 1 : 3)));
  }
}
