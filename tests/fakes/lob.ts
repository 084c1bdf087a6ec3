/**
 * A fake of Lob's Letters API (`POST /v1/letters`), checking what the real service checks: Basic auth with the key
 * as user name, multipart form with to/from address fields and a PDF `file`, `use_type`, and the Idempotency-Key
 * header (at most 256 characters; a repeated key answers the first letter, as Lob does — also when the two requests
 * arrive at the same time). Answers Lob's letter object shape, and Lob's error shape `{ error: { code, status_code,
 * message } }`. It can be told to fail with a status (401, 403, 422, 429, 5xx), to hang until the caller's signal
 * aborts (a timeout), or to be unreachable.
 */
export type FakeLob = {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  letters: { id: string; idempotencyKey: string | null; fields: Record<string, string>; fileBytes: Uint8Array }[];
  /** Every request the fake answered or refused (the Idempotency-Key it carried). */
  requests: { idempotencyKey: string | null }[];
  /** Later calls answer this HTTP status with Lob's error body; null stops it. */
  failWith(status: number | null, message?: string): void;
  /** Later calls never answer: they wait for the caller's AbortSignal and reject with its reason. */
  hang(on: boolean): void;
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

export function createFakeLob(apiKey: string, options: { failWith?: number } = {}): FakeLob {
  const letters: FakeLob["letters"] = [];
  const requests: FakeLob["requests"] = [];
  const byKey = new Map<string, Promise<Response>>();
  let failure: { status: number; message: string } | null = options.failWith ? { status: options.failWith, message: "Fake failure" } : null;
  let hanging = false;
  let down = false;
  const error = (status: number, message: string) =>
    Response.json({ error: { code: ERROR_CODES[status] ?? "error", status_code: status, message } }, { status });

  async function create(request: Request, key: string | null): Promise<Response> {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    let file: File | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "file") file = value;
    }
    for (const required of [
      "to[name]",
      "to[address_line1]",
      "to[address_city]",
      "to[address_state]",
      "to[address_zip]",
      "from[address_line1]",
      "from[address_city]",
      "from[address_state]",
      "from[address_zip]",
      "use_type",
      "color",
    ]) {
      if (!fields[required]) return error(422, `${required} is required`);
    }
    if (!["marketing", "operational"].includes(fields.use_type)) return error(422, "use_type must be one of [marketing, operational]");
    if (!file) return error(422, "file is required");
    const fileBytes = new Uint8Array(await file.arrayBuffer());
    if (new TextDecoder().decode(fileBytes.slice(0, 5)) !== "%PDF-") return error(422, "file must be a PDF");

    const id = `ltr_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
    letters.push({ id, idempotencyKey: key, fields, fileBytes });
    return Response.json({
      id,
      object: "letter",
      description: fields.description ?? null,
      to: { name: fields["to[name]"], address_line1: fields["to[address_line1]"] },
      url: `https://lob-assets.fake.test/letters/${id}.pdf`,
      carrier: "USPS",
      expected_delivery_date: "2026-12-01",
      send_date: "2026-11-24",
      tracking_events: [],
      status: "processed",
    });
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
    unreachable(on) {
      down = on;
    },
    async fetch(input, init) {
      if (down) throw new TypeError("fetch failed");
      const request = new Request(input, init);
      const key = request.headers.get("Idempotency-Key");
      requests.push({ idempotencyKey: key });
      if (hanging) {
        return new Promise<Response>((_, reject) => {
          const signal = init?.signal ?? request.signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        });
      }
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/letters") return error(404, "Not Found");
      if (request.headers.get("Authorization") !== `Basic ${btoa(`${apiKey}:`)}`) return error(401, "Your API key is not valid.");
      if (failure) return error(failure.status, failure.message);
      if (key && key.length > 256) return error(422, "Idempotency-Key must be at most 256 characters");

      // The key is claimed before the body is read, so a second request with it (even at the same moment) gets the first's answer.
      if (key && byKey.has(key)) return (await byKey.get(key)!).clone();
      const answer = create(request, key);
      if (key) byKey.set(key, answer);
      const response = await answer;
      if (key && !response.ok) byKey.delete(key);
      return response.clone();
    },
  };
}
