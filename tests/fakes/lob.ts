import {
  LOB_ADDRESS_FIELDS,
  LOB_ADDRESS_MAX,
  LOB_ADDRESS_PLACEMENTS,
  LOB_EXTRA_SERVICES,
  LOB_IDEMPOTENCY_KEY_MAX,
  LOB_LETTER_FIELDS,
  LOB_MAIL_TYPES,
  LOB_RECIPIENT_STREET_MAX,
  LOB_TOP_FIRST_PAGE_KEEP_CLEAR,
  LOB_USE_TYPES,
} from "./lob-examples.ts";
import { inspectPdf, overlaps } from "./pdf-inspect.ts";

/**
 * A fake of Lob's Letters API (`POST /v1/letters`), refusing what Lob's OpenAPI specification (`lob/lob-openapi`)
 * refuses: Basic auth with the key as user name; a multipart form with only the fields the letter-create schema
 * knows; `to` and `from` each with a `name` or a `company` (at most 40 characters each), `address_line1` (required,
 * at most 64) and `address_line2` (64), `address_city` (required, 200), a 2-letter `address_state`, a `12345` or
 * `12345-6789` `address_zip`, `address_country` US; `description` at most 255; `metadata` at most 20 keys of 40
 * characters with values of 500, neither holding `"` or `\`; `color` and `use_type` (marketing | operational)
 * required; `to`'s address_line1 and address_line2 together at most 50 (`address_length_exceeds_limit`); a `file` that
 * is a PDF whose every page is 8.5 × 11 in, whose fonts are standard or embedded and — with `address_placement`
 * top_first_page, the default — whose page 1 has no text where Lob prints its address block or the envelope's windows
 * show (Lob would print over it: the fake refuses it so a test sees the misprint). The
 * Idempotency-Key header is at most 256 characters; our client sends one on every letter, so the fake refuses a
 * letter without one (`requireIdempotencyKey: false` turns that off) — a repeated key answers the first letter, as
 * Lob does, also when the two requests arrive at the same time. Answers Lob's letter object, and Lob's error shape
 * `{ error: { code, status_code, message } }` with its codes (`invalid`, `address_length_exceeds_limit`,
 * `invalid_file`, `invalid_file_dimensions`, `unembedded_fonts`...). It can be told to fail with a status (401, 403,
 * 422, 429, 5xx), to hang until the caller's signal aborts (a timeout), or to be unreachable. `mail_type` and
 * `extra_service` are held to Lob's enums (no extra service with usps_standard). Field lists, limits, enums and the
 * documented examples: ./lob-examples.ts.
 */
export type FakeLob = {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  letters: { id: string; idempotencyKey: string | null; fields: Record<string, string>; fileBytes: Uint8Array }[];
  /** Every request the fake answered or refused (the Idempotency-Key and User-Agent it carried). */
  requests: { idempotencyKey: string | null; userAgent: string | null }[];
  /** Later calls answer this HTTP status with Lob's error body; null stops it. */
  failWith(status: number | null, message?: string): void;
  /** Later calls never answer: they wait for the caller's AbortSignal and reject with its reason. */
  hang(on: boolean): void;
  /**
   * The next `count` letters are made but their answers are lost: the call waits for the caller's AbortSignal, as a
   * timeout after Lob acted does. A retry with the same Idempotency-Key is answered the letter already made.
   */
  loseAnswers(count: number): void;
  /** Later calls fail as an unreachable host does (fetch rejects with a TypeError). */
  unreachable(on: boolean): void;
};

const ERROR_CODES: Record<number, string> = {
  401: "unauthorized",
  403: "forbidden",
  422: "invalid",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
  503: "service_unavailable",
};

/** Lob's field lists and limits (./lob-examples.ts, from lob-openapi). */
const LETTER_FIELDS = new Set<string>(LOB_LETTER_FIELDS);
const ADDRESS_FIELDS = new Set<string>(LOB_ADDRESS_FIELDS);
const ADDRESS_MAX = LOB_ADDRESS_MAX;
const ADDRESS_PLACEMENTS: readonly string[] = LOB_ADDRESS_PLACEMENTS;
const LETTER_PAGE = { width: 612, height: 792 };

type Refusal = { code: string; message: string };

/** Lob's address object as a letter answer holds it (the example in lob-openapi resources/letters/responses/letter.yml). */
function addressObject(fields: Record<string, string>, who: "to" | "from", now: string) {
  const field = (name: string) => fields[`${who}[${name}]`]?.toUpperCase() ?? null;
  return {
    id: `adr_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`,
    description: null,
    name: field("name"),
    company: field("company"),
    phone: null,
    email: null,
    address_line1: field("address_line1"),
    address_line2: field("address_line2"),
    address_city: field("address_city"),
    address_state: field("address_state"),
    address_zip: field("address_zip"),
    address_country: "UNITED STATES",
    metadata: {},
    date_created: now,
    date_modified: now,
    deleted: true,
    object: "address",
  };
}

