import { at, get, open, page, post, withParam, type Recipe } from "./recipe-types.ts";
import type { Ids } from "./world.ts";

/** A well-formed unsubscribe token no email carries. */
const UNKNOWN_TOKEN = "x".repeat(43);

const form = (fields: (ids: Ids) => Record<string, string | Blob>) => ({ form: fields });

/** The disposition pages of a deal (the blast, its offers and buyer link), the buyers' deal page and the unsubscribe link. */
export const DISPO_PAGE_RECIPES: Record<string, Recipe> = {
  "routes/deals.$id.blast": {
    loader: page(get((ids) => `/deals/${ids.deal}/blast`, "not-found", { params: withParam("id", (ids) => ids.deal) })),
    action: page(
      post(
        (ids) => `/deals/${ids.deal}/blast`,
        form((ids) => ({ buyerId: ids.buyer })),
        "not-found",
        { params: withParam("id", (ids) => ids.deal) },
      ),
    ),
  },
  "routes/unsubscribe.$token": {
    loader: open(
      "an email's unsubscribe link: the unguessable token is the credential, a token not issued is a 404",
      get(at(`/unsubscribe/${UNKNOWN_TOKEN}`), "not-found", { params: () => ({ token: UNKNOWN_TOKEN }) }),
    ),
    action: open(
      "the one-click unsubscribe: the unguessable token is the credential, a token not issued is a 404",
      post(
        at(`/unsubscribe/${UNKNOWN_TOKEN}`),
        form(() => ({ "List-Unsubscribe": "One-Click" })),
        "not-found",
        {
          params: () => ({ token: UNKNOWN_TOKEN }),
        },
      ),
    ),
  },
  "routes/deals.$id.offers": {
    loader: page(get((ids) => `/deals/${ids.deal}/offers`, "not-found", { params: withParam("id", (ids) => ids.deal) })),
    action: page(
      post(
        (ids) => `/deals/${ids.deal}/offers`,
        form(() => ({ intent: "link", showStreet: "yes" })),
        "not-found",
        {
          params: withParam("id", (ids) => ids.deal),
        },
      ),
      post(
        (ids) => `/deals/${ids.deal}/offers`,
        form((ids) => ({ intent: "accept", offerId: ids.offer })),
        "not-found",
        {
          params: withParam("id", (ids) => ids.deal),
        },
      ),
      post(
        (ids) => `/deals/${ids.deal}/offers`,
        form((ids) => ({ intent: "decline", offerId: ids.offer })),
        "not-found",
        {
          params: withParam("id", (ids) => ids.deal),
        },
      ),
      post(
        (ids) => `/deals/${ids.deal}/offers`,
        form(() => ({ intent: "fee", amount: "15000" })),
        "not-found",
        {
          params: withParam("id", (ids) => ids.deal),
        },
      ),
      post(
        (ids) => `/deals/${ids.deal}/offers`,
        form(() => ({ intent: "revoke" })),
        "not-found",
        {
          params: withParam("id", (ids) => ids.deal),
        },
      ),
    ),
  },
  "routes/d.$token": {
    loader: open(
      "a deal's page for buyers, opened by its unguessable link; an unknown or revoked token is a 404",
      get((ids) => `/d/${ids.dealLink}`, "own", { params: withParam("token", (ids) => ids.dealLink) }),
      get(at("/d/no-such-token"), "not-found", { params: () => ({ token: "no-such-token" }) }),
    ),
    action: open(
      "a buyer's offer on a deal page; a post without the page's signed form stamp writes nothing",
      post(
        (ids) => `/d/${ids.dealLink}`,
        form(() => ({ name: "Bot", email: "bot@example.com" })),
        "own",
        {
          params: withParam("token", (ids) => ids.dealLink),
        },
      ),
      post(
        at("/d/no-such-token"),
        form(() => ({ name: "Bot", email: "bot@example.com" })),
        "not-found",
        {
          params: () => ({ token: "no-such-token" }),
        },
      ),
    ),
  },
};
