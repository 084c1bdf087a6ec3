import { api, at, get, json, only405, open, post, type Probe, type Recipe } from "./recipe-types.ts";

const PASSWORD = "sunny2026";

/** A JSON write to the caller's own account. */
const patch = (path: string, body: unknown): Probe => ({ method: "PATCH", path: at(path), json: () => body, foreign: "own" });

/** The /api routes of accounts, sign-in and the public endpoints. */
export const ACCOUNT_API_RECIPES: Record<string, Recipe> = {
  "routes/api.$": {
    loader: open("unknown /api paths answer a JSON 404 to everyone", get(at("/api/no-such-route"), "not-found")),
    action: open(
      "unknown /api paths answer a JSON 404 to everyone",
      post(
        at("/api/no-such-route"),
        json(() => ({})),
        "not-found",
      ),
    ),
  },
  "routes/api.ping": { loader: open("liveness: answers 'ok' and reads nothing", get(at("/api/ping"), "own")) },
  "routes/api.health": { loader: open("health: reports the bindings, no user data", get(at("/api/health"), "own")) },
  "routes/api.auth.login": {
    loader: only405("/api/auth/login"),
    action: open(
      "signing in",
      post(
        at("/api/auth/login"),
        json(() => ({ email: "nobody@example.com", password: PASSWORD })),
        "refused",
      ),
    ),
  },
  "routes/api.auth.logout": {
    loader: only405("/api/auth/logout"),
    action: {
      ...open(
        "signing out ends the caller's own session",
        post(
          at("/api/auth/logout"),
          json(() => ({})),
          "own",
        ),
      ),
      last: true,
    },
  },
  "routes/api.auth.register": {
    loader: only405("/api/auth/register"),
    action: open(
      "creating an account",
      post(
        at("/api/auth/register"),
        json(() => ({})),
        "refused",
      ),
    ),
  },
  "routes/api.auth.forgot": {
    loader: only405("/api/auth/forgot"),
    action: open(
      "asking for a reset link",
      post(
        at("/api/auth/forgot"),
        json(() => ({ email: "nobody@example.com" })),
        "own",
      ),
    ),
  },
  "routes/api.auth.reset": {
    loader: only405("/api/auth/reset"),
    action: open(
      "a reset token is the credential",
      post(
        at("/api/auth/reset"),
        json(() => ({ token: "x", password: PASSWORD, confirmPassword: PASSWORD })),
        "refused",
      ),
    ),
  },
  "routes/api.signup": {
    loader: only405("/api/signup"),
    action: open(
      "creating an account",
      post(
        at("/api/signup"),
        json(() => ({})),
        "refused",
      ),
    ),
  },
  "routes/api.contact": {
    loader: only405("/api/contact"),
    action: open(
      "the public contact form",
      post(
        at("/api/contact"),
        json(() => ({})),
        "refused",
      ),
    ),
  },
  "routes/api.login": { loader: open("starts single sign-on", get(at("/api/login?next=/"), "own")), action: only405("/api/login", "POST") },
  "routes/api.login.callback": {
    loader: open(
      "the identity provider's return; the state cookie is the credential",
      get(at("/api/login/callback?code=x&state=y"), "refused"),
    ),
    action: only405("/api/login/callback", "POST"),
  },
  "routes/api.auth.me": { loader: api(get(at("/api/auth/me"), "own")), action: only405("/api/auth/me", "POST") },
  "routes/api.usage": { loader: api(get(at("/api/usage"), "own")), action: only405("/api/usage", "POST") },
  "routes/api.auth.user": { loader: api(get(at("/api/auth/user"), "own", { list: true })), action: only405("/api/auth/user", "POST") },
  "routes/api.auth.change-password": {
    loader: only405("/api/auth/change-password"),
    action: api(
      post(
        at("/api/auth/change-password"),
        json(() => ({ currentPassword: "not-the-password", newPassword: "another2026x" })),
        "refused",
      ),
    ),
  },
  "routes/api.user": {
    loader: only405("/api/user"),
    action: api(patch("/api/user", { fullName: "Bo Baker" })),
  },
  "routes/api.company": {
    loader: only405("/api/company"),
    action: api(patch("/api/company", { companyName: "Baker Homes" })),
  },
};