/** A deepObject's fields (`metadata[key]`) as an object, or null when the form has none. */
function nested(fields: Record<string, string>, name: string): Record<string, string> | null {
  const entries = Object.entries(fields)
    .filter(([key]) => key.startsWith(`${name}[`))
    .map(([key, value]) => [key.slice(name.length + 1, -1), value]);
  return entries.length ? Object.fromEntries(entries) : null;
}

/** Lob's letter object with every field its documented example carries, the optional and nullable ones too. */
function letterObject(id: string, fields: Record<string, string>) {
  const now = new Date().toISOString();
  const metadata = nested(fields, "metadata") ?? {};
  return {
    id,
    description: fields.description ?? null,
    metadata,
    to: addressObject(fields, "to", now),
    from: addressObject(fields, "from", now),
    color: fields.color === "true",
    double_sided: fields.double_sided !== "false",
    address_placement: fields.address_placement ?? "top_first_page",
    return_envelope: false,
    perforated_page: null,
    custom_envelope: null,
    extra_service: fields.extra_service ?? null,
    mail_type: fields.mail_type ?? "usps_first_class",
    url: `https://lob-assets.fake.test/letters/${id}.pdf?expires=1&signature=fake`,
    carrier: "USPS",
    tracking_number: null,
    tracking_events: [],
    thumbnails: [],
    merge_variables: nested(fields, "merge_variables"),
    expected_delivery_date: "2026-12-01",
    date_created: now,
    date_modified: now,
    send_date: now,
    use_type: fields.use_type,
    fsc: false,
    sla: "2",
    object: "letter",
  };
}

