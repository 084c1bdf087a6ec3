/**
 * Every table of Breeze: the entities of both spec documents (section 3) plus the tables the embedded providers
 * need (the local market and the outboxes). Money is integer cents through `money`; see db/columns.ts.
 * Every user-owned table carries user_id, and every list a screen shows has an index that starts with it.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, flag, id, instant, json, money, scaled, timestamps } from "./columns.ts";
import {
  ARMS_LENGTH_TRANSFER_TYPES,
  BUYER_TYPES,
  DEAL_STAGES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  LEAD_REQUEST_KINDS,
  LEAD_REQUEST_STATUSES,
  MESSAGE_ROLES,
  PROPERTY_STATUSES,
  RISK_LEVELS,
} from "./enums.ts";
import { LATITUDE_CELL_SQL } from "./latitude-cell.ts";

/** One owner phone as the property-data vendors report it. */
export type OwnerPhone = { number: string; type: "mobile" | "landline" | "voip" | "unknown"; dnc: boolean };

// ---------------------------------------------------------------------------------------------------------------
// Accounts (spec 01 §3)

export const users = sqliteTable("users", {
  id: id(),
  /** Stored lower-cased and trimmed; unique. */
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  fullName: text("full_name"),
  mobileE164: text("mobile_e164"),
  profileImageUrl: text("profile_image_url"),
  /** The password hash with its scheme and parameters (e.g. "scrypt$N=…$salt$hash"); null for SSO-only accounts. */
  passwordHash: text("password_hash"),
  emailVerified: flag("email_verified").notNull().default(false),
  preferences: json<Record<string, unknown>>("preferences").notNull().default({}),
  ...timestamps,
});

/** The owning user of a row; the row goes when the user goes. */
const ownerUserId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const companyProfiles = sqliteTable("company_profiles", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  companyName: text("company_name").notNull(),
  title: text("title"),
  offerContactEmail: text("offer_contact_email"),
  offerContactPhoneE164: text("offer_contact_phone_e164"),
  addressStreet1: text("address_street1"),
  addressStreet2: text("address_street2"),
  addressCity: text("address_city"),
  addressState: text("address_state"),
  addressPostalCode: text("address_postal_code"),
  addressCountry: text("address_country").notNull().default("US"),
  logoUrl: text("logo_url"),
  ...timestamps,
});

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: ownerUserId(),
    /** SHA-256 of the token, hex; the token itself is only ever in the emailed link. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
    requesterIp: text("requester_ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Email verification links: sent at registration and after an email change. The link verifies only the address it
 * was sent to (`email`), so a link for an old address cannot verify a new one. Stored hashed, single use, 24 hours.
 */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: id(),
    userId: ownerUserId(),
    email: text("email").notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/**
 * Step 1 of /register, kept on the server between the two steps so the page never carries the password back to
 * the browser: the step-2 form holds only the draft's random token (its SHA-256 is the id). 30 minutes.
 */
