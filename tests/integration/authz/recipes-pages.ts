import {
  at,
  buyersCsv,
  devTool,
  get,
  list,
  only405,
  open,
  page,
  post,
  salesCsv,
  withParam,
  type Probe,
  type Recipe,
} from "./recipe-types.ts";
import type { Ids } from "./world.ts";

const ARV = "310000";
const PASSWORD = "sunny2026";
/** A valid one-step sequence as the Sequences form posts it. */
const ONE_STEP = { "steps.0.dayNumber": "0", "steps.0.activityType": "call", "steps.0.template": "Hi {ownerFirstName}" };

const form = (fields: (ids: Ids) => Record<string, string | Blob>) => ({ form: fields });
/** A form post to a page's action naming the other user's ids. */
const submit = (path: string, fields: (ids: Ids) => Record<string, string | Blob>, foreign: Probe["foreign"] = "refused") =>
  post(at(path), form(fields), foreign);
/** A signed-in page that only redirects on a GET (its form posts to the action). */
const redirectsOnly = (path: string) => page(get(at(path), "own"));

/** The pages (root, sections, forms without JavaScript) and their resource routes (documents, CSV exports, dev tools). */
export const PAGE_RECIPES: Record<string, Recipe> = {
  root: { loader: open("every page's user fields (null signed out) and toast", get(at("/"), "own")) },
  "routes/$": { loader: open("unknown pages: a 404 for everyone", get(at("/no-such-page"), "not-found")) },
  "routes/_index": {
    loader: open(
      "signed out: the landing page; signed in: the caller's own sections",
      list("/?section=crm"),
      list("/?section=messages"),
      list("/?section=documents"),
      list("/?section=buyer-breeze"),
      list("/?section=pipeline"),
      get((ids) => `/?section=crm&lead=${ids.property}`, "own"),
      get((ids) => `/?section=messages&c=${ids.conversation}&draft=x`, "own"),
      get((ids) => `/?section=chat&c=${ids.conversation}`, "own"),
      get((ids) => `/?section=chat&agent=terry&c=${ids.conversation}`, "own"),
      get((ids) => `/?section=documents&delete=${ids.document}`, "own"),
      get((ids) => `/?section=buyer-breeze&remove=${ids.buyerLead}`, "own"),
      get(at("/?section=dashboard&period=all"), "own"),
    ),
  },
  "routes/faq": {},
  "routes/terms-of-use": { loader: open("a static page", get(at("/terms-of-use"), "own")) },
  "routes/contact-us": {
    loader: open("the public contact form", get(at("/contact-us"), "own")),
    action: open(
      "the public contact form",
      submit("/contact-us", () => ({ name: "" })),
    ),
  },
  "routes/auth": {
    loader: open("the sign-in page", get(at("/auth"), "own")),
    action: open(
      "signing in",
      submit("/auth", () => ({ mode: "signin", email: "nobody@example.com", password: PASSWORD })),
    ),
  },
  "routes/auth_.link": {
    loader: open("linking an SSO identity; the signed link cookie is the credential", get(at("/auth/link"), "own")),
    action: open(
      "linking an SSO identity; the signed link cookie is the credential",
      submit("/auth/link", () => ({ password: PASSWORD })),
    ),
  },
  "routes/login": {
    loader: open("the sign-in page", get(at("/login"), "own")),
    action: open(
      "signing in",
      submit("/login", () => ({ email: "nobody@example.com", password: PASSWORD })),
    ),
  },
  "routes/register": {
    loader: open("the registration page", get(at("/register"), "own")),
    action: open(
      "creating an account",
      submit("/register", () => ({ intent: "account" })),
    ),
  },
  "routes/forgot-password": {
    loader: open("asking for a reset link", get(at("/forgot-password"), "own")),
    action: open(
      "asking for a reset link",
      submit("/forgot-password", () => ({ email: "nobody@example.com" }), "own"),
    ),
  },
  "routes/reset-password": {
    loader: open("a reset token is the credential", get(at("/reset-password?token=x"), "own")),
    action: open(
      "a reset token is the credential",
      submit("/reset-password", () => ({ token: "x", password: PASSWORD, confirmPassword: PASSWORD })),
    ),
  },
  "routes/verify-email": {
    loader: open("the emailed token is the credential", get(at("/verify-email?token=x"), "own")),
    action: page(submit("/verify-email", () => ({}), "own")),
  },
  "routes/logout": {
    loader: open("redirects home", get(at("/logout"), "own")),
    action: {
      ...open(
        "signing out ends the caller's own session",
        submit("/logout", () => ({}), "own"),
      ),
      last: true,
    },
  },
  "routes/dev.mail": {
    loader: devTool("the local mail provider's letters", get(at("/dev/mail"), "own")),
  },
  "routes/dev.outbox": { loader: devTool("the local email outbox", get(at("/dev/outbox"), "own")) },
  "routes/dev.mail.$trackingId[.pdf]": {
    loader: devTool(
      "a locally mailed letter",
      get(at("/dev/mail/none.pdf"), "not-found", { params: withParam("trackingId", () => "none") }),
    ),
  },
  "routes/buyer-breeze": {
    loader: page(
      list("/buyer-breeze"),
      get((ids) => `/buyer-breeze?remove=${ids.buyerLead}`, "own"),
    ),
  },
  "routes/buyer-breeze.remove": {
    loader: only405("/buyer-breeze/remove"),
    action: page(submit("/buyer-breeze/remove", (ids) => ({ id: ids.buyerLead }))),
  },
  "routes/chat.card": {
    loader: redirectsOnly("/chat/card"),
    action: page(submit("/chat/card", (ids) => ({ intent: "add-to-crm", messageId: ids.message }))),
  },
  "routes/chat.search": {
    loader: redirectsOnly("/chat/search"),
    action: page(
      submit(
        "/chat/search",
        (ids) => ({
          wizard: "seller",
          agent: "lead-finder",
          c: ids.conversation,
          cityOrZip: "Phoenix",
          state: "AZ",
          sellerType: "high_equity",
          minBedrooms: "2",
          price: "400000",
        }),
        "own",
      ),
    ),
  },
  "routes/chat.send": {
    loader: redirectsOnly("/chat/send"),
    action: page(submit("/chat/send", (ids) => ({ agent: "lead-finder", c: ids.conversation, content: "hello" }), "own")),
  },
  "routes/chat.terry": {
    loader: redirectsOnly("/chat/terry"),
    action: page(submit("/chat/terry", (ids) => ({ message: "What is it worth?", c: ids.conversation }), "own")),
  },
  "routes/crm.analysis": { action: page(submit("/crm/analysis", (ids) => ({ propertyId: ids.property }))) },
  "routes/crm.comps": { action: page(submit("/crm/comps", (ids) => ({ propertyId: ids.property }))) },
  "routes/crm.pinned-comps": {
    loader: open("a GET only redirects to the CRM, reading nothing", get(at("/crm/pinned-comps"), "own")),
    action: page(submit("/crm/pinned-comps", (ids) => ({ propertyId: ids.property, action: "pin", saleId: "market-1" }))),
  },
  "routes/crm.comp-report": {
    loader: open("a GET only redirects to the CRM, reading nothing", get(at("/crm/comp-report"), "own")),
    action: page(submit("/crm/comp-report", (ids) => ({ propertyId: ids.property }))),
  },
  "routes/crm.leads": {
    loader: redirectsOnly("/crm/leads"),
    action: page(submit("/crm/leads", () => ({ address: "2 Own St", city: "Phoenix", state: "AZ", zipCode: "85001" }), "own")),
  },
  "routes/crm.offers": {
    action: page(
      submit("/crm/offers", (ids) => ({ intent: "offers", propertyId: ids.property, arv: ARV })),
      submit("/crm/offers", (ids) => ({ intent: "letter", propertyId: ids.property, arv: ARV, offerType: "Fair" })),
      submit("/crm/offers", (ids) => ({ intent: "send", propertyId: ids.property })),
    ),
  },
  "routes/crm.export[.csv]": { loader: page(list("/crm/export.csv?status=all")) },
  "routes/dashboard.export[.csv]": { loader: page(get(at("/dashboard/export.csv?period=all"), "own")) },
  "routes/dashboard.loop[.csv]": { loader: page(get(at("/dashboard/loop.csv"), "own")) },
  "routes/documents.$id.download": {
    loader: page(get((ids) => `/documents/${ids.document}/download`, "not-found", { params: withParam("id", (ids) => ids.document) })),
  },
  "routes/deals.$id.contract": {
    loader: page(get((ids) => `/deals/${ids.deal}/contract`, "not-found", { params: withParam("id", (ids) => ids.deal) })),
    action: page(
      post(
        (ids) => `/deals/${ids.deal}/contract`,
        form(() => ({
          contractPrice: "200000",
          closeDate: "2026-12-30",
          inspectionDeadline: "2026-12-10",
          earnestMoney: "1000",
          assignmentFeeAsked: "10000",
        })),
        "not-found",
        { params: withParam("id", (ids) => ids.deal) },
      ),
    ),
  },
  "routes/documents.$id.view": {
    loader: page(get((ids) => `/documents/${ids.document}/view`, "not-found", { params: withParam("id", (ids) => ids.document) })),
  },
  "routes/documents.generate": {
    loader: page(list("/documents/generate")),
    action: page(submit("/documents/generate", (ids) => ({ propertyId: ids.property, kind: "purchase_agreement" }))),
  },
  "routes/documents.update": {
    loader: open("redirects to the documents section", get(at("/documents/update"), "own")),
    action: page(
      submit("/documents/update", (ids) => ({ intent: "status", id: ids.document, status: "signed" })),
      submit("/documents/update", (ids) => ({ intent: "delete", id: ids.document })),
    ),
  },
  "routes/documents.upload": {
    loader: only405("/documents/upload"),
    action: page(submit("/documents/upload?type=other", () => ({ file: new File(["a note"], "note.txt", { type: "text/plain" }) }), "own")),
  },
  "routes/buyers": {
    loader: page(list("/buyers")),
    action: page(
      submit("/buyers", () => ({ intent: "add", name: "Ann Buyer", markets: "Phoenix, AZ" }), "own"),
      submit("/buyers", () => ({ intent: "import", file: buyersCsv() }), "own"),
      submit("/buyers", () => ({ intent: "from-buyer-breeze" }), "own"),
    ),
  },
  "routes/sales.import": {
    loader: page(get(at("/sales/import"), "own")),
    action: page(submit("/sales/import", () => ({ file: salesCsv() }), "own")),
  },
  "routes/leads.workbench": {
    loader: page(get((ids) => `/leads/workbench?request=${ids.leadRequest}`, "own")),
    action: page(
      post(
        (ids) => `/leads/workbench?request=${ids.leadRequest}`,
        form(() => ({ intent: "next", index: "0" })),
        "own",
      ),
      post(
        at("/leads/workbench"),
        form((ids) => ({ intent: "offers", propertyId: ids.property, arv: ARV })),
        "refused",
      ),
      post(
        at("/leads/workbench"),
        form((ids) => ({ intent: "value", propertyId: ids.property })),
        "refused",
      ),
    ),
  },
  "routes/messages.assist": {
    loader: only405("/messages/assist"),
    action: page(
      submit("/messages/assist", (ids) => ({ conversationId: ids.conversation, format: "json" }), "not-found"),
      submit("/messages/assist", (ids) => ({ conversationId: ids.conversation })),
    ),
  },
  "routes/messages.send": {
    loader: page(list("/messages/send")),
    action: page(
      submit("/messages/send", (ids) => ({ conversationId: ids.conversation, content: "hello" })),
      submit("/messages/send", (ids) => ({ intent: "new", contactId: ids.contact, content: "hello" })),
    ),
  },
  "routes/pipeline.deals": {
    loader: page(list("/pipeline/deals")),
    action: page(
      submit("/pipeline/deals", (ids) => ({ intent: "move", dealId: ids.deal, stage: "closing" })),
      submit("/pipeline/deals", (ids) => ({ propertyId: ids.property, dealValue: "200000" })),
    ),
  },
  "routes/profile": {
    loader: page(get(at("/profile"), "own")),
    action: page(submit("/profile", () => ({ intent: "company", companyName: "Baker Homes" }), "own")),
  },
  "routes/saved-searches": {
    loader: page(
      list("/saved-searches"),
      get((ids) => `/saved-searches?edit=${ids.savedSearch}`, "not-found"),
    ),
    action: page(
      submit("/saved-searches", (ids) => ({ intent: "run", id: ids.savedSearch }), "not-found"),
      submit(
        "/saved-searches",
        (ids) => ({ intent: "edit", id: ids.savedSearch, name: "Taken", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" }),
        "not-found",
      ),
      submit("/saved-searches", (ids) => ({ intent: "daily", id: ids.savedSearch, daily: "off" }), "not-found"),
      submit("/saved-searches", (ids) => ({ intent: "delete", id: ids.savedSearch }), "not-found"),
      submit(
        "/saved-searches",
        () => ({ intent: "save", wizard: "seller", name: "Mine", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" }),
        "own",
      ),
    ),
  },
  "routes/sequences": {
    loader: page(list("/sequences")),
    action: page(
      submit("/sequences", (ids) => ({ intent: "save", sequenceId: ids.sequence, ...ONE_STEP }), "not-found"),
      submit("/sequences", () => ({ intent: "save", sequenceId: "", ...ONE_STEP }), "own"),
      submit("/sequences", () => ({ intent: "up-1", ...ONE_STEP }), "own"),
    ),
  },
  "routes/today": {
    loader: page(list("/today")),
    action: page(
      submit("/today", (ids) => ({ intent: "work", taskId: ids.task, outcome: "no_answer" }), "not-found"),
      submit("/today", (ids) => ({ intent: "work", taskId: ids.task, outcome: "snoozed" }), "not-found"),
      submit("/today", (ids) => ({ intent: "start", propertyId: ids.sequenceProperty }), "not-found"),
      submit("/today", (ids) => ({ intent: "pause", propertyId: ids.sequenceProperty }), "not-found"),
      submit("/today", (ids) => ({ intent: "resume", propertyId: ids.sequenceProperty }), "not-found"),
      submit("/today", (ids) => ({ intent: "stop", propertyId: ids.sequenceProperty }), "not-found"),
    ),
  },
};
