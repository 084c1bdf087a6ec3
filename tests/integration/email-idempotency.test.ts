// Resend's idempotency keys, as Resend answers them: the same key with the same email answers the first email's id
// and sends nothing; the same key with another body is refused 409 invalid_idempotent_request, which the client says
// in words (that email went, this one did not) rather than as a bare HTTP failure; a key is 1–256 characters and kept
// 24 hours, and one whose first request is still being answered is refused 409 concurrent_idempotent_requests.
import { describe, expect, it } from "vitest";

import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { IdempotencyConflict } from "#app/providers/email/types.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";

const message = { to: "seller@example.com", subject: "About 12 Main St", text: "Still interested?", idempotencyKey: "sequence-email-1" };

describe("an email's idempotency key at Resend", () => {
  it("sends once for a repeated request, and refuses the key reused with another body: 409 in words", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "offers@breeze.example", fetch: fake.fetch });
    const first = await email.send(message);
    expect(await email.send(message)).toEqual(first);

    const changed = await email.send({ ...message, text: "Still interested? We can close in 10 days." }).catch((error: unknown) => error);
    expect(changed).toBeInstanceOf(IdempotencyConflict);
    expect(changed).toMatchObject({
      reason: "other-body",
      status: 409,
      message:
        "email: an email with other content was already sent under this idempotency key (409 invalid_idempotent_request): this one was not sent",
    });
    expect(fake.sent.map((sent) => sent.text)).toEqual(["Still interested?"]);
  });

  it("refuses a key over 256 characters (400), forgets a key after 24 hours, and refuses a key whose first request is in progress", async () => {
    let now = Date.parse("2026-11-27T12:00:00Z");
    const fake = createFakeEmailApi("secret", { now: () => now });
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "offers@breeze.example", fetch: fake.fetch });
    const tooLong = await email.send({ ...message, idempotencyKey: "k".repeat(257) }).catch((error: unknown) => error);
    expect(tooLong).toMatchObject({ status: 400 });
    await email.send({ ...message, idempotencyKey: "k".repeat(256) });
    await email.send(message);
    now += 24 * 60 * 60 * 1000 - 1;
    await email.send(message);
    expect(fake.sent).toHaveLength(2);
    now += 1;
    await email.send(message);
    expect(fake.sent).toHaveLength(3);

    const slow = createFakeEmailApi("secret", { delayMs: 50 });
    const slowEmail = createHttpEmail({ url: slow.url, apiKey: "secret", from: "offers@breeze.example", fetch: slow.fetch });
    const [first, second] = await Promise.allSettled([slowEmail.send(message), slowEmail.send(message)]);
    expect(first.status).toBe("fulfilled");
    expect(second.status === "rejected" && second.reason).toMatchObject({ reason: "in-progress", status: 409 });
    expect(slow.sent).toHaveLength(1);
  });
});
