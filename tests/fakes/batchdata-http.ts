/**
 * The BatchData fake served over HTTP, for an app running in its own process (the e2e server under `wrangler dev`):
 * every request goes to the same fetch handler the integration tests use, so the contract it speaks and refuses is
 * one. `GET /__calls` (not BatchData's) answers what it has been asked, so a browser test can count vendor calls.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { FakeBatchData } from "./batchdata.ts";

/** What the fake has answered so far: every call, the property searches, and those that asked for comparables. */
export type FakeCallCounts = { calls: number; searches: number; comparables: number; skipTraces: number };

export function callCounts(fake: FakeBatchData): FakeCallCounts {
  const searches = fake.searches();
  return {
    calls: fake.calls.length,
    searches: searches.length,
    comparables: searches.filter(
      (call) => typeof call.body.searchCriteria === "object" && "compAddress" in (call.body.searchCriteria as object),
    ).length,
    skipTraces: fake.skipTraces().length,
  };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Listens on 127.0.0.1 (`port` 0 takes a free one) and resolves with the server and its base URL. */
export async function serveFakeBatchData(fake: FakeBatchData, port = 0): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (request.method === "GET" && url.pathname === "/__calls") {
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(callCounts(fake)));
        return;
      }
      const body = await bodyOf(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      const answer = await fake.fetch(url.href, {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : body.toString("utf8"),
      });
      response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
