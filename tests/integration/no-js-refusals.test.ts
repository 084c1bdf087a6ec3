import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createFetchHandler } from "#workers/handle-request.ts";
import * as root from "#app/root.tsx";
import * as chatCard from "#app/routes/chat.card.tsx";
import * as chatSearch from "#app/routes/chat.search.tsx";
import * as chatSend from "#app/routes/chat.send.tsx";
import * as chatTerry from "#app/routes/chat.terry.tsx";
import { CARD_NOT_FOUND } from "#app/services/chat/chat.server.ts";

import { registerClient } from "./api-client.ts";
import { routeBuild } from "./remix-build.ts";

/**
 * a form posted without JavaScript that the server refuses answers 400/404 with the page showing why —
 * through the Worker and Remix's own document handling, where the route's loader also runs after its action (a
 * loader that redirects would turn the refusal into a 302 and the message would never reach the user).
 */
const ORIGIN = "http://127.0.0.1:8787";
const build = routeBuild({
  root: { path: "", module: root },
  "routes/chat.terry": { path: "chat/terry", module: chatTerry },
  "routes/chat.send": { path: "chat/send", module: chatSend },
  "routes/chat.search": { path: "chat/search", module: chatSearch },
  "routes/chat.card": { path: "chat/card", module: chatCard },
});
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);

let cookie = "";
let theirs = "";
beforeAll(async () => {
  const { client } = await registerClient("nojs");
  cookie = client.cookieHeader();
  const owner = await registerClient("nojs-owner");
  const sent = await post(owner.client.cookieHeader(), "/chat/send", { agent: "lead-finder", content: "hello" });
  theirs = new URL(sent.headers.get("Location")!, ORIGIN).searchParams.get("c")!;
});

/** A browser without JavaScript posting a form (urlencoded, same origin). */
function post(session: string, path: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: session, Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return worker(request, { ...env, APP_ORIGIN: ORIGIN } as Env, createExecutionContext());
}

/** The visible page (without the hydration data, which repeats the action data). */
const visible = async (response: Response) => (await response.text()).split("<script")[0];

describe("refused forms without JavaScript show their message", () => {
  it("/chat/terry: an empty message is a 400 with Terry's box and 'Message is required'", async () => {
    const answer = await post(cookie, "/chat/terry", { message: "   " });
    expect(answer.status).toBe(400);
    const page = await visible(answer);
    expect(page).toContain("Ask Terry");
    expect(page).toContain("Message is required");
  });

  it("/chat/terry: another user's conversation is a 404 with 'Conversation not found'", async () => {
    const answer = await post(cookie, "/chat/terry", { message: "85004?", c: theirs });
    expect(answer.status).toBe(404);
    expect(await visible(answer)).toContain("Conversation not found");
  });

  it("/chat/send: an empty message is a 400 and another user's conversation a 404, each with its message", async () => {
    const empty = await post(cookie, "/chat/send", { agent: "lead-finder", content: "" });
    expect(empty.status).toBe(400);
    expect(await visible(empty)).toContain("Message is required");
    const foreign = await post(cookie, "/chat/send", { agent: "lead-finder", c: theirs, content: "hello?" });
    expect(foreign.status).toBe(404);
    expect(await visible(foreign)).toContain("Conversation not found");
  });

  it("/chat/search: a wizard step with a bad ZIP is a 400 with the wizard and the field's message", async () => {
    const answer = await post(cookie, "/chat/search", { wizard: "seller", agent: "lead-finder", cityOrZip: "!!" });
    expect(answer.status).toBe(400);
    expect(await visible(answer)).toMatch(/Enter a 5-digit ZIP or a city and state|City or ZIP/);
  });

  it("/chat/search and /chat/card: a refusal thrown to the page's boundary shows its own sentence with its status", async () => {
    const search = { wizard: "seller", agent: "lead-finder", c: theirs, cityOrZip: "85004", sellerType: "high_equity" };
    const foreign = await post(cookie, "/chat/search", search);
    expect(foreign.status).toBe(404);
    expect(await visible(foreign)).toContain("Conversation not found");
    const card = await post(cookie, "/chat/card", { intent: "add-to-crm", messageId: "no-such-message" });
    expect(card.status).toBe(404);
    const page = await visible(card);
    expect(page).toContain("404 Page Not Found");
    expect(page).toContain(CARD_NOT_FOUND);
  });

  it("an accepted message still goes back to the chat (post/redirect/get)", async () => {
    const answer = await post(cookie, "/chat/send", { agent: "lead-finder", content: "hello" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/section=chat/);
  });
});
