// Resend's batch endpoint as Resend answers it: up to 100 emails a call, one idempotency key for the batch (the same
// key and body answer the first ids and send nothing), strict validation (one bad email refuses the batch).
import { describe, expect, it } from "vitest";

import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";

const emails = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    to: `buyer-${i}@example.com`,
    subject: "Under contract in Phoenix, AZ 85019",
    text: "A deal",
    headers: { "List-Unsubscribe": `<https://breeze.example/unsubscribe/${i}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  }));

describe("POST /emails/batch at Resend", () => {
  it("sends a batch once under its key, answers the first ids to a retry, and refuses a batch over 100 before calling", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "Breeze <deals@breeze.example>", fetch: fake.fetch });
    const first = await email.sendBatch(emails(3), { idempotencyKey: "deal-blast/1/a/0" });
    expect(first.ids).toHaveLength(3);
    expect(await email.sendBatch(emails(3), { idempotencyKey: "deal-blast/1/a/0" })).toEqual(first);
    expect(fake.sent).toHaveLength(3);
    expect(fake.sent[0]).toMatchObject({ to: ["buyer-0@example.com"], headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    await expect(email.sendBatch(emails(101), { idempotencyKey: "deal-blast/1/b/0" })).rejects.toBeInstanceOf(ProviderError);
    expect(fake.batches).toEqual([3]);
  });

  it("the fake refuses what Resend's batch refuses: attachments, more than 100, one invalid email", async () => {
    const fake = createFakeEmailApi("secret");
    const call = (body: unknown) =>
      fake.fetch(`${fake.url}/batch`, {
        method: "POST",
        headers: { Authorization: "Bearer secret", "User-Agent": "test", "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const one = { from: "deals@breeze.example", to: "a@example.com", subject: "Hi", text: "Hi" };
    expect((await call([{ ...one, attachments: [] }])).status).toBe(422);
    expect((await call(Array.from({ length: 101 }, () => one))).status).toBe(422);
    expect((await call([one, { ...one, to: "not an address" }])).status).toBe(422);
    expect((await call([one])).status).toBe(200);
    expect(fake.sent).toHaveLength(1);
  });
});
