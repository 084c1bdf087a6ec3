/**
 * CRM records: properties, owners, contacts, deals, conversations, documents, buyer leads, comps.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, flag, id, instant, json, money, scaled, timestamps } from "#db/columns.ts";
import {
  BUYER_TYPES,
  DEAL_STAGES,
  DISPO_STATUSES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  MESSAGE_ROLES,
  PROPERTY_STATUSES,
  RISK_LEVELS,
  VALUATION_SOURCES,
} from "#db/enums.ts";

import { ownerUserId, users } from "./accounts.ts";

/** One owner phone as the property-data vendors report it. */
/** `wrongNumber`: a call reached someone else (a Today outcome); like `dnc`, the phone is never a call/text target again. */
export type OwnerPhone = { number: string; type: "mobile" | "landline" | "voip" | "unknown"; dnc: boolean; wrongNumber?: boolean };

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
    // The current valuation (its past ones are in property_valuations): the ARV, its 80 % range,
    // when and by what it was made. `confidenceScore` below is its confidence.
    arv: money("arv"),
    arvLow: money("arv_low"),
    arvHigh: money("arv_high"),
    valuedAt: instant("valued_at"),
    valuationSource: text("valuation_source", { enum: VALUATION_SOURCES }),
    /** The user's repair estimate and assignment fee (null: the 70 % rule's defaults). */
    repairEstimate: money("repair_estimate"),
    assignmentFee: money("assignment_fee"),
    /** The 70 % rule's max offer of the current ARV, repairs and fee (app/domain/offers/deal-numbers.ts). */
    ruleMaxOffer: money("rule_max_offer"),
    /** The valuation's market-model value and its share of the ARV (null unless the engine made the ARV). */
    modelValue: money("model_value"),
    modelShare: scaled(3)("model_share"),
    /** The chosen offer (the letter's amount); named maxOffer by spec 02's API. */
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
    // Deal analysis (the spec's "Analysis fields")
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
    /**
     * The member who works this lead: its Today tasks are theirs. Always a current member of the workspace (the
     * member who created the lead, whoever it is reassigned to, the owner once its assignee is removed); a row
     * written without one gets the workspace's founder (migration 0035's trigger).
     */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("properties_user_created_idx").on(t.userId, t.createdAt),
    // A member's leads: the CRM's assignee filter and a removed member's leads handed to the owner.
    index("properties_user_assignee_idx").on(t.userId, t.assignedTo),
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
    // The signed purchase contract, recorded when the deal goes under contract (the Closing stage); closeDate above
    // is its closing date.
    dispoStatus: text("dispo_status", { enum: DISPO_STATUSES }),
    contractPrice: money("contract_price"),
    /** The end of the inspection / option period: the wholesaler's last day to cancel. */
    inspectionDeadline: instant("inspection_deadline"),
    earnestMoney: money("earnest_money"),
    assignmentFeeAsked: money("assignment_fee_asked"),
    /** What the end buyer pays for the contract; the spread is this less the contract price. */
    buyerPrice: money("buyer_price"),
    /** When the deal went under contract: the purchase agreement's date the assignment names. */
    contractedAt: instant("contracted_at"),
    /** The buyer's offer the contract was assigned on, and the Assignment of Contract it produced. */
    assignedOfferId: text("assigned_offer_id"),
    assignmentDocumentId: text("assignment_document_id"),
    /** When the deal was first assigned (an offer accepted, or the status set by hand): the dashboard's days to assign. */
    assignedAt: instant("assigned_at"),
    ...timestamps,
  },
  (t) => [
    index("deals_user_stage_idx").on(t.userId, t.stage),
    index("deals_user_created_idx").on(t.userId, t.createdAt),
    // "Does this lead have a deal?" (the new-deal picker, one deal per property) reads one index entry per lead.
    index("deals_user_property_idx").on(t.userId, t.propertyId),
    // The pipeline's disposition filter.
    index("deals_user_dispo_idx").on(t.userId, t.dispoStatus),
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
    /** A Letter of Intent's offer amount: what a mailing of it records. */
    amount: money("amount"),
    /**
     * A Letter of Intent's "same letter" key (property, amount, minute): parallel or repeated requests for the same
     * offer within a minute get one document (docs/decisions/080-usage-ledger-and-caps.md).
     */
    dedupeKey: text("dedupe_key"),
    ...timestamps,
  },
  (t) => [
    index("documents_user_updated_idx").on(t.userId, t.updatedAt),
    uniqueIndex("documents_user_dedupe_idx").on(t.userId, t.dedupeKey),
  ],
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
    /** The lead request (a saved cash-buyer search's run) that delivered the buyer; null when saved by hand (ADR 096). */
    leadRequestId: text("lead_request_id"),
    /** The property-data provider's id of the buyer ("local-owner-42"): links the lead to the buyer's purchases on record. */
    sourceBuyerId: text("source_buyer_id"),
    ...timestamps,
  },
  (t) => [
    index("buyer_leads_user_created_idx").on(t.userId, t.createdAt),
    // A saved search's "Leads delivered" counts the buyers its requests delivered.
    index("buyer_leads_request_idx").on(t.leadRequestId),
    // A buyer is saved once per user and market: Save twice answers "Already saved" (createBuyerLead), not a second row.
    uniqueIndex("buyer_leads_user_buyer_market_idx").on(t.userId, t.buyerName, t.market),
  ],
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
    /** The sale the engine used (`market-…`, `import-…`): what a pin or an exclusion names (docs/decisions/091-comps-the-user-can-defend.md). */
    saleId: text("sale_id"),
    /** The price brought to the valuation date and adjusted to the subject, each adjustment line, its share of the ARV. */
    adjustedPrice: money("adjusted_price"),
    adjustments: json<{ kind: string; amount: number; note: string }[]>("adjustments"),
    weight: scaled(3)("weight"),
  },
  (t) => [index("comps_user_property_idx").on(t.userId, t.propertyId)],
);