export const registrationDrafts = sqliteTable(
  "registration_drafts",
  {
    id: text("id").primaryKey(),
    fields: json<{ full_name: string; email: string; mobile: string }>("fields").notNull(),
    passwordHash: text("password_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("registration_drafts_expires_idx").on(t.expiresAt)],
);

/** Server-side sessions. `sid` is the SHA-256 (hex) of the cookie token, never the token itself. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    userId: ownerUserId(),
    sess: json<{ remember?: boolean; userAgent?: string; ip?: string }>("sess").notNull().default({}),
    expire: instant("expire").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expire_idx").on(t.expire)],
);

/**
 * Fixed-window counters for throttling (failed sign-ins per IP and per account, sign-ups, reset requests, contact
 * messages). `key` names what is counted, e.g. "login-fail:account:pat@example.com".
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
});

/** An external identity linked to a user (OpenID Connect issuer + subject). */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_identities_issuer_subject_idx").on(t.issuer, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/** Messages sent through the public Contact Us form (spec 01 §3 "Contact message"). */
export const contactMessages = sqliteTable("contact_messages", {
  id: id(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------------------
// CRM records (spec 01 §3, spec 02 §3)

export const properties = sqliteTable(
  "properties",
  {
    id: id(),
    userId: ownerUserId(),
    address: text("address").notNull(),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    apn: text("apn"),
    /** The local market's property id (or the vendor's id) this record was made from, if any. */
    sourcePropertyId: text("source_property_id"),
    bedrooms: integer("bedrooms"),
    bathrooms: scaled(2)("bathrooms"),
    squareFeet: integer("square_feet"),
    yearBuilt: integer("year_built"),
    propertyType: text("property_type").notNull().default("single_family"),
    price: money("price"),
    arv: money("arv"),
    maxOffer: money("max_offer"),
    equityPercentage: scaled(2)("equity_percentage"),
    equityBalance: money("equity_balance"),
    /** 0…100 */
    confidenceScore: integer("confidence_score"),
    lastSalePrice: money("last_sale_price"),
    /** YYYY-MM-DD */
    lastSaleDate: text("last_sale_date"),
    condition: text("condition"),
    notes: text("notes"),
    ownerName: text("owner_name"),
    ownerPhone: text("owner_phone"),
    ownerEmail: text("owner_email"),
    ownerEmails: json<string[]>("owner_emails"),
    ownerPhoneNumbers: json<OwnerPhone[]>("owner_phone_numbers"),
    ownerMailingAddress: text("owner_mailing_address"),
    ownerDncPhone: text("owner_dnc_phone"),
    ownerLandLine: text("owner_land_line"),
    ownerMobilePhone: text("owner_mobile_phone"),
    status: text("status", { enum: PROPERTY_STATUSES }).notNull().default("new"),
    currentAgent: text("current_agent"),
    leadType: text("lead_type"),
    distressedIndicator: text("distressed_indicator"),
    // Deal analysis (spec 02 §3 "Analysis fields")
    strategy: text("strategy"),
    isDeal: flag("is_deal"),
    analysisArv: money("analysis_arv"),
    rehabCost: money("rehab_cost"),
    analysisMaxOfferPrice: money("analysis_max_offer_price"),
    /** 0…1, precision 3,2 */
    analysisConfidence: scaled(2)("analysis_confidence"),
    /** precision 5,2 */
    profitMarginPct: scaled(2)("profit_margin_pct"),
    riskLevel: text("risk_level", { enum: RISK_LEVELS }),
    keyAssumptions: json<string[]>("key_assumptions"),
    compSummary: text("comp_summary"),
    nextActions: json<string[]>("next_actions"),
    analysisRunAt: instant("analysis_run_at"),
    repairTier: text("repair_tier"),
    offerPdfFilename: text("offer_pdf_filename"),
    ...timestamps,
  },
  (t) => [
    index("properties_user_created_idx").on(t.userId, t.createdAt),
    index("properties_user_status_idx").on(t.userId, t.status),
    index("properties_user_address_idx").on(t.userId, t.address, t.city, t.state),
  ],
);

export const owners = sqliteTable("owners", {
  id: id(),
  fullName: text("full_name"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  mailingStreet: text("mailing_street"),
  mailingCity: text("mailing_city"),
  mailingState: text("mailing_state"),
  mailingZip: text("mailing_zip"),
  isIndividual: flag("is_individual").notNull().default(true),
  ...timestamps,
});

export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    ...timestamps,
  },
  (t) => [index("contacts_user_idx").on(t.userId), index("contacts_property_idx").on(t.propertyId)],
);

export const deals = sqliteTable(
  "deals",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    stage: text("stage", { enum: DEAL_STAGES }).notNull().default("lead_generation"),
    dealValue: money("deal_value"),
    profit: money("profit"),
    closeDate: instant("close_date"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    index("deals_user_stage_idx").on(t.userId, t.stage),
    index("deals_user_created_idx").on(t.userId, t.createdAt),
    // "Does this lead have a deal?" (the new-deal picker, one deal per property) reads one index entry per lead.
    index("deals_user_property_idx").on(t.userId, t.propertyId),
  ],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    userId: ownerUserId(),
    title: text("title"),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    agentType: text("agent_type"),
    ...timestamps,
  },
  (t) => [index("conversations_user_updated_idx").on(t.userId, t.updatedAt)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    userId: ownerUserId(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: MESSAGE_ROLES }).notNull(),
    content: text("content").notNull(),
    isAiGenerated: flag("is_ai_generated").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_created_idx").on(t.conversationId, t.createdAt)],
);

export const documents = sqliteTable(
  "documents",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("draft"),
    content: text("content"),
    /** R2 key, always under the owner's prefix (users/{userId}/…); generated by the app, never from user input. */
    filePath: text("file_path"),
    contentType: text("content_type"),
    sizeBytes: integer("size_bytes"),
    ...timestamps,
  },
  (t) => [index("documents_user_updated_idx").on(t.userId, t.updatedAt)],
);

export const buyerLeads = sqliteTable(
  "buyer_leads",
  {
    id: id(),
    userId: ownerUserId(),
    buyerName: text("buyer_name").notNull(),
    buyerType: text("buyer_type", { enum: BUYER_TYPES }).notNull(),
    ownerType: text("owner_type"),
    market: text("market").notNull(),
    totalProperties: integer("total_properties"),
    portfolioValue: money("portfolio_value"),
    avgPurchasePrice: money("avg_purchase_price"),
    totalPurchasePrice: money("total_purchase_price"),
    totalEquity: money("total_equity"),
    totalMortgageBalance: money("total_mortgage_balance"),
    phoneNumbers: json<string[]>("phone_numbers").notNull().default([]),
    emailAddresses: json<string[]>("email_addresses").notNull().default([]),
    mailingAddress: text("mailing_address"),
    lastPropertyAddress: text("last_property_address"),
    lastPropertyPurchaseDate: text("last_property_purchase_date"),
    lastPropertyPurchasePrice: money("last_property_purchase_price"),
    lastPropertyBedrooms: integer("last_property_bedrooms"),
    lastPropertyBathrooms: scaled(2)("last_property_bathrooms"),
    lastPropertySquareFeet: integer("last_property_square_feet"),
    ...timestamps,
  },
  (t) => [index("buyer_leads_user_created_idx").on(t.userId, t.createdAt)],
);

export const comps = sqliteTable(
  "comps",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    soldPrice: money("sold_price").notNull(),
    /** YYYY-MM-DD */
    soldDate: text("sold_date").notNull(),
    bedrooms: integer("bedrooms"),
    /** precision 3,1 */
    bathrooms: scaled(1)("bathrooms"),
    squareFeet: integer("square_feet"),
    pricePerSqft: money("price_per_sqft"),
    /** miles, precision 5,2 */
    distance: scaled(2)("distance"),
    /** 0…1 */
    similarityScore: scaled(2)("similarity_score"),
    daysOnMarket: integer("days_on_market"),
    sourceUrl: text("source_url"),
    createdAt: createdAt(),
  },
  (t) => [index("comps_user_property_idx").on(t.userId, t.propertyId)],
);

// ---------------------------------------------------------------------------------------------------------------
// Lead delivery and follow-up model (spec 01 §3, spec 02 §3 "Related stored entities")

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    vendor: text("vendor").notNull().default("batchdata"),
    vendorLeadId: text("vendor_lead_id"),
    type: text("type"),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => owners.id, { onDelete: "set null" }),
    metaJson: json<Record<string, unknown>>("meta_json"),
    currentSequenceStep: integer("current_sequence_step").notNull().default(0),
    sequenceStartedAt: instant("sequence_started_at"),
    sequenceStatus: text("sequence_status").notNull().default("inactive"),
    currentActivityDay: integer("current_activity_day").notNull().default(0),
    currentActivityDate: instant("current_activity_date"),
    awaitingNextDay: flag("awaiting_next_day").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("leads_vendor_lead_idx").on(t.vendor, t.vendorLeadId)],
);

