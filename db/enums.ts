/**
 * Every enumeration once, with its display labels: the schema's columns, the domain's zod schemas and the
 * components all read these. No drizzle import, so the browser bundle can use it. Values exactly as the spec writes
 * them; changing a value needs a migration of the stored rows.
 */

/** A lead's (property's) status; the workbench and dashboard add the last three. */
export const PROPERTY_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "under_contract",
  "closed",
  "analyzed",
  "offer_produced",
  "offer_sent",
] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export const PROPERTY_STATUS_LABELS = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  under_contract: "Under Contract",
  closed: "Closed",
  analyzed: "Analyzed",
  offer_produced: "Offer Produced",
  offer_sent: "Offer Sent",
} as const satisfies Record<PropertyStatus, string>;

/** What the Add Lead form offers; stored as free text, so imported leads may carry other values. */
export const PROPERTY_TYPES = ["single_family", "multi_family", "condo", "townhouse", "mobile_home", "land"] as const;
export const LEAD_TYPES = [
  "preforeclosure",
  "absentee_owner",
  "high_equity",
  "inherited",
  "tired_landlord",
  "vacant",
  "corporate_owned",
] as const;

export const DEAL_STAGES = ["lead_generation", "analysis", "negotiation", "closing"] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
/** The pipeline's column headings and the dashboard's Deals by Stage rows. */
export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  lead_generation: "Lead Generation",
  analysis: "Analysis",
  negotiation: "Negotiation",
  closing: "Closing",
};

export const DOCUMENT_TYPES = [
  "purchase_agreement",
  "assignment_contract",
  "closing_statement",
  "letter_of_intent",
  "template",
  "comp_report",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  purchase_agreement: "Purchase Agreement",
  assignment_contract: "Assignment Contract",
  closing_statement: "Closing Document",
  letter_of_intent: "Letter of Intent",
  template: "Template",
  comp_report: "Comp Report",
};

export const DOCUMENT_STATUSES = ["draft", "pending", "signed", "completed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: "Draft",
  pending: "Pending",
  signed: "Signed",
  completed: "Completed",
};

export const BUYER_TYPES = ["active_landlord", "fix_and_flip", "cash_buyers"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];
export const BUYER_TYPE_LABELS: Record<BuyerType, string> = {
  active_landlord: "Active Landlord",
  fix_and_flip: "Fix & Flip",
  cash_buyers: "Cash Buyer",
};

export const MESSAGE_ROLES = ["user", "assistant"] as const;

/** A deal analysis' risk. */
export const RISK_LEVELS = ["low", "medium", "high"] as const;

/**
 * Who produced a property's valuation: the valuation engine, the property-data provider's estimate,
 * the AI deal analysis, or the user typing their own ARV.
 */
