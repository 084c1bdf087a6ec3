import type { Ids } from "./world.ts";

/**
 * What user B must get for a request naming user A's ids:
 * - "not-found": a 404;
 * - "refused": a 4xx, or a redirect that carries no success toast (a page form's documented refusal);
 * - "own": B's own view or B's own write (any answer but a 5xx): the request names none of A's ids, or the route
 *   ignores them.
 * Whatever the expectation, the answer is never a 5xx, it carries none of A's ids the request did not name, and A's rows
 * and files are unchanged afterwards.
 */
export type Foreign = "not-found" | "refused" | "own";

/** One request a recipe makes, built from the other user's ids. */
export type Probe = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path and query string. */
  path: (ids: Ids) => string;
  /** The route's params ($id …). */
  params?: (ids: Ids) => Record<string, string>;
  json?: (ids: Ids) => unknown;
  /** A form post (multipart, as a browser without JavaScript sends it); a Blob is a file part. */
  form?: (ids: Ids) => Record<string, string | Blob>;
  foreign: Foreign;
  /** A list of the caller's own rows: it must name at least one of the caller's ids and none of anyone else's. */
  list?: boolean;
};

/**
 * How one loader or action is exercised, and what a signed-out request gets:
 * - "401": an /api route's `{ success: false, message }` 401;
 * - "login": a page's redirect to /login?next=…;
 * - "405": answers 405 to every method it is asked with (an /api route's other verb);
 * - "public": open to everyone by design (`why` says why); its probes still prove no foreign data comes out.
 */
export type HandlerRecipe = {
  signedOut: "401" | "login" | "405" | "public";
  why?: string;
  probes: Probe[];
  /** Ends the caller's own session (sign out): run after every other probe of the caller. */
  last?: boolean;
  /** A development tool: 404 for everyone in production. */
  devOnly?: boolean;
};

/** A route module's recipe: one entry for each of its loader and action. */
export type Recipe = { loader?: HandlerRecipe; action?: HandlerRecipe };

const noIds = () => ({});

/** A fixed path (no ids in it). */
export const at = (path: string) => () => path;
/** A JSON body built from the other user's ids. */
export const json = (body: (ids: Ids) => unknown) => ({ json: body });

export const get = (path: (ids: Ids) => string, foreign: Foreign, extra: Partial<Probe> = {}): Probe => ({
  method: "GET",
  path,
  foreign,
  ...extra,
});

export const list = (path: string, extra: Partial<Probe> = {}): Probe => ({
  method: "GET",
  path: () => path,
  foreign: "own",
  list: true,
  ...extra,
});

export const post = (
  path: (ids: Ids) => string,
  body: Pick<Probe, "json" | "form">,
  foreign: Foreign,
  extra: Partial<Probe> = {},
): Probe => ({
  method: "POST",
  path,
  foreign,
  ...body,
  ...extra,
});

export const withParam = (name: string, pick: (ids: Ids) => string) => (ids: Ids) => ({ [name]: pick(ids) });

/** An /api handler behind the session: 401 signed out. */
export const api = (...probes: Probe[]): HandlerRecipe => ({ signedOut: "401", probes });
/** A page handler behind the session: to /login signed out. */
export const page = (...probes: Probe[]): HandlerRecipe => ({ signedOut: "login", probes });
/** Open to everyone by design. */
export const open = (why: string, ...probes: Probe[]): HandlerRecipe => ({ signedOut: "public", why, probes });
/** A development tool: open locally, 404 for everyone in production. */
export const devTool = (why: string, ...probes: Probe[]): HandlerRecipe => ({
  ...open(`development only: ${why}`, ...probes),
  devOnly: true,
});
/** The other verb of an /api route: 405 for everyone, whatever the session. */
export const only405 = (path: string, method: Probe["method"] = "GET"): HandlerRecipe => ({
  signedOut: "405",
  probes: [{ method, path: () => path, params: noIds, foreign: "refused" }],
});

/** A one-row sold-comps CSV (docs/import.md) with the sale_id world.ts gives every party. */
export const salesCsv = () =>
  new File(
    [
      "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon\nS-1,P-9,2025-06-01,410000,3,2,1500,6000,1,1990,33.45,-112.07\n",
    ],
    "sales.csv",
    { type: "text/csv" },
  );

/** A one-row buyers CSV with the name the demo seed gives every party's first buyer: the upload is the caller's own. */
export const buyersCsv = () =>
  new File(["name,email,markets,email_consent\nDesert Keys Investments,deals@desertkeys.example,Phoenix AZ,no\n"], "buyers.csv", {
    type: "text/csv",
  });
