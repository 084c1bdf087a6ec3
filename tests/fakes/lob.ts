/**
 * A fake of Lob's Letters API (`POST /v1/letters`), checking what the real service checks: Basic auth with the key
 * as user name, multipart form with to/from address fields and a PDF `file`, `use_type`, and the Idempotency-Key
 * header (a repeated key answers the first letter, as Lob does). Answers Lob's letter object shape.
 */
export type FakeLob = {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  letters: { id: string; idempotencyKey: string | null; fields: Record<string, string>; fileBytes: Uint8Array }[];
};

export function createFakeLob(apiKey: string, options: { failWith?: number } = {}): FakeLob {
  const letters: FakeLob["letters"] = [];
  const byKey = new Map<string, Record<string, unknown>>();
  const error = (status: number, message: string) => Response.json({ error: { message, status_code: status } }, { status });

  return {
    letters,
    async fetch(input, init) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/letters") return error(404, "Not Found");
      if (request.headers.get("Authorization") !== `Basic ${btoa(`${apiKey}:`)}`) return error(401, "Your API key is not valid.");
      if (options.failWith) return error(options.failWith, "Fake failure");

      const key = request.headers.get("Idempotency-Key");
      if (key && byKey.has(key)) return Response.json(byKey.get(key));

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
        "use_type",
      ]) {
        if (!fields[required]) return error(422, `${required} is required`);
      }
      if (!file) return error(422, "file is required");
      const fileBytes = new Uint8Array(await file.arrayBuffer());
      if (new TextDecoder().decode(fileBytes.slice(0, 5)) !== "%PDF-") return error(422, "file must be a PDF");

      const id = `ltr_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
      const letter = {
        id,
        object: "letter",
        description: fields.description ?? null,
        to: { name: fields["to[name]"], address_line1: fields["to[address_line1]"] },
        expected_delivery_date: "2026-12-01",
        tracking_events: [],
      };
      letters.push({ id, idempotencyKey: key, fields, fileBytes });
      if (key) byKey.set(key, letter);
      return Response.json(letter);
    },
  };
}