export const leadContacts = sqliteTable(
  "lead_contacts",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    isPrimary: flag("is_primary").notNull().default(false),
  },
  (t) => [uniqueIndex("lead_contacts_pair_idx").on(t.leadId, t.contactId)],
);

export const followUpActivities = sqliteTable(
  "follow_up_activities",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    activityType: text("activity_type").notNull(),
    dayNumber: integer("day_number").notNull(),
    scheduledFor: instant("scheduled_for"),
    completedAt: instant("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("follow_up_activities_user_scheduled_idx").on(t.userId, t.scheduledFor)],
);

export const followUpActivityContacts = sqliteTable(
  "follow_up_activity_contacts",
  {
    id: id(),
    activityId: text("activity_id")
      .notNull()
      .references(() => followUpActivities.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name"),
    recipientValue: text("recipient_value").notNull(),
    recipientType: text("recipient_type").notNull(),
    status: text("status").notNull().default("pending"),
    dncStatus: text("dnc_status"),
    sentAt: instant("sent_at"),
    passedAt: instant("passed_at"),
  },
  (t) => [index("follow_up_activity_contacts_activity_idx").on(t.activityId)],
);

export const skipMapping = sqliteTable(
  "skip_mapping",
  {
    id: id(),
    userId: ownerUserId(),
    /** A canonical key of the search (location, buyer type, quick lists). */
    userSearch: text("user_search").notNull(),
    skip: integer("skip").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("skip_mapping_user_search_idx").on(t.userId, t.userSearch)],
);

export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: ownerUserId(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    criteriaJson: json<Record<string, unknown>>("criteria_json").notNull(),
    isActive: flag("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("saved_searches_user_idx").on(t.userId)],
);

export const leadRequests = sqliteTable(
  "lead_requests",
  {
    id: id(),
    userId: ownerUserId(),
    savedSearchId: text("saved_search_id").references(() => savedSearches.id, { onDelete: "set null" }),
    /** seller: a lead search (its leads are in lead_deliveries); buyer: a cash-buyer search. */
    kind: text("kind", { enum: LEAD_REQUEST_KINDS }).notNull().default("seller"),
    vendor: text("vendor").notNull(),
    requestParams: json<Record<string, unknown>>("request_params").notNull(),
    requestedCount: integer("requested_count").notNull(),
    respondedCount: integer("responded_count"),
    /** pending → completed, exhausted, partial or failed (with errorMessage): see LEAD_REQUEST_STATUSES. */
    status: text("status", { enum: LEAD_REQUEST_STATUSES }).notNull().default("pending"),
    errorMessage: text("error_message"),
    ...timestamps,
  },
  (t) => [
    index("lead_requests_user_created_idx").on(t.userId, t.createdAt),
    // The workbench reads the user's latest seller search that delivered leads.
    index("lead_requests_user_kind_created_idx").on(t.userId, t.kind, t.createdAt),
  ],
);

export const leadDeliveries = sqliteTable(
  "lead_deliveries",
  {
    id: id(),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    leadRequestId: text("lead_request_id").references(() => leadRequests.id, { onDelete: "set null" }),
    /** The lead's place in its request's answer (the lead queue's order). */
    position: integer("position").notNull().default(0),
    deliveredAt: instant("delivered_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex("lead_deliveries_user_lead_idx").on(t.userId, t.leadId),
    index("lead_deliveries_request_position_idx").on(t.leadRequestId, t.position),
  ],
);

export const userLeads = sqliteTable(
  "user_leads",
  {
    id: id(),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("new"),
    notes: text("notes"),
    tags: json<string[]>("tags").notNull().default([]),
    lastActionAt: instant("last_action_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_leads_user_lead_idx").on(t.userId, t.leadId)],
);

// ---------------------------------------------------------------------------------------------------------------
// The embedded local market (the default property-data provider). Generated deterministically by db/market/.

const SELLER_TYPE_FLAG_COLUMNS = [
  "is_preforeclosure",
  "is_out_of_state_absentee",
  "is_high_equity",
  "is_inherited",
  "is_corporate_owned",
  "is_tired_landlord",
] as const;

export const marketOwners = sqliteTable(
  "market_owners",
  {
    id: integer("id").primaryKey(),
    fullName: text("full_name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isIndividual: flag("is_individual").notNull(),
    mailingStreet: text("mailing_street").notNull(),
    mailingCity: text("mailing_city").notNull(),
    mailingState: text("mailing_state").notNull(),
    mailingZip: text("mailing_zip").notNull(),
    phones: json<OwnerPhone[]>("phones").notNull(),
    emails: json<string[]>("emails").notNull(),
    /** Properties this owner holds in the market. */
    propertyCount: integer("property_count").notNull(),
    /** Of those, bought without a mortgage. */
    cashPurchaseCount: integer("cash_purchase_count").notNull(),
    /** ≥ 3 properties bought without a mortgage. */
    isCashBuyer: flag("is_cash_buyer").notNull(),
    /** Buyer type active_landlord: 6–100 absentee properties bought in the last 3 years (db/market/flags.ts). */
    isActiveLandlord: flag("is_active_landlord").notNull().default(false),
    /** Properties this owner bought and resold within 12 months (buyer type fix_and_flip when ≥ 1). */
    flipCount: integer("flip_count").notNull().default(0),
  },
  (t) => [
    // A buyer-type search in a city reads only the owners of that type (the index covers every owner column the
    // search filters on), then probes each one's properties in the place (market_properties_owner_place_idx). Each
    // WHERE is the type's definition in app/providers/property-data/local.server.ts, word for word (100 is
    // CASH_BUYER_MAX_PURCHASES), or SQLite cannot use the index; tests/integration/market-query-plans.test.ts checks it.
    index("market_owners_cash_buyers_search_idx")
      .on(t.id, t.propertyCount, t.cashPurchaseCount)
      .where(sql`is_cash_buyer = 1 and cash_purchase_count <= 100`),
    index("market_owners_active_landlord_search_idx")
      .on(t.id, t.propertyCount)
      .where(sql`is_active_landlord = 1`),
    index("market_owners_fix_and_flip_search_idx")
      .on(t.id, t.propertyCount, t.flipCount)
      .where(sql`flip_count > 0`),
  ],
);

export const marketProperties = sqliteTable(
  "market_properties",
  {
    id: integer("id").primaryKey(),
    apn: text("apn").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    propertyType: text("property_type").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    bathrooms: scaled(2)("bathrooms").notNull(),
    squareFeet: integer("square_feet").notNull(),
    lotSquareFeet: integer("lot_square_feet").notNull(),
    stories: scaled(1)("stories").notNull(),
    yearBuilt: integer("year_built").notNull(),
    /** 0 when never renovated (as assessor records write it). */
    yearRenovated: integer("year_renovated").notNull(),
    /** Assessor condition, 1 (poor) … 5 (very good). */
    condition: integer("condition").notNull(),
    /** Assessor building quality grade, 1 … 13 (7 is average). */
    qualityGrade: integer("quality_grade").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => marketOwners.id),
    ownerOccupied: flag("owner_occupied").notNull(),
    estimatedValue: money("estimated_value").notNull(),
    openLienBalance: money("open_lien_balance").notNull(),
    openLienCount: integer("open_lien_count").notNull(),
    equityBalance: money("equity_balance").notNull(),
    equityPercent: scaled(2)("equity_percent").notNull(),
    lastSalePrice: money("last_sale_price").notNull(),
    /** YYYY-MM-DD */
    lastSaleDate: text("last_sale_date").notNull(),
    lastSaleCash: flag("last_sale_cash").notNull(),
    /** The deed of the last transfer: warranty, grant, quitclaim, executor, trustee … */
    lastTransferType: text("last_transfer_type").notNull(),
    /** Recorded distress notice: notice_of_default, lis_pendens, notice_of_trustee_sale, or null. */
    foreclosureNotice: text("foreclosure_notice"),
    foreclosureNoticeDate: text("foreclosure_notice_date"),
    // Seller-type flags, computed from the fields above as db/market/flags.ts defines them.
    isAbsentee: flag("is_absentee").notNull(),
    isPreforeclosure: flag("is_preforeclosure").notNull(),
    isOutOfStateAbsentee: flag("is_out_of_state_absentee").notNull(),
    isHighEquity: flag("is_high_equity").notNull(),
    isInherited: flag("is_inherited").notNull(),
    isCorporateOwned: flag("is_corporate_owned").notNull(),
    isTiredLandlord: flag("is_tired_landlord").notNull(),
  },
  (t) => [
    index("market_properties_city_idx").on(t.state, t.city),
    index("market_properties_latlon_idx").on(t.latitude, t.longitude),
    // A seller search's count and its page of ids read only index entries (see local.server.ts `sellerWhere`):
    // - in a city, one partial index per seller type, in id order (the search's order, so a page reads from its
    //   offset on and never sorts), with the bounds a search filters on;
    ...SELLER_TYPE_FLAG_COLUMNS.map((column) =>
      index(`market_properties_${column}_search_idx`)
        .on(t.state, t.city, t.id, t.bedrooms, t.estimatedValue)
        .where(sql.raw(`${column} = 1`)),
    ),
    // - in ZIPs (a few hundred properties each), every property with its bounds and seller-type flags; and its
    //   owner, from which a buyer-type search in ZIPs starts.
    index("market_properties_zip_search_idx").on(
      t.zip,
      t.bedrooms,
      t.estimatedValue,
      t.isPreforeclosure,
      t.isOutOfStateAbsentee,
      t.isHighEquity,
      t.isInherited,
      t.isCorporateOwned,
      t.isTiredLandlord,
      t.ownerId,
    ),
    // A cash buyer's properties, and whether an owner holds one in a city, from the index alone.
    index("market_properties_owner_place_idx").on(t.ownerId, t.state, t.city, t.zip),
    // A valuation's subject named by its address (POST /api/properties/calculate-arv) is found here.
    index("market_properties_address_idx").on(t.state, t.city, t.address),
  ],
);

/** Sale history of the market's properties; the local source of comparable sales. */
export const marketSales = sqliteTable(
  "market_sales",
  {
    id: integer("id").primaryKey(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => marketProperties.id),
    /** YYYY-MM-DD */
    saleDate: text("sale_date").notNull(),
    price: money("price").notNull(),
    cash: flag("cash").notNull(),
    /** The deed recorded: comps use arm's-length sales only, never inheritance or auction transfers. */
    transferType: text("transfer_type").notNull(),
    /** The market owner who bought at this sale, when known: the current owner for the last sale, a flipper for a flip. */
    buyerOwnerId: integer("buyer_owner_id").references(() => marketOwners.id),
    daysOnMarket: integer("days_on_market").notNull(),
    /** Latitude and longitude copied from the property so a comps search reads sales without their properties' rows. */
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** The sale's 0.01° band of latitude (db/latitude-cell.ts): a comps search probes each band of its box by longitude. */
    latitudeCell: integer("latitude_cell").generatedAlwaysAs(LATITUDE_CELL_SQL, { mode: "virtual" }),
  },
  (t) => [
    index("market_sales_property_idx").on(t.propertyId),
    // Comparable sales (app/services/valuation/valuation.server.ts): arm's-length sales only, by band of latitude, then
    // longitude, so a search reads the entries inside its box and not a whole band of the country (README Decision 51).
    index("market_sales_comps_idx")
      .on(t.latitudeCell, t.longitude, t.saleDate, t.latitude)
      .where(sql.raw(`transfer_type in (${ARMS_LENGTH_TRANSFER_TYPES.map((type) => `'${type}'`).join(", ")})`)),
  ],
);

/** Sold homes a user imported from CSV: extra comparable sales (the importer comes with spec 02). */
export const importedSales = sqliteTable(
  "imported_sales",
  {
    id: id(),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    saleDate: text("sale_date").notNull(),
    price: money("price").notNull(),
    address: text("address"),
    zip: text("zip"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    bedrooms: integer("bedrooms"),
    bathrooms: scaled(2)("bathrooms"),
    squareFeet: integer("square_feet"),
    lotSquareFeet: integer("lot_square_feet"),
    stories: scaled(1)("stories"),
    yearBuilt: integer("year_built"),
    yearRenovated: integer("year_renovated"),
    condition: integer("condition"),
    qualityGrade: integer("quality_grade"),
    /** The county parcel: a subject's own parcel is never its comp. */
    parcelId: text("parcel_id"),
    basementSquareFeet: integer("basement_square_feet"),
    waterfront: flag("waterfront"),
    /** Assessor view rating, 0 … 4. */
    view: integer("view"),
    latitudeCell: integer("latitude_cell").generatedAlwaysAs(LATITUDE_CELL_SQL, { mode: "virtual" }),
  },
  (t) => [
    uniqueIndex("imported_sales_source_external_idx").on(t.source, t.externalId),
    index("imported_sales_comps_idx").on(t.latitudeCell, t.longitude, t.saleDate, t.latitude),
  ],
);

/**
 * Each region cell's market model (README Decision 66): the valuation engine's fit over the sales within 7 miles of
 * the cell's centre (`regionalModel`), kept so that a valuation reads one row instead of the region's sales.
 * Derived data: `refreshRegionalModels` writes all of them again after a seed or an import of sales.
 */
export const regionalModels = sqliteTable(
  "regional_models",
  {
    /** `regionCellOf`: trunc((latitude + 90) / 0.05) and trunc((longitude + 180) / 0.05). */
    latitudeCell: integer("latitude_cell").notNull(),
    longitudeCell: integer("longitude_cell").notNull(),
    /** REGIONAL_MODEL_VERSION when it was fitted: the layout of `rates`. */
    version: integer("version").notNull(),
    /** The valuation date it was fitted for (YYYY-MM-DD). */
    asOf: text("as_of").notNull(),
    sales: integer("sales").notNull(),
    /** JSON array of numbers: the fact rates, then the price index's slopes. */
    rates: json<number[]>("rates").notNull(),
  },
  (t) => [primaryKey({ columns: [t.latitudeCell, t.longitudeCell] })],
);

/**
 * Each market cell's trees (README Decision 69): gradient-boosted trees over the sales of a 0.5° cell and a 0.25°
 * margin around it (`marketModel`), kept so that a valuation reads one row instead of the market's sales. Derived
 * data: `refreshRegionalModels` writes all of them again with the regional models.
 */
export const marketModels = sqliteTable(
  "market_models",
  {
    /** `marketCellOf`: floor((latitude + 90) / 0.5) and floor((longitude + 180) / 0.5). */
    latitudeCell: integer("latitude_cell").notNull(),
    longitudeCell: integer("longitude_cell").notNull(),
    /** MARKET_MODEL_VERSION when it was fitted: the layout of the trees' features. */
    version: integer("version").notNull(),
    /** The valuation date it was fitted for (YYYY-MM-DD). */
    asOf: text("as_of").notNull(),
    /** Its latest sale's date (YYYY-MM-DD): where its price level stands. */
    anchor: text("anchor").notNull(),
    sales: integer("sales").notNull(),
    /** The mean fitted ln price the trees add to. */
    base: real("base").notNull(),
    /** JSON: the trees (`BoostedTrees`). */
    trees: json<unknown>("trees").notNull(),
  },
  (t) => [primaryKey({ columns: [t.latitudeCell, t.longitudeCell] })],
);

/**
 * Where a ZIP is: every US ZIP's centroid and its city (from the `zipcodes` data, loaded by `db:seed`). A valuation
 * subject that is not a known property is placed at its ZIP's centroid, else at its city's (the mean of its ZIPs').
 */
export const zipPlaces = sqliteTable(
  "zip_places",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    /** The city lower-cased, as a lookup compares it. */
    cityKey: text("city_key").notNull(),
    state: text("state").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [index("zip_places_city_idx").on(t.state, t.cityKey, t.latitude, t.longitude)],
);

// ---------------------------------------------------------------------------------------------------------------
// Outboxes of the embedded providers

/** Letters "mailed" by the local mail provider; the rendered piece is in R2 at `pdfKey`. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    trackingId: text("tracking_id").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    offerAmount: money("offer_amount"),
    pdfKey: text("pdf_key"),
    status: text("status").notNull().default("queued"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("mail_outbox_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Emails "sent" by the local email provider (reset links, contact notices), readable on a dev-only page. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_created_idx").on(t.toAddress, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// Follow-up sequences (issue 38)

/**
 * A follow-up activity's place in its sequence and how it went: one row per follow_up_activities row (same id).
 * `plannedType` is the sequence step's type (the activity's type may be its DNC fallback); `template` the step's
 * text with its placeholders; `status` pending → done | skipped; `outcome` what the user reported (a call's outcome,
 * done, skipped); `reason` why it was skipped or fell back.
 */
export const followUpSteps = sqliteTable(
  "follow_up_steps",
  {
    activityId: text("activity_id")
      .primaryKey()
      .references(() => followUpActivities.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    stepIndex: integer("step_index").notNull(),
    plannedType: text("planned_type").notNull(),
    template: text("template").notNull(),
    status: text("status").notNull().default("pending"),
    outcome: text("outcome"),
    reason: text("reason"),
  },
  // A lead's steps in order (completing one plans the rest again).
  (t) => [index("follow_up_steps_lead_idx").on(t.leadId, t.stepIndex)],
);
