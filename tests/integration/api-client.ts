import type { AppLoadContext } from "@remix-run/cloudflare";
import { waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";

import { requestState } from "#workers/load-context.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as register } from "#app/routes/api.auth.register.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import type { ValidSession } from "#app/services/accounts/session.server.ts";
import { readToast, TOAST_COOKIE } from "#app/services/http/toast.server.ts";

import { testContext } from "./context.ts";

/** A route module's loader or action, as the Remix router calls it. */
export type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

export type Answer = { status: number; body: Record<string, unknown>; cookies: string[]; headers: Headers };

export type SendOptions = {
  /** The route's params (`$id` …). */
  params?: Record<string, string>;
  /** A JSON body (sets Content-Type). */
  json?: unknown;
  /** A form post as a browser sends it without JavaScript: multipart FormData (files allowed). */
  form?: FormData | Record<string, string | Blob>;
  /** A form post as `application/x-www-form-urlencoded`. */
  urlencoded?: Record<string, string>;
  /** Any other body, sent as is (streams, text); set its Content-Type in `headers`. */
  body?: BodyInit;
  /** Extra request headers; a `Cookie` here replaces the jar's cookies for this request. */
  headers?: Record<string, string>;
  /** Send no cookies at all (the jar still learns from the answer). */
  anonymous?: boolean;
  /** `false` answers without waiting for the route's waitUntil work (to prove the answer came first). */
  settle?: boolean;
};

type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithResponseInit(value: unknown): value is DataWithResponseInit {
  return !!value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit";
}

/** FormData from plain fields; a Blob value becomes a file part (named `fileName` when given). */
export function formData(fields: Record<string, string | Blob>, fileName?: string): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) data.set(key, value, fileName);
    else data.set(key, value);
  }
  return data;
}

