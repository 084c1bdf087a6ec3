/**
 * Accounts: users, workspaces and their members, company profiles, sessions, sign-in tokens and throttles, linked
 * identities, contact messages.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, flag, id, instant, json, timestamps } from "#db/columns.ts";
import { WORKSPACE_ROLES } from "#db/enums.ts";

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

/**
 * The owning user of a row; the row goes when the user goes. On a business table it is the workspace the row belongs
 * to: a workspace's id is its founder's user id (docs/decisions/113-workspaces.md), so the column keeps its name.
 */
export const ownerUserId = () =>
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

/**
 * The business records belong to. Its id is the user id of the person who founded it (their sign-up, or the
 * migration that gave every existing user theirs), which is what every business table's `user_id` holds.
 */
export const workspaces = sqliteTable("workspaces", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  ...timestamps,
});

/** Who belongs to a workspace, and as what. A person may belong to several workspaces. */
export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);

/**
 * An owner's invitation to join a workspace: emailed as a link, stored hashed (like a password-reset link), single
 * use, 7 days; it joins only a person signed in with the address it was sent to.
 */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased and trimmed, as users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    /** SHA-256 of the token, hex; the token itself is only ever in the emailed link. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("workspace_invitations_workspace_idx").on(t.workspaceId)],
);

/** Server-side sessions. `sid` is the SHA-256 (hex) of the cookie token, never the token itself. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    userId: ownerUserId(),
    /** The workspace this session works in (switchable); the session ends when its membership does. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
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

/** Messages sent through the public Contact Us form (the spec's "Contact message"). */
export const contactMessages = sqliteTable("contact_messages", {
  id: id(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});
