import { waitOnExecutionContext } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expect } from "vitest";
import { action as register } from "~/routes/api.auth.register";
import { testContext } from "./context";

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

export type Answer = { status: number; body: Record<string, unknown>; cookies: string[]; headers: Headers };

/**
 * Calls a route module's loader or action the way the Worker would, with JSON in and out, and a cookie jar so a
 * test reads like a client's session. A thrown Response (guards, validation) is an answer like any other.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(
    public context: AppLoadContext = testContext(),
    readonly ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  async call(handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const requestHeaders = new Headers({ "CF-Connecting-IP": this.ip, ...headers });
    if (body !== undefined) requestHeaders.set("Content-Type", "application/json");
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) requestHeaders.set("Cookie", cookie);
    const request = new Request(`http://127.0.0.1${path}`, {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let response: Response;
    try {
      response = (await handler({ request, params: {}, context: this.context })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) response = thrown;
      else throw thrown;
    }
    // What the route left for after its answer (emails through waitUntil) has run by the time a client looks again.
    await waitOnExecutionContext(this.context.cloudflare.ctx as ExecutionContext);
    const cookies = response.headers.getSetCookie();
    for (const setCookie of cookies) {
      const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
      const [name, ...value] = pair.split("=");
      if (attributes.some((a) => a.toLowerCase() === "max-age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, cookies, headers: response.headers };
  }
}

/** A new account registered through POST /api/auth/register; the client holds its session cookie. */
export async function registerClient(prefix: string, company: Record<string, unknown> = {}, client = new ApiClient()) {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const answer = await client.call(register, "POST", "/api/auth/register", {
    full_name: "Pat Quinn",
    email,
    mobile: "(602) 555-0123",
    password: "sunny2026",
    confirm_password: "sunny2026",
    company: { company_name: "Quinn Home Buyers LLC", offer_contact_email: email, offer_contact_phone: "(602) 555-0123", ...company },
  });
  expect(answer.status).toBe(201);
  return { client, email, userId: (answer.body.user as { id: string }).id };
}