/**
 * The one way integration tests call a route: a loader or action called the way the Worker would, with a cookie
 * jar (so a test reads like a client's session), a client IP, and the execution context waited on after each answer
 * (emails sent through waitUntil have run by the time the client looks again).
 *
 * - `call`: JSON in and out, for the /api routes; answers status, parsed body, Set-Cookie lines and headers.
 * - `send`: any body (JSON, form, urlencoded, raw) and params; answers a Response. A thrown Response (guards,
 *   redirects, validation) is an answer like a returned one; Remix's `data()` and plain loader objects become JSON.
 * - `load`: a page loader's data as the component would get it; a thrown Response is thrown on, as Remix would.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  /** Where requests go; tests of absolute redirects (OIDC) set the app's public origin. */
  origin = "http://127.0.0.1";

  constructor(
    public context: AppLoadContext = testContext(),
    readonly ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  /**
   * The load context of one request: the client's context (configuration, bindings, clock, queued cookies) with
   * per-request state of its own, as the Worker makes a context per request.
   */
  requestContext(): AppLoadContext {
    return { ...this.context, ...requestState() };
  }

  /** The jar's cookies as a Cookie header value. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The Request a browser holding this jar would send (also for calling request-taking services directly). */
  request(method: string, path: string, options: Omit<SendOptions, "params"> = {}): Request {
    const headers = new Headers({ "CF-Connecting-IP": this.ip });
    const cookie = this.cookieHeader();
    if (cookie && !options.anonymous) headers.set("Cookie", cookie);
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form instanceof FormData ? options.form : formData(options.form);
    else if (options.urlencoded) body = new URLSearchParams(options.urlencoded);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const url = /^https?:\/\//.test(path) ? path : `${this.origin}${path}`;
    return new Request(url, { method, headers, body });
  }

  /** Calls the route and answers a Response, whatever the route returned or threw. */
  async send(handler: Handler, method: string, path: string, options: SendOptions = {}): Promise<Response> {
    const request = this.request(method, path, options);
    let response: Response;
    try {
      const answer = await handler({ request, params: options.params ?? {}, context: this.requestContext() });
      if (answer instanceof Response) response = answer;
      // Remix's `data(value, init)` (a form's errors) is not a Response until the server renders it.
      else if (isDataWithResponseInit(answer)) response = Response.json(answer.data, answer.init ?? undefined);
      else response = Response.json(answer ?? null);
    } catch (thrown) {
      if (thrown instanceof Response) response = thrown;
      else throw thrown;
    }
    if (options.settle !== false) await waitOnExecutionContext(this.context.cloudflare.ctx as ExecutionContext);
    this.remember(response);
    return response;
  }

  /** GETs a page loader and answers its data; a thrown Response (404, redirect) is thrown on. */
  async load<T = Record<string, unknown>>(
    handler: Handler,
    path: string,
    options: Omit<SendOptions, "json" | "form" | "urlencoded" | "body"> = {},
  ): Promise<T> {
    const request = this.request("GET", path, options);
    const answer = await handler({ request, params: options.params ?? {}, context: this.requestContext() });
    await waitOnExecutionContext(this.context.cloudflare.ctx as ExecutionContext);
    if (answer instanceof Response) {
      this.remember(answer);
      if (!answer.ok) throw answer;
      return (await answer.json()) as T;
    }
    if (isDataWithResponseInit(answer)) {
      if (answer.init?.headers) this.remember(new Response(null, { headers: answer.init.headers }));
      return answer.data as T;
    }
    return answer as T;
  }

  /** JSON in and out, for the /api routes. */
  async call(
    handler: Handler,
    method: string,
    path: string,
    body?: unknown,
    options: Pick<SendOptions, "headers" | "params"> = {},
  ): Promise<Answer> {
    const response = await this.send(handler, method, path, { ...options, json: body });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, cookies: response.headers.getSetCookie(), headers: response.headers };
  }

  /** Keeps what a browser would from the answer's Set-Cookie lines (Max-Age=0 deletes). */
  private remember(response: Response) {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
      const [name, ...value] = pair.split("=");
      if (attributes.some((a) => a.toLowerCase() === "max-age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }
}

/** The toast an answer sets (its toast cookie read back the way the next page would), or null. */
export function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${TOAST_COOKIE}=`));
  return cookie ? readToast(new Request("http://127.0.0.1/", { headers: { Cookie: cookie.split(";")[0] } })).toast : null;
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

export type SignedInOptions = {
  /** The new account's email prefix (says which test made it); "user" by default. */
  prefix?: string;
  /** Company fields over the registration's defaults. */
  company?: Record<string, unknown>;
  /** The client to sign in; a new one (own cookie jar and IP) by default. */
  client?: ApiClient;
  /** The client's clock, for tests that fix the day. */
  now?: () => Date;
  /** Sign in to an existing account through POST /api/auth/login instead of registering a new one. */
  as?: { email: string; password?: string; remember?: boolean };
};

export type SignedIn = { client: ApiClient; email: string; userId: string };

/**
 * The one way a test gets a signed-in client: a new account registered (or `as` an existing one, logged in); with
 * `session: true` the session it holds too, read back as a loader would.
 */
export async function signedIn(options: SignedInOptions & { session: true }): Promise<SignedIn & { session: ValidSession }>;
export async function signedIn(options?: SignedInOptions & { session?: false }): Promise<SignedIn>;
export async function signedIn(options: SignedInOptions & { session?: boolean } = {}): Promise<SignedIn & { session?: ValidSession }> {
  const client = options.client ?? new ApiClient();
  if (options.now) client.context = { ...client.context, now: options.now };
  const user = options.as ? await loggedIn(client, options.as) : await registerClient(options.prefix ?? "user", options.company, client);
  if (!options.session) return user;
  const session = await getSession(client.request("GET", "/"), client.context);
  expect(session).not.toBeNull();
  return { ...user, session: session! };
}

async function loggedIn(client: ApiClient, account: NonNullable<SignedInOptions["as"]>): Promise<SignedIn> {
  const { email, password = "sunny2026", remember = false } = account;
  const answer = await client.call(login, "POST", "/api/auth/login", { email, password, remember });
  expect(answer.status).toBe(200);
  // Read in a context of its own, so the client's next request looks its session up afresh.
  const session = await getSession(client.request("GET", "/"), client.requestContext());
  return { client, email, userId: session!.user.id };
}
