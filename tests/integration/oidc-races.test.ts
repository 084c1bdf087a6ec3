// Single sign-on: racing callbacks.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { userIdentities } from "#db/schema.ts";
import { action as linkAction } from "#app/routes/auth_.link.tsx";
import { LINK_COOKIE, LINK_PAGE, STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { setOidcFetchForTests } from "#app/services/accounts/oidc-settings.server.ts";
import { createFakeOidc, type FakeOidc } from "#tests/fakes/oidc.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import {
  APP_ORIGIN,
  callback,
  CLIENT_ID,
  CLIENT_SECRET,
  cookieHeader,
  db,
  ISSUER,
  person,
  REDIRECT_URI,
  signedInUser,
  signIn,
  SSO_VARS,
  startSignIn,
} from "./oidc-setup.ts";

let fake: FakeOidc;
let warnings: string[];

beforeEach(async () => {
  // The routes log why a sign-in failed; keep them for assertions instead of the test output.
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
  fake = await createFakeOidc({ issuer: ISSUER, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI });
  setOidcFetchForTests(fake.fetch, { timeoutMs: 300 });
});

afterEach(() => {
  setOidcFetchForTests(undefined);
  vi.restoreAllMocks();
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
