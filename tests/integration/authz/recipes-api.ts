import { api, at, buyersCsv, get, json, list, only405, post, salesCsv, withParam, type Probe, type Recipe } from "./recipe-types.ts";
import type { Ids } from "./world.ts";

const ARV = 310_000;

const ADDRESS = "4821 N 35th Ave, Phoenix, AZ 85019";

const byId =
  (prefix: string, pick: (ids: Ids) => string, suffix = "") =>
  (ids: Ids) =>
    `${prefix}/${pick(ids)}${suffix}`;
const withId = (pick: (ids: Ids) => string) => withParam("id", pick);
const property = (ids: Ids) => ids.property;

/** A JSON write naming the other user's ids on an /api route. */
const write = (
  method: Probe["method"],
  path: (ids: Ids) => string,
  body: (ids: Ids) => unknown,
  foreign: Probe["foreign"],
  params?: Probe["params"],
): Probe => ({
  method,
  path,
  json: body,
  foreign,
  params,
});

const sequenced = (ids: Ids) => ids.sequenceProperty;
const task = (ids: Ids) => ids.task;
/** A change of the follow-up sequence on the other user's lead. */
const sequence = (action: string) =>
  write("POST", byId("/api/properties", sequenced, "/sequence"), () => ({ action }), "not-found", withId(sequenced));
/** Working the other user's Today task. */
const workTask = (body: Record<string, string>) => write("POST", byId("/api/tasks", task), () => body, "not-found", withId(task));

