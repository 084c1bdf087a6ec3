/**
 * Every table of Breeze, one topic a file under db/schema/: the entities of both spec documents (section 3) plus the
 * tables the embedded providers need (the local market and the outboxes). Money is integer cents through `money`;
 * see db/columns.ts. Every user-owned table carries user_id, and every list a screen shows has an index that starts
 * with it. drizzle-kit reads this file (drizzle.config.ts), so a table is exported here to be migrated.
 */
export * from "./schema/accounts.ts";
export * from "./schema/activity.ts";
export * from "./schema/buyer-emails.ts";
export * from "./schema/pinned-comps.ts";
export * from "./schema/crm.ts";
export * from "./schema/dispo.ts";
export * from "./schema/leads.ts";
export * from "./schema/market.ts";
export * from "./schema/outboxes.ts";
export * from "./schema/provider-sales.ts";
export * from "./schema/sequences.ts";
export * from "./schema/usage.ts";
export * from "./schema/user-sales.ts";
export * from "./schema/valuations.ts";
