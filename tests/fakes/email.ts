/**
 * A fake transactional-email API in Resend's shape: `POST /emails` with Bearer auth and JSON
 * `{ from, to: string[], subject, text?, html? }`, answering `{ id }` or a 422 `{ name, message }`.
 */
export type FakeEmailApi = {
  url: string;
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  sent: { from: string; to: string[]; subject: string; text?: string; html?: string }[];
};

export function createFakeEmailApi(apiKey: string, options: { delayMs?: number } = {}): FakeEmailApi {
  const sent: FakeEmailApi["sent"] = [];
  const url = "https://email.fake.test/emails";
  return {
    url,
    sent,
    async fetch(input, init) {
      const request = new Request(input, init);
      if (options.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs);
          request.signal.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
          });
        });
      }
      if (request.method !== "POST" || new URL(request.url).pathname !== "/emails") return new Response("Not Found", { status: 404 });
      if (request.headers.get("Authorization") !== `Bearer ${apiKey}`) {
        return Response.json({ name: "validation_error", message: "API key is invalid" }, { status: 401 });
      }
      const body = (await request.json()) as FakeEmailApi["sent"][number];
      if (!body.from || !Array.isArray(body.to) || body.to.length === 0 || !body.subject || !(body.text || body.html)) {
        return Response.json({ name: "validation_error", message: "Missing required field" }, { status: 422 });
      }
      sent.push(body);
      return Response.json({ id: crypto.randomUUID() });
    },
  };
}