export const VALUATION_SOURCES = ["engine", "provider", "ai", "user"] as const;
export type ValuationSource = (typeof VALUATION_SOURCES)[number];
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Seller types exactly as the spec (and BatchData's quick lists) write them. */
export const SELLER_TYPES = [
  "preforeclosure",
  "out-of-state-absentee-owner",
  "high_equity",
  "inherited",
  "corporate-owned",
  "tired-landlord",
] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** The market property's flag field behind each seller type (definitions in db/market/flags.ts). */
export const SELLER_TYPE_FLAG = {
  preforeclosure: "isPreforeclosure",
  "out-of-state-absentee-owner": "isOutOfStateAbsentee",
  high_equity: "isHighEquity",
  inherited: "isInherited",
  "corporate-owned": "isCorporateOwned",
  "tired-landlord": "isTiredLandlord",
} as const satisfies Record<SellerType, string>;

/** What a lead_requests row records: a seller-lead search or a cash-buyer search. */
export const LEAD_REQUEST_KINDS = ["seller", "buyer"] as const;
export type LeadRequestKind = (typeof LEAD_REQUEST_KINDS)[number];
/** A search's outcome: all requested found; fewer because the market had no more; fewer because it stopped reading (partial); or the provider failed. */
export const LEAD_REQUEST_STATUSES = ["pending", "completed", "exhausted", "partial", "failed"] as const;
export type LeadRequestStatus = (typeof LEAD_REQUEST_STATUSES)[number];

/**
 * The deeds of arm's-length sales, the only sales a comparable may be (the local market's transfer types are in
 * db/market/flags.ts): a quitclaim usually passes title between related parties, an auction deed sells at a
 * discount and an estate's deed records no sale at all.
 */
export const ARMS_LENGTH_TRANSFER_TYPES = ["warranty", "special_warranty", "grant"] as const;

/** A follow-up step's kind of activity (follow_up_activities.activity_type, follow_up_steps.planned_type). */
export const ACTIVITY_TYPES = ["call", "text", "email", "letter"] as const;

/** Whom a follow-up activity reaches, and how (follow_up_activity_contacts.recipient_type). */
export const RECIPIENT_TYPES = ["phone", "email", "address"] as const;

/** A provider-sales row: the vendor's record of the subject, or one of its comparable sales. */
export const PROVIDER_SALE_ROLES = ["subject", "sale"] as const;

/** A provider-sales subject row: its answer kept, or being bought by the one request that claimed it. */
export const PROVIDER_SALE_STATUSES = ["ready", "pending"] as const;

/** Metered paid actions (docs/decisions/080-usage-ledger-and-caps.md). */
export const USAGE_KINDS = [
  "letter",
  "lead",
  "skip_trace",
  "cash_buyer_page",
  "ai_call",
  "ai_tokens",
  "comp_record",
  "buyer_email",
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** The rehab a buyer takes on, lightest first: a buyer who takes "heavy" takes the lighter ones too. */
export const REPAIR_LEVELS = ["light", "medium", "heavy"] as const;
export type RepairLevel = (typeof REPAIR_LEVELS)[number];
export const REPAIR_LEVEL_LABELS: Record<RepairLevel, string> = { light: "Light", medium: "Medium", heavy: "Heavy" };

/** How a buyer came onto the user's disposition list. */
export const BUYER_SOURCES = ["buyer_breeze", "manual", "import"] as const;
export type BuyerSource = (typeof BUYER_SOURCES)[number];
export const BUYER_SOURCE_LABELS: Record<BuyerSource, string> = {
  buyer_breeze: "Buyer Breeze",
  manual: "Added by hand",
  import: "CSV import",
};

/** Where a deal under contract stands in its disposition, in order (a status of a deal in the Closing stage). */
export const DISPO_STATUSES = ["under_contract", "marketed", "offers_in", "assigned", "fee_received"] as const;
export type DispoStatus = (typeof DISPO_STATUSES)[number];
export const DISPO_STATUS_LABELS: Record<DispoStatus, string> = {
  under_contract: "Under Contract",
  marketed: "Marketed",
  offers_in: "Offers In",
  assigned: "Assigned",
  fee_received: "Fee Received",
};

/** A deal's email to one buyer: queued, held by the request sending it, sent, or refused by the provider. */
export const BUYER_EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type BuyerEmailStatus = (typeof BUYER_EMAIL_STATUSES)[number];
/** A buyer's inquiry or offer on a deal: new until the user accepts it (the deal's assignment) or declines it. */
export const DEAL_OFFER_STATUSES = ["new", "accepted", "declined"] as const;
export type DealOfferStatus = (typeof DEAL_OFFER_STATUSES)[number];

/** A member's role in a workspace: what the role policy (app/domain/workspaces) lets each one do. */
export const WORKSPACE_ROLES = ["owner", "acquisitions", "dispo", "caller"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const WORKSPACE_ROLE_LABELS = {
  owner: "Owner",
  acquisitions: "Acquisitions",
  dispo: "Dispo",
  caller: "Caller",
} as const satisfies Record<WorkspaceRole, string>;

/** What a member did, as the workspace's activity log records it (app/domain/activity). */
export const ACTIVITY_KINDS = [
  "letter_mailed",
  "offer_confirmed",
  "exported",
  "member_invited",
  "member_role_changed",
  "member_removed",
  "call_logged",
  "task_worked",
  "note_logged",
  "blast_sent",
  "buyer_offer_accepted",
  "buyer_offer_declined",
  "fee_received",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
