import { describe, expect, it } from "vitest";

import { action as createBuyerLead } from "#app/routes/api.buyer-leads.ts";
import { action as uploadApi } from "#app/routes/api.documents.upload.ts";
import { action as contactForm } from "#app/routes/contact-us.tsx";
import { action as uploadForm } from "#app/routes/documents.upload.tsx";
import { MAX_UPLOAD_BYTES } from "#app/services/documents/uploads.server.ts";
import { MAX_BODY_BYTES } from "#app/services/http/api.server.ts";

import { signedIn, toastOf, type Handler } from "./api-client.ts";

const CHUNK = 64 * 1024;

/**
 * A chunked body (no Content-Length) that would go on for `total` bytes: `prefix`, then filler, then `suffix`.
 * `pulled()` tells how much the server actually read, which proves a refused body was cut, not buffered whole.
 */
function streamingBody(total: number, prefix = "", suffix = "") {
  const encoder = new TextEncoder();
  const head = encoder.encode(prefix);
  const tail = encoder.encode(suffix);
  let sent = 0;
  let pulled = 0;
  const fillerBytes = total - head.byteLength - tail.byteLength;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (sent === 0 && head.byteLength) chunk = head;
      else if (sent < head.byteLength + fillerBytes)
        chunk = new Uint8Array(Math.min(CHUNK, head.byteLength + fillerBytes - sent)).fill(0x61);
      else if (sent < total) chunk = tail;
      else return controller.close();
      sent += chunk.byteLength;
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** A registered user; `send` POSTs a raw body with its headers through the ApiClient. */
async function sender() {
  const { client } = await signedIn({ prefix: "body" });
  const send = (handler: Handler, path: string, body: BodyInit, headers: Record<string, string>) =>
    client.send(handler, "POST", path, { body, headers });
  return { send };
}

const BUYER = JSON.stringify({ buyerName: "Sun Valley Homes", buyerType: "cash_buyers", market: "Phoenix, AZ" });

describe("request bodies are bounded before they are read", () => {
  it("a chunked JSON body past 1 MB without a Content-Length answers 413 and is not read to the end", async () => {
    const { send } = await sender();
    const body = streamingBody(8 * MAX_BODY_BYTES, '{"buyerName":"');
    const answer = await send(createBuyerLead, "/api/buyer-leads", body.stream, { "Content-Type": "application/json" });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ success: false, message: "The request body is too large. The limit is 1 MB." });
    expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });

  it("a small Content-Length in front of a big JSON body does not fool the count", async () => {
    const { send } = await sender();
    const body = streamingBody(2 * MAX_BODY_BYTES, '{"buyerName":"');
    const answer = await send(createBuyerLead, "/api/buyer-leads", body.stream, {
      "Content-Type": "application/json",
      "Content-Length": "40",
    });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { success: boolean }).success).toBe(false);
  });

  it("a declared Content-Length past the cap is refused unread", async () => {
    const { send } = await sender();
    const body = streamingBody(2 * MAX_BODY_BYTES, '{"buyerName":"');
    const answer = await send(createBuyerLead, "/api/buyer-leads", body.stream, {
      "Content-Type": "application/json",
      "Content-Length": String(2 * MAX_BODY_BYTES),
    });
    expect(answer.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it("a normal JSON body, streamed or not, is still accepted", async () => {
    const { send } = await sender();
    expect((await send(createBuyerLead, "/api/buyer-leads", BUYER, { "Content-Type": "application/json" })).status).toBe(201);
    // Another buyer: the same one saved again answers 200 "Already saved" (one row per buyer and market).
    const streamed = new Blob([BUYER.replace("Sun Valley Homes", "Mesa Ridge Homes")]).stream();
    expect((await send(createBuyerLead, "/api/buyer-leads", streamed, { "Content-Type": "application/json" })).status).toBe(201);
  });

  it("a page form action refuses a form body past 1 MB with 413", async () => {
    const { send } = await sender();
    const body = streamingBody(2 * MAX_BODY_BYTES, "name=Pat&message=");
    const answer = await send(contactForm, "/contact-us", body.stream, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(answer.status).toBe(413);
  });

  const BOUNDARY = "----breeze-test-boundary";
  const multipartHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nother\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const multipartTail = `\r\n--${BOUNDARY}--\r\n`;
  const multipart = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };

  it("a chunked upload past 10 MB answers 413 on POST /api/documents/upload and is cut while it streams", async () => {
    const { send } = await sender();
    const body = streamingBody(4 * MAX_UPLOAD_BYTES, multipartHead, multipartTail);
    const answer = await send(uploadApi, "/api/documents/upload", body.stream, multipart);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ success: false, message: "The file is larger than 10 MB" });
    expect(body.pulled()).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * CHUNK);
  });

  it("an upload with a lying small Content-Length is cut at the cap too", async () => {
    const { send } = await sender();
    const body = streamingBody(2 * MAX_UPLOAD_BYTES, multipartHead, multipartTail);
    const answer = await send(uploadApi, "/api/documents/upload", body.stream, { ...multipart, "Content-Length": "512" });
    expect(answer.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * CHUNK);
  });

  it("the upload form without JavaScript comes back with the too-large toast for a chunked body", async () => {
    const { send } = await sender();
    const body = streamingBody(2 * MAX_UPLOAD_BYTES, multipartHead, multipartTail);
    const answer = await send(uploadForm, "/documents/upload", body.stream, multipart);
    expect(answer.status).toBe(302);
    expect(toastOf(answer)).toMatchObject({ title: "Upload Failed", description: "The file is larger than 10 MB" });
    expect(body.pulled()).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * CHUNK);
  });

  it("a normal chunked upload under the cap is still stored", async () => {
    const { send } = await sender();
    const body = `${multipartHead}Offer terms for 4127 N 38th St.${multipartTail}`;
    const answer = await send(uploadApi, "/api/documents/upload", new Blob([body]).stream(), multipart);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ success: true, document: { name: "big.txt" } });
  });
});
