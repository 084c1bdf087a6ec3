// Single sign-on: racing callbacks.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { userIdentities } from "#db/schema.ts";
import { action as linkAction } from "#app/routes/auth_.link.tsx";
import { LINK_COOKIE, LINK_PAGE, STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { type FakeOidc } from "#tests/fakes/oidc.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { APP_ORIGIN, callback, cookieHeader, db, person, signedInUser, signIn, SSO_VARS, startSignIn, useFakeOidc } from "./oidc-setup.ts";

let fake: FakeOidc;
useFakeOidc((made) => {
  fake = made;
});

// --- configuration -------------------------------------------------------------------------------------------------

describe("racing callbacks", () => {
  it("never answer 500 when two callbacks for the same new subject arrive together", async () => {
    const user = person();
    const context = testContext(SSO_VARS);
    const starts = [await startSignIn(context), await startSignIn(context)];
    const callbacks = starts.map((start) => ({
      url: fake.login(start.headers.get("Location")!, user),
      cookie: cookieHeader(start, STATE_COOKIE),
    }));
    const responses = await Promise.all(callbacks.map(({ url, cookie }) => callback(context, url, cookie)));
    for (const response of responses) expect(response.status).toBe(302);
    const ids = await Promise.all(responses.map((response) => signedInUser(response, context)));
    expect(ids.every((signed) => signed?.email === user.email!.toLowerCase())).toBe(true);
    expect(new Set(ids.map((signed) => signed?.id)).size).toBe(1);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, user.sub))).toHaveLength(1);
  });

  it("never answer 500 when two password links for the same subject arrive together", async () => {
    const { email, userId } = await registerClient("race");
    const owner = person({ email });
    const first = await signIn(fake, owner);
    const second = await signIn(fake, owner);
    const context = first.context;
    const results = await Promise.all(
      [first.response, second.response].map((response) =>
        new ApiClient(context).send(linkAction, "POST", `${APP_ORIGIN}${LINK_PAGE}`, {
          urlencoded: { password: "sunny2026" },
          headers: { Cookie: cookieHeader(response, LINK_COOKIE) },
        }),
      ),
    );
    // Both proved the password for the same subject: both are signed in, one identity row.
    for (const result of results) expect(result.status).toBe(302);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).toHaveLength(1);
  });
});