/** The /api routes of the user's records (the spec-the spec). */
export const API_RECIPES: Record<string, Recipe> = {
  "routes/api.buyer-leads": {
    loader: api(list("/api/buyer-leads")),
    action: api(
      post(
        at("/api/buyer-leads"),
        json(() => ({ buyerName: "Ann Buyer", buyerType: "cash_buyers", market: "Phoenix, AZ" })),
        "own",
      ),
    ),
  },
  "routes/api.buyer-leads.$id": {
    loader: only405("/api/buyer-leads/x"),
    action: api(
      write(
        "DELETE",
        byId("/api/buyer-leads", (ids) => ids.buyerLead),
        () => undefined,
        "not-found",
        withId((ids) => ids.buyerLead),
      ),
    ),
  },
  "routes/api.buyers": {
    loader: api(list("/api/buyers")),
    action: api(
      post(
        at("/api/buyers"),
        json(() => ({ name: "Ann Buyer", markets: "Phoenix, AZ", emailConsent: "no" })),
        "own",
      ),
    ),
  },
  "routes/api.buyers.import": {
    loader: only405("/api/buyers/import"),
    // The buyer the other user also has (the demo seed's): this upload writes the caller's own list and leaves theirs alone.
    action: api(post(at("/api/buyers/import"), { form: () => ({ file: buyersCsv() }) }, "own")),
  },
  "routes/api.deals.$id.blast": {
    loader: only405("/api/deals/x/blast"),
    action: api(
      write(
        "POST",
        byId("/api/deals", (ids) => ids.deal, "/blast"),
        (ids) => ({ buyerIds: [ids.buyer] }),
        "not-found",
        withId((ids) => ids.deal),
      ),
    ),
  },
  "routes/api.cash-buyers.search": {
    loader: only405("/api/cash-buyers/search"),
    action: api(
      post(
        at("/api/cash-buyers/search"),
        json(() => ({ location: "Phoenix, AZ", buyerType: "cash_buyers", quickLists: [], minProperties: 3 })),
        "own",
      ),
    ),
  },
  "routes/api.contacts": { loader: api(list("/api/contacts")) },
  "routes/api.conversations": {
    loader: api(list("/api/conversations")),
    action: api(
      post(
        at("/api/conversations"),
        json((ids) => ({ agentType: "messages", title: "Hi", contactId: ids.contact, propertyId: ids.property })),
        "refused",
      ),
    ),
  },
  "routes/api.conversations.$id.messages": {
    loader: api(
      get(
        byId("/api/conversations", (ids) => ids.conversation, "/messages"),
        "not-found",
        { params: withId((ids) => ids.conversation) },
      ),
    ),
    action: api(
      post(
        byId("/api/conversations", (ids) => ids.conversation, "/messages"),
        json(() => ({ content: "hello", role: "user" })),
        "not-found",
        {
          params: withId((ids) => ids.conversation),
        },
      ),
    ),
  },
  "routes/api.deals": {
    loader: api(list("/api/deals")),
    action: api(
      post(
        at("/api/deals"),
        json((ids) => ({ propertyId: ids.property, dealValue: 200_000 })),
        "refused",
      ),
    ),
  },
  "routes/api.deals.$id": {
    loader: api(
      get(
        byId("/api/deals", (ids) => ids.deal),
        "not-found",
        { params: withId((ids) => ids.deal) },
      ),
    ),
    action: api(
      write(
        "PATCH",
        byId("/api/deals", (ids) => ids.deal),
        () => ({ stage: "closing", notes: "mine now" }),
        "not-found",
        withId((ids) => ids.deal),
      ),
    ),
  },
  "routes/api.deals.analyze": {
    loader: only405("/api/deals/analyze"),
    action: api(
      post(
        at("/api/deals/analyze"),
        json((ids) => ({ propertyId: ids.property })),
        "not-found",
      ),
    ),
  },
  "routes/api.deals.analyze.$id.stream": {
    loader: api(get(byId("/api/deals/analyze", property, "/stream"), "not-found", { params: withId(property) })),
  },
  "routes/api.documents": { loader: api(list("/api/documents")) },
  "routes/api.documents.$id": {
    loader: api(
      get(
        byId("/api/documents", (ids) => ids.document),
        "not-found",
        { params: withId((ids) => ids.document) },
      ),
    ),
    action: api(
      write(
        "PATCH",
        byId("/api/documents", (ids) => ids.document),
        () => ({ status: "signed", name: "mine.pdf" }),
        "not-found",
        withId((ids) => ids.document),
      ),
      write(
        "DELETE",
        byId("/api/documents", (ids) => ids.document),
        () => undefined,
        "not-found",
        withId((ids) => ids.document),
      ),
    ),
  },
  "routes/api.documents.upload": {
    loader: only405("/api/documents/upload"),
    action: api(
      post(at("/api/documents/upload"), { form: () => ({ file: new File(["a note"], "note.txt", { type: "text/plain" }) }) }, "own"),
    ),
  },
  "routes/api.sales.import": {
    loader: only405("/api/sales/import"),
    // The sale_id the other user also uploaded (world.ts): this upload is the caller's own and leaves theirs alone.
    action: api(post(at("/api/sales/import"), { form: () => ({ file: salesCsv() }) }, "own")),
  },
  "routes/api.leads.preview-count": {
    loader: only405("/api/leads/preview-count"),
    action: api(
      post(
        at("/api/leads/preview-count"),
        json(() => ({ location: "Phoenix, AZ", sellerType: "high_equity", minBedrooms: 2, maxPrice: 400_000 })),
        "own",
      ),
    ),
  },
  "routes/api.places": {
    // The market's covered places: the same for every user, nothing of theirs.
    loader: api(get(at("/api/places?q=pho"), "own")),
    action: only405("/api/places", "POST"),
  },
  "routes/api.properties": {
    loader: api(list("/api/properties"), list("/api/properties?status=all&q=a&limit=5")),
    action: api(
      post(
        at("/api/properties"),
        json(() => ({ address: "1 Own St", city: "Phoenix", state: "AZ", zipCode: "85001" })),
        "own",
      ),
    ),
  },
  "routes/api.properties.$id": {
    loader: api(get(byId("/api/properties", property), "not-found", { params: withId(property) })),
    action: api(
      write("PATCH", byId("/api/properties", property), () => ({ maxOffer: 1, status: "closed" }), "not-found", withId(property)),
    ),
  },
  "routes/api.properties.$id.comps": {
    loader: api(get(byId("/api/properties", property, "/comps"), "not-found", { params: withId(property) })),
    action: api(
      post(
        byId("/api/properties", property, "/comps"),
        json(() => ({})),
        "not-found",
        { params: withId(property) },
      ),
    ),
  },
  "routes/api.properties.$id.pinned-comps": {
    loader: only405("/api/properties/x/pinned-comps"),
    action: api(
      post(
        byId("/api/properties", property, "/pinned-comps"),
        json(() => ({ action: "pin", saleId: "market-1" })),
        "not-found",
        { params: withId(property) },
      ),
      post(
        byId("/api/properties", property, "/pinned-comps"),
        json(() => ({ action: "add", address: "Main St" })),
        "not-found",
        { params: withId(property) },
      ),
    ),
  },
  "routes/api.properties.$id.sequence": {
    loader: only405("/api/properties/x/sequence"),
    action: api(sequence("start"), sequence("pause"), sequence("resume"), sequence("stop")),
  },
  "routes/api.properties.batch": {
    loader: only405("/api/properties/batch"),
    action: api(
      post(
        at("/api/properties/batch"),
        json(() => ({
          count: 5,
          criteria: { location: "Phoenix, AZ", sellerType: "high_equity", minBedrooms: 2, maxPrice: 400_000, minPrice: 0 },
        })),
        "own",
      ),
    ),
  },
  "routes/api.properties.calculate-arv": {
    loader: only405("/api/properties/calculate-arv"),
    action: api(
      post(
        at("/api/properties/calculate-arv"),
        json(() => ({ address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zipCode: "85019" })),
        "own",
      ),
    ),
  },
  "routes/api.properties.calculate-offer": {
    loader: only405("/api/properties/calculate-offer"),
    action: api(
      post(
        at("/api/properties/calculate-offer"),
        json((ids) => ({ propertyId: ids.property, arv: ARV })),
        "not-found",
      ),
    ),
  },
  "routes/api.properties.confirm-offer": {
    loader: only405("/api/properties/confirm-offer"),
    action: api(
      post(
        at("/api/properties/confirm-offer"),
        json((ids) => ({ propertyId: ids.property, offerType: "Fair", arv: ARV })),
        "not-found",
      ),
    ),
  },
  "routes/api.properties.mail-offer": {
    loader: only405("/api/properties/mail-offer"),
    action: api(
      post(
        at("/api/properties/mail-offer"),
        json((ids) => ({
          propertyId: ids.property,
          offerAmount: 150_000,
          pdfUrl: `/documents/${ids.document}/view`,
          recipientName: "Maria Lopez",
          recipientAddress: ADDRESS,
        })),
        "refused",
      ),
    ),
  },
  "routes/api.properties.send-offer": {
    loader: only405("/api/properties/send-offer"),
    action: api(
      post(
        at("/api/properties/send-offer"),
        json((ids) => ({ propertyId: ids.property, ownerName: "Maria Lopez", ownerMailingAddress: ADDRESS })),
        "not-found",
      ),
    ),
  },
  "routes/api.tasks.$id": {
    loader: only405("/api/tasks/x"),
    action: api(
      workTask({ outcome: "talked" }),
      workTask({ outcome: "asked_not_to_call", phone: "+16025550101" }),
      workTask({ outcome: "snoozed" }),
      workTask({ outcome: "skipped" }),
    ),
  },
  "routes/api.tasks.today": {
    loader: api(list("/api/tasks/today")),
    action: only405("/api/tasks/today", "POST"),
  },
  "routes/api.terry.chat": {
    loader: only405("/api/terry/chat"),
    action: api(
      post(
        at("/api/terry/chat"),
        json((ids) => ({ message: "What is it worth?", history: [], conversationId: ids.conversation })),
        "not-found",
      ),
    ),
  },
};
