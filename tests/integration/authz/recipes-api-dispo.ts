import { api, get, only405, withParam, type Probe, type Recipe } from "./recipe-types.ts";
import type { Ids } from "./world.ts";

const byId =
  (prefix: string, pick: (ids: Ids) => string, suffix = "") =>
  (ids: Ids) =>
    `${prefix}/${pick(ids)}${suffix}`;
const withId = (pick: (ids: Ids) => string) => withParam("id", pick);

/** A JSON write naming the other user's ids on an /api route. */
const write = (method: Probe["method"], path: (ids: Ids) => string, body: (ids: Ids) => unknown, params?: Probe["params"]): Probe => ({
  method,
  path,
  json: body,
  foreign: "not-found",
  params,
});

/** The disposition routes of a deal: its matches, its offers, accepting one, the fee received. */
export const DISPO_API_RECIPES: Record<string, Recipe> = {
  "routes/api.deals.$id.matches": {
    loader: api(
      get(
        byId("/api/deals", (ids) => ids.deal, "/matches"),
        "not-found",
        { params: withId((ids) => ids.deal) },
      ),
    ),
    action: only405("/api/deals/x/matches", "POST"),
  },
  "routes/api.deals.$id.offers": {
    loader: api(
      get(
        byId("/api/deals", (ids) => ids.deal, "/offers"),
        "not-found",
        { params: withId((ids) => ids.deal) },
      ),
    ),
    action: api(
      write(
        "POST",
        byId("/api/deals", (ids) => ids.deal, "/offers"),
        () => ({ name: "Ann Buyer", email: "ann@buyers.example", amount: 220_000 }),
        withId((ids) => ids.deal),
      ),
    ),
  },
  "routes/api.deals.$id.offers.$offerId.accept": {
    loader: only405("/api/deals/x/offers/y/accept"),
    action: api(
      write(
        "POST",
        (ids) => `/api/deals/${ids.deal}/offers/${ids.offer}/accept`,
        () => ({}),
        (ids) => ({ id: ids.deal, offerId: ids.offer }),
      ),
    ),
  },
  "routes/api.deals.$id.fee-received": {
    loader: only405("/api/deals/x/fee-received"),
    action: api(
      write(
        "POST",
        byId("/api/deals", (ids) => ids.deal, "/fee-received"),
        () => ({ amount: 15_000 }),
        withId((ids) => ids.deal),
      ),
    ),
  },
};