/** What Lob refuses in a letter's text fields, or null. */
function fieldsProblem(fields: Record<string, string>): Refusal | null {
  const invalid = (message: string): Refusal => ({ code: "invalid", message });
  for (const key of Object.keys(fields)) {
    const nested = /^(to|from|metadata|merge_variables)\[([^\]]+)\]$/.exec(key);
    if (nested ? nested[1] !== "metadata" && nested[1] !== "merge_variables" && !ADDRESS_FIELDS.has(nested[2]) : !LETTER_FIELDS.has(key)) {
      return invalid(`${key} is not allowed`);
    }
  }
  for (const who of ["to", "from"]) {
    const field = (name: string) => fields[`${who}[${name}]`];
    if (!field("name") && !field("company")) return invalid(`${who} must have a name or a company`);
    for (const required of ["address_line1", "address_city", "address_state", "address_zip"]) {
      if (!field(required)) return invalid(`${who}.${required} is required`);
    }
    for (const [name, max] of Object.entries(ADDRESS_MAX)) {
      if ((field(name) ?? "").length > max) {
        return { code: "address_length_exceeds_limit", message: `${who}.${name} must be ${max} characters or fewer` };
      }
    }
    const street = (field("address_line1") ?? "").length + (field("address_line2") ?? "").length;
    if (who === "to" && street > LOB_RECIPIENT_STREET_MAX) {
      return {
        code: "address_length_exceeds_limit",
        message: `the sum of to.address_line1 and to.address_line2 cannot surpass ${LOB_RECIPIENT_STREET_MAX} characters`,
      };
    }
    if (!/^[a-zA-Z]{2}$/.test(field("address_state"))) return invalid(`${who}.address_state must be a 2 letter state code`);
    if (!/^\d{5}(-\d{4})?$/.test(field("address_zip"))) return invalid(`${who}.address_zip must be in a valid ZIP or ZIP+4 format`);
    if (field("address_country") !== undefined && field("address_country") !== "US") return invalid(`${who}.address_country must be US`);
  }
  if ((fields.description ?? "").length > 255) return invalid("description must be 255 characters or fewer");
  const metadata = Object.entries(fields).filter(([key]) => key.startsWith("metadata["));
  if (metadata.length > 20) return invalid("metadata must have at most 20 keys");
  for (const [key, value] of metadata) {
    const name = key.slice("metadata[".length, -1);
    if (name.length > 40 || value.length > 500 || /["\\]/.test(name + value)) return invalid(`${key} is invalid`);
  }
  if (!["true", "false"].includes(fields.color ?? "")) return invalid("color is required and must be a boolean");
  if (fields.double_sided !== undefined && !["true", "false"].includes(fields.double_sided))
    return invalid("double_sided must be a boolean");
  if (!fields.use_type) return { code: "mail_use_type_can_not_be_null", message: "use_type is required" };
  if (!(LOB_USE_TYPES as readonly string[]).includes(fields.use_type)) return invalid("use_type must be one of [marketing, operational]");
  const mailType = fields.mail_type ?? "usps_first_class";
  if (!(LOB_MAIL_TYPES as readonly string[]).includes(mailType)) return invalid(`mail_type must be one of [${LOB_MAIL_TYPES.join(", ")}]`);
  if (fields.extra_service !== undefined) {
    if (!(LOB_EXTRA_SERVICES as readonly string[]).includes(fields.extra_service))
      return invalid(`extra_service must be one of [${LOB_EXTRA_SERVICES.join(", ")}]`);
    if (mailType === "usps_standard") return invalid("extra_service cannot be used with usps_standard");
  }
  if (fields.address_placement !== undefined && !ADDRESS_PLACEMENTS.includes(fields.address_placement)) {
    return invalid(`address_placement must be one of [${ADDRESS_PLACEMENTS.join(", ")}]`);
  }
  return null;
}

/** An area of Lob's letter template (inches from the top-left) in PDF points from the bottom-left. */
function inPoints(area: { left: number; top: number; width: number; height: number }) {
  return {
    x0: area.left * 72,
    x1: (area.left + area.width) * 72,
    y0: LETTER_PAGE.height - (area.top + area.height) * 72,
    y1: LETTER_PAGE.height - area.top * 72,
  };
}

/** What Lob refuses in a letter's PDF (ltr_file.yml: every page 8.5"x11"; fonts embedded; page 1's address areas), or null. */
async function fileProblem(bytes: Uint8Array, addressPlacement: string): Promise<Refusal | null> {
  if (new TextDecoder().decode(bytes.slice(0, 5)) !== "%PDF-")
    return { code: "invalid_file", message: "file must be a PDF, HTML or a template" };
  let report;
  try {
    report = await inspectPdf(bytes);
  } catch {
    return { code: "invalid_file", message: "file could not be read as a PDF" };
  }
  if (report.pages.length === 0) return { code: "file_pages_below_min", message: "file must have at least 1 page" };
  const wrong = report.pages.findIndex(
    (page) => Math.abs(page.width - LETTER_PAGE.width) > 1 || Math.abs(page.height - LETTER_PAGE.height) > 1,
  );
  if (wrong >= 0) return { code: "invalid_file_dimensions", message: `file page ${wrong + 1} must be 8.5in x 11in` };
  const font = report.fonts.find((item) => !item.standard && !item.embedded);
  if (font) return { code: "unembedded_fonts", message: `file has a font that is not embedded (${font.name})` };
  if (addressPlacement === "top_first_page") {
    for (const area of LOB_TOP_FIRST_PAGE_KEEP_CLEAR) {
      const text = report.pages[0]!.marks.find((mark) => mark.kind === "text" && overlaps(mark, inPoints(area)));
      if (text) return { code: "invalid_file", message: `file page 1 has text in the ${area.name} Lob prints over ("${text.text}")` };
    }
  }
  return null;
}

export function createFakeLob(apiKey: string, options: { failWith?: number; requireIdempotencyKey?: boolean } = {}): FakeLob {
  const letters: FakeLob["letters"] = [];
  const requests: FakeLob["requests"] = [];
  const byKey = new Map<string, Promise<Response>>();
  let failure: { status: number; message: string } | null = options.failWith ? { status: options.failWith, message: "Fake failure" } : null;
  let hanging = false;
  let lost = 0;
  let down = false;
  const error = (status: number, message: string, code = ERROR_CODES[status] ?? "error") =>
    Response.json({ error: { code, status_code: status, message } }, { status });

  async function create(request: Request, key: string | null): Promise<Response> {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    let file: File | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "file") file = value;
      else return error(422, `${name} must be text`);
    }
    if (!file) return error(422, "file is required");
    const problem = fieldsProblem(fields);
    if (problem) return error(422, problem.message, problem.code);
    const fileBytes = new Uint8Array(await file.arrayBuffer());
    const refused = await fileProblem(fileBytes, fields.address_placement ?? "top_first_page");
    if (refused) return error(422, refused.message, refused.code);

    const id = `ltr_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
    letters.push({ id, idempotencyKey: key, fields, fileBytes });
    return Response.json(letterObject(id, fields));
  }

  return {
    letters,
    requests,
    failWith(status, message = "Fake failure") {
      failure = status === null ? null : { status, message };
    },
    hang(on) {
      hanging = on;
    },
    loseAnswers(count) {
      lost = count;
    },
    unreachable(on) {
      down = on;
    },
    async fetch(input, init) {
      if (down) throw new TypeError("fetch failed");
      const request = new Request(input, init);
      const key = request.headers.get("Idempotency-Key");
      requests.push({ idempotencyKey: key, userAgent: request.headers.get("User-Agent") });
      const never = () =>
        new Promise<Response>((_, reject) => {
          const signal = init?.signal ?? request.signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        });
      if (hanging) return never();
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/letters") return error(404, "Not Found");
      if (request.headers.get("Authorization") !== `Basic ${btoa(`${apiKey}:`)}`) return error(401, "Your API key is not valid.");
      if (failure) return error(failure.status, failure.message);
      if (key && key.length > LOB_IDEMPOTENCY_KEY_MAX) return error(422, "Idempotency-Key must be at most 256 characters");
      if (!key && options.requireIdempotencyKey !== false) return error(422, "this fake expects an Idempotency-Key on every letter");

      // The key is claimed before the body is read, so a second request with it (even at the same moment) gets the first's answer.
      let response: Response;
      if (key && byKey.has(key)) response = await byKey.get(key)!;
      else {
        const answer = create(request, key);
        if (key) byKey.set(key, answer);
        response = await answer;
        if (key && !response.ok) byKey.delete(key);
      }
      if (response.ok && lost > 0) {
        lost -= 1;
        return never();
      }
      return response.clone();
    },
  };
}
