// Resend's idempotency keys, as Resend answers them: the same key with the same email answers the first email's id
// and sends nothing; the same key with another body is refused 409 invalid_idempotent_request, which the client says
// in words (that email went, this one did not) rather than as a bare HTTP failure.
import { describe, expect, it } from "vitest";

import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";

const message = { to: "seller@example.com", subject: "About 12 Main St", text: "Still interested?", idempotencyKey: "sequence-email-1" };

describe("an email's idempotency key at Resend", () => {
  it("sends once for a repeated request, and refuses the key reused with another body: 409 in words", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "offers@breeze.example", fetch: fake.fetch });
    const first = await email.send(message);
    expect(await email.send(message)).toEqual(first);

    const changed = await email.send({ ...message, text: "Still interested? We can close in 10 days." }).catch((error: unknown) => error);
    expect(changed).toBeInstanceOf(ProviderError);
    expect(changed).toMatchObject({
      status: 409,
      message:
        "email: an email with other content was already sent under this idempotency key (409 invalid_idempotent_request): this one was not sent",
    });
    expect(fake.sent.map((sent) => sent.text)).toEqual(["Still interested?"]);
  });
});
