// The whole data model in one PostgreSQL schema (drizzle pg-core), shared by PGlite and node-postgres.
// Conventions: calendar dates are `date` (strings 'YYYY-MM-DD'), instants are `timestamptz`,
// money is numeric(12,2) read as a number, secrets are stored only as AES-256-GCM ciphertext.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS, ACTIVITY_VIAS } from "../../domain/activity";
import {
  ACCOUNT_PROVIDERS,
  ACCOUNT_STATUSES,
  BILLING_CYCLES,
  CURRENCIES,
  GSUITE_ACCOUNT_STATUSES,
  GSUITE_CURRENCIES,
  HARDWARE_REQUEST_STATUSES,
  HARDWARE_REQUEST_TYPES,
  HARDWARE_STATUSES,
  HARDWARE_TYPES,
  LICENSE_TYPES,
  PAYMENT_FREQUENCIES,
  RATE_CURRENCIES,
  RENEWAL_STATUSES,
  ROLES,
  SECRET_ENTITY_TYPES,
  TRUST_REVIEW_APPROVAL_STATUSES,
  TRUST_REVIEW_PAYMENT_STATUSES,
} from "../../domain/enums";
import { IMPORT_AREAS } from "../../domain/imports/columns";
import { NOTIFICATION_CHANNEL_KINDS, NOTIFICATION_EVENT_TYPES } from "../../domain/notifications";
import type { OffboardOutcome } from "../../domain/schemas/offboarding";
import { monthlyUsdCostSql } from "../money/monthly-cost-sql";

/** The providers a workspace sync reads; the same list as server/integrations/connector.ts. */
const SYNC_PROVIDERS = ["google-workspace", "microsoft-365"] as const;

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
// The GIN indexes of the tables a CSV import writes take new entries through a pending list, kept
// small (64 kB: merged whenever it fills, and by an import at its end, imports/gin-bulk-load.ts)
// so that searches read little of it. An import of 10,000 licenses then merges sorted batches
// instead of updating the index tree row by row (55 s → 27 s on PGlite, decision 0030), and
// nothing has to change an index during the import (ALTER INDEX takes ACCESS EXCLUSIVE).
const IMPORTED_TABLE_GIN = { fastupdate: true, gin_pending_list_limit: 64 };

// ---------------------------------------------------------------------------------------------
// People, sessions and sign-in
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    // Null for accounts that only sign in with Google or a passkey.
    passwordHash: text("password_hash"),
    fullName: text("full_name"),
    email: text("email"),
    department: text("department"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    isActive: boolean("is_active").notNull().default(true),
    googleId: text("google_id"),
    // The subject at the OpenID Connect issuer of OIDC_ISSUER (decision 0059), as googleId is Google's.
    oidcSubject: text("oidc_subject"),
    // SCIM provisioning (decision 0060): the identity provider's id for the person, and whether
    // SCIM created or linked them; SCIM changes no one else.
    scimExternalId: text("scim_external_id"),
    scimManaged: boolean("scim_managed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames are unique regardless of case, so 'Jane' cannot shadow 'jane'.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_google_id_idx").on(t.googleId),
    uniqueIndex("users_oidc_subject_idx").on(t.oidcSubject),
    index("users_scim_external_id_idx").on(t.scimExternalId),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    // The list's sorts (users/service.ts), each one direction for all its keys: by username and by
    // creation date (an index walked either way), by name (people without one last either way:
    // led by the keyset's null flag, one index for each direction).
    index("users_username_order_idx").on(sql`lower(${t.username})`, t.id),
    // The flag is on the key the sort orders by, lower(full_name): the keyset's flag is taken of
    // the key expression (lib/keyset.ts), and the planner matches an index only on the same one.
    index("users_full_name_order_idx").on(
      sql`(lower(${t.fullName}) is null)`,
      sql`lower(${t.fullName})`,
      sql`lower(${t.username})`,
      t.id,
    ),
    index("users_full_name_desc_order_idx").on(
      sql`(lower(${t.fullName}) is not null)`,
      sql`lower(${t.fullName})`,
      sql`lower(${t.username})`,
      t.id,
    ),
    index("users_created_at_idx").on(t.createdAt, t.id),
    // The role filter: administrators are a handful among thousands of people.
    index("users_role_idx").on(t.role),
    // Substring search of the users list (ILIKE '%text%'); pg_trgm comes from migration 0001.
    index("users_username_trgm_idx")
      .using("gin", t.username.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("users_full_name_trgm_idx")
      .using("gin", t.fullName.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")).with(IMPORTED_TABLE_GIN),
    index("users_department_trgm_idx")
      .using("gin", t.department.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a copy of the table does not hand out live sessions.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

// Personal API tokens (decision 0024). Like sessions, only the SHA-256 of the token is stored; the
// token acts as its owner with the owner's role as it is at each request (read with the token).
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_idx").on(t.tokenHash),
    index("api_tokens_user_id_idx").on(t.userId),
  ],
);

// SCIM bearer tokens (decision 0060): not a person's, so no user; stored as SHA-256 only, shown
// once; revoking deletes the row.
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("scim_tokens_token_hash_idx").on(t.tokenHash)],
);

// One row: what a SCIM deprovisioning does with what the person holds ('release' or 'hold').
export const scimSettings = pgTable("scim_settings", {
  id: integer("id").primaryKey().default(1),
  deprovisionPolicy: text("deprovision_policy", { enum: ["release", "hold"] })
    .notNull()
    .default("hold"),
  updatedAt: updatedAt(),
});

// People SCIM deactivated under the 'hold' policy: their holdings wait for review (Needs
// Attention) until an administrator finishes the offboarding, which deletes the row.
export const scimHeldOffboardings = pgTable("scim_held_offboardings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// SCIM Groups (decision 0059): the groups an identity provider pushes, with their SCIM-managed
// members. A group whose displayName is one of OIDC_ADMIN_GROUPS makes its members administrators.
export const scimGroups = pgTable(
  "scim_groups",
  {
    id: serial("id").primaryKey(),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("scim_groups_display_name_idx").on(t.displayName)],
);

export const scimGroupMembers = pgTable(
  "scim_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => scimGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("scim_group_members_user_id_idx").on(t.userId),
  ],
);

// Failed sign-in counters, per account ('user:<name>') and per address ('ip:<addr>').
// Kept in the database so every server process behind a load balancer sees the same counts.
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

// OpenID Connect sign-ins under way (auth/oidc-sign-in), Google's and the OIDC_ISSUER's (the name is
// from when Google was the only one): the state's SHA-256 as the key, with the nonce and PKCE
// verifier kept here rather than in the browser. Consumed (deleted) by the callback: single use,
// and only by the provider that started it.
export const googleSignInStates = pgTable(
  "google_sign_in_states",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["google", "oidc"] })
      .notNull()
      .default("google"),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    // The callback address sent to Google, which the code exchange must repeat exactly.
    redirectUri: text("redirect_uri").notNull(),
    returnTo: text("return_to"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("google_sign_in_states_expires_at_idx").on(t.expiresAt)],
);

export const webauthnCredentials = pgTable(
  "webauthn_credentials",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    credentialPublicKey: text("credential_public_key").notNull(),
    // The authenticator's signature counter: an unsigned 32-bit number, beyond integer's range.
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    credentialDeviceType: text("credential_device_type"),
    credentialBackedUp: boolean("credential_backed_up").notNull().default(false),
    transports: jsonb("transports").$type<string[]>(),
    credentialName: text("credential_name").notNull().default("My Device"),
    lastUsed: timestamp("last_used", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webauthn_credentials_credential_id_idx").on(t.credentialId),
    index("webauthn_credentials_user_id_idx").on(t.userId),
  ],
);

// Pending WebAuthn ceremonies; in the database so any server process can finish one.
export const webauthnChallenges = pgTable("webauthn_challenges", {
  id: text("id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["register", "login"] }).notNull(),
  challenge: text("challenge").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// A user's TOTP second factor (RFC 6238). The secret is sealed with the secrets helper; the row
// exists but is not in force until a code confirms it (enabledAt). lastUsedStep is the 30-second
// step of the last code accepted: a code is accepted only for a later step, so none is used twice.
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCiphertext: text("secret_ciphertext").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: integer("last_used_step").notNull().default(0),
  createdAt: createdAt(),
});

// Single-use recovery codes: only a SHA-256 of each (they are random, 50 bits, so a slow hash buys
// nothing a lookup by hash would not lose).
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

// A sign-in whose first factor succeeded and whose second is awaited: not a session. Bound to a
// cookie (its SHA-256 is the id), short-lived, deleted when used.
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_sign_ins_user_id_idx").on(t.userId)],
);

// Settings toggles per user (spec part 2, Settings). No row: the defaults.
export const userPreferences = pgTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  maskLicenseKeys: boolean("mask_license_keys").notNull().default(true),
  licenseExpiryAlerts: boolean("license_expiry_alerts").notNull().default(true),
  assignmentChangeAlerts: boolean("assignment_change_alerts").notNull().default(true),
  // Reminder mails by group of obligation kinds (domain/reminders.ts), and the daily digest.
  hardwareWarrantyAlerts: boolean("hardware_warranty_alerts").notNull().default(true),
  accountRenewalAlerts: boolean("account_renewal_alerts").notNull().default(true),
  paymentAlerts: boolean("payment_alerts").notNull().default(true),
  reminderDigest: boolean("reminder_digest").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * One offboarding (issue 16): who left, who did it, and what was done with each item they held,
 * as it was named then. The printable checklist is built from this row, so it says what was done
 * even after the items are renamed or deleted (or the person is).
 */
export const offboardings = pgTable(
  "offboardings",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    performedByUserId: integer("performed_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    performedByName: text("performed_by_name").notNull(),
    outcomes: jsonb("outcomes").$type<OffboardOutcome[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("offboardings_user_id_idx").on(t.userId, t.createdAt)],
);

// One private calendar feed per person (decision 0025). The feed's URL carries a random token that
// is shown once, when it is made; only its SHA-256 is kept, so the table holds no working address.
// Making a new one replaces the row (the old URL stops working); revoking deletes it.
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash)],
);

// This installation's own id: one row (id 1), made on first use (db/installation-id.ts) and kept
// from then on, also in backups. What must name the installation rather than its address uses it:
// the calendar feed's event UIDs, which a changed PUBLIC_URL must not change (a calendar would
// take every event for a new one).
export const installation = pgTable("installation", {
  id: integer("id").primaryKey(),
  installationId: text("installation_id").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Software licenses
// ---------------------------------------------------------------------------------------------

export const licenses = pgTable(
  "licenses",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    licenseType: text("license_type", { enum: LICENSE_TYPES }).notNull().default("multi-user"),
    licenseKeyCiphertext: text("license_key_ciphertext").notNull(),
    // Masked form (last 4 characters, hyphens kept), safe to list without decrypting.
    licenseKeyMasked: text("license_key_masked").notNull(),
    // Blind index of the key (server/lib/secrets/blind-index.ts): keyed hashes of its pieces,
    // searched in SQL. Null only for rows stored before it existed; filled in at start.
    licenseKeySearchTokens: text("license_key_search_tokens").array(),
    // A keyed digest of the whole key (blind-index.ts digestOf): equal keys have equal digests,
    // so an import finds a key already stored by an index lookup instead of opening every key.
    // Null only for rows stored before it existed (filled in at start) or unreadable.
    licenseKeyDigest: text("license_key_digest"),
    username: text("username"),
    orderId: text("order_id"),
    product: text("product").notNull().default("SEO Spider"),
    status: text("status").notNull().default("Active"),
    totalSeats: integer("total_seats").notNull().default(5),
    purchaseDate: date("purchase_date"),
    expiryDate: date("expiry_date"),
    paymentAmount: money("payment_amount"),
    paymentCurrency: text("payment_currency", { enum: CURRENCIES }).notNull().default("USD"),
    paymentFrequency: text("payment_frequency", { enum: PAYMENT_FREQUENCIES })
      .notNull()
      .default("annually"),
    autoRenew: boolean("auto_renew").notNull().default(false),
    renewalStatus: text("renewal_status", { enum: RENEWAL_STATUSES }).notNull().default("manual"),
    notes: text("notes"),
    /**
     * Active trust reviews lent this license, kept by statement triggers on trust_reviews
     * (migration 0043): the trust reviews' summary reads the lent licenses from here instead of
     * grouping every review. Not shown, logged or written by the application.
     */
    activeTrustReviews: integer("active_trust_reviews").notNull().default(0),
    /** Alert when available seats fall to this or below (issue 34); null: no alert. */
    lowSeatThreshold: integer("low_seat_threshold"),
    /**
     * Kept by triggers (migration 0055, decision 0058), never written by the application: whether
     * available seats are at or under the threshold now, and how many times they have fallen
     * there. lowSeatAlerted is the crossings already alerted (notifications/seat-alerts.ts).
     */
    lowSeats: boolean("low_seats").notNull().default(false),
    lowSeatCrossings: integer("low_seat_crossings").notNull().default(0),
    lowSeatAlerted: integer("low_seat_alerted").notNull().default(0),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's sort by name (licenses/list-query.ts): a keyset page seeks (lower(name), id).
    index("licenses_name_lower_idx").on(sql`lower(${t.name})`, t.id),
    // Substring search by name (ILIKE '%text%'); pg_trgm comes from migration 0001.
    index("licenses_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    // A small pending list (IMPORTED_TABLE_GIN): a full 4 MB one, read by every search until
    // merged, cost 91 ms instead of 0.6 ms at 2,000 licenses (PGlite has no autovacuum).
    index("licenses_key_search_tokens_idx")
      .using("gin", t.licenseKeySearchTokens)
      .with(IMPORTED_TABLE_GIN),
    // An import's duplicate-key check (licenses/license-key.ts storedLicenseKeysAmong).
    index("licenses_key_digest_idx").on(t.licenseKeyDigest),
    // The calendar's and the upcoming payments' licenses grouped by purchase date and frequency
    // (obligations/events-sql.ts): the paying licenses' four columns from the index alone, in
    // the grouping's order, instead of a scan of the wide table (at 50,000 licenses: 10 ms, was
    // about 50 ms).
    index("licenses_payment_pairs_idx")
      .on(t.purchaseDate, t.paymentFrequency, t.paymentCurrency, t.paymentAmount)
      .where(
        sql`${t.purchaseDate} is not null and ${t.paymentAmount} is not null and ${t.renewalStatus} <> 'cancelled'`,
      ),
    // The status filters' date ranges (list-query.ts) and Needs Attention's neighbours.
    index("licenses_expiry_date_idx").on(t.expiryDate, sql`lower(${t.name})`, t.id),
    // The list's sort by expiry date (list-query.ts, lib/keyset.ts), one index per direction:
    // each leads with the flag that keeps licenses without a date last in that direction, and
    // every term runs one way, so a keyset page is one seek and the next rows of the index.
    index("licenses_expiry_date_sort_idx").on(
      sql`(${t.expiryDate} is null)`,
      t.expiryDate,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("licenses_expiry_date_desc_idx").on(
      sql`(${t.expiryDate} is not null)`,
      t.expiryDate,
      sql`lower(${t.name})`,
      t.id,
    ),
    // The expense calendar joins the purchase dates that pay on a day back to their licenses
    // (server/obligations/events-sql.ts).
    index("licenses_purchase_date_idx").on(t.purchaseDate),
    index("licenses_created_at_idx").on(t.createdAt),
    // Renews Soon groups the auto-renewing licenses by (purchase date, frequency), which decide
    // their renewal date, and joins the first dates' pairs back (dashboard/license-summary.ts).
    index("licenses_auto_renewal_idx")
      .on(t.purchaseDate, t.paymentFrequency)
      .where(sql`${t.renewalStatus} = 'auto'`),
    // Needs Attention (the licenses that do not renew by themselves, by expiry): its count reads
    // the index alone and its page is the first entries in order, not a sort of the window.
    index("licenses_attention_expiry_idx")
      .on(t.expiryDate, sql`lower(${t.name})`, t.id)
      .where(sql`${t.renewalStatus} <> 'auto'`),
    // The Trust Reviews summary's over-committed licenses (more active clients than seats): few,
    // found without reading the others.
    index("licenses_low_seats_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.lowSeats}`),
    index("licenses_low_seat_unalerted_idx")
      .on(t.id)
      .where(sql`${t.lowSeatCrossings} > ${t.lowSeatAlerted}`),
    index("licenses_over_committed_idx")
      .on(t.id)
      .where(sql`${t.activeTrustReviews} > ${t.totalSeats}`),
    // Expense Analysis's largest licenses: the largest amounts of each currency and frequency
    // (server/expenses/licenses-section.ts).
    index("licenses_currency_frequency_amount_idx")
      .on(
        t.paymentCurrency,
        t.paymentFrequency,
        t.paymentAmount.desc(),
        sql`lower(${t.name})`,
        t.id,
      )
      .where(sql`${t.paymentAmount} is not null`),
    // The list's sort by monthly cost in USD (list-query.ts, lib/keyset.ts), one index per
    // direction, each led by the flag that keeps missing costs last (as the expiry sort's).
    index("licenses_monthly_usd_cost_idx").on(
      sql`(${monthlyUsdCostSql(t)} is null)`,
      monthlyUsdCostSql(t),
      sql`lower(${t.name})`,
      t.id,
    ),
    index("licenses_monthly_usd_cost_desc_idx").on(
      sql`(${monthlyUsdCostSql(t)} is not null)`,
      monthlyUsdCostSql(t),
      sql`lower(${t.name})`,
      t.id,
    ),
    uniqueIndex("licenses_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const licenseAssignments = pgTable(
  "license_assignments",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    // Ownership is the user id; assignedTo keeps the display name the screens show.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    assignedTo: text("assigned_to").notNull(),
    assignedDate: date("assigned_date").notNull(),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    // What unused seats are judged from (issue 33); null = not known.
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    holderSuspended: boolean("holder_suspended"),
    createdAt: createdAt(),
    // Moved by a trigger on every update, whichever path makes it (migration 0047): how an
    // import's undo tells a seat changed since from one it may remove (decision 0045).
    updatedAt: updatedAt(),
  },
  (t) => [
    index("license_assignments_license_active_idx").on(t.licenseId, t.isActive),
    index("license_assignments_user_id_idx").on(t.userId),
    // The assignments list's order, newest first (licenses/assignments-service.ts).
    index("license_assignments_created_at_idx").on(t.createdAt, t.id),
    // One active seat per user and license, enforced by the database as well as the service.
    uniqueIndex("license_assignments_one_active_per_user_idx")
      .on(t.licenseId, t.userId)
      .where(sql`${t.isActive} and ${t.userId} is not null`),
    uniqueIndex("license_assignments_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The unused seats (licenses/unused-seats.ts: suspended, or not signed in for N days), as
    // Needs Attention counts them: a range of the sign-ins a sync knows, or-ed with the few
    // suspended holders, instead of every active seat read and tested (migration 0060).
    index("license_assignments_sign_in_idx")
      .on(t.lastSignInAt)
      .where(sql`${t.isActive} and ${t.lastSignInAt} is not null`),
    index("license_assignments_suspended_idx")
      .on(t.licenseId)
      .where(sql`${t.isActive} and ${t.holderSuspended}`),
  ],
);

export const renewals = pgTable(
  "renewals",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    previousExpiryDate: date("previous_expiry_date"),
    newExpiryDate: date("new_expiry_date").notNull(),
    renewalAmount: money("renewal_amount").notNull(),
    // The replacement key, if one was issued; ciphertext only.
    newLicenseKeyCiphertext: text("new_license_key_ciphertext"),
    notes: text("notes"),
    renewedByUserId: integer("renewed_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("renewals_license_id_idx").on(t.licenseId, t.renewedAt)],
);

export const licenseViewLogs = pgTable(
  "license_view_logs",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    location: text("location"),
    sessionId: text("session_id"),
  },
  (t) => [index("license_view_logs_license_id_idx").on(t.licenseId, t.viewedAt)],
);

// Who revealed which stored secret other than a license key (office and workspace passwords).
export const secretRevealLogs = pgTable(
  "secret_reveal_logs",
  {
    id: serial("id").primaryKey(),
    entityType: text("entity_type", { enum: SECRET_ENTITY_TYPES }).notNull(),
    entityId: integer("entity_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    sessionId: text("session_id"),
  },
  (t) => [index("secret_reveal_logs_entity_idx").on(t.entityType, t.entityId, t.viewedAt)],
);

// ---------------------------------------------------------------------------------------------
// Hardware
// ---------------------------------------------------------------------------------------------

export const hardware = pgTable(
  "hardware",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    type: text("type", { enum: HARDWARE_TYPES }).notNull(),
    // The serial number: one item per identifier.
    identifier: text("identifier").notNull(),
    location: text("location"),
    status: text("status", { enum: HARDWARE_STATUSES }).notNull().default("active"),
    assignedToUserId: integer("assigned_to_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    purchaseDate: date("purchase_date"),
    warrantyExpiry: date("warranty_expiry"),
    notes: text("notes"),
    pcName: text("pc_name"),
    specs: jsonb("specs").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("hardware_assigned_to_user_id_idx").on(t.assignedToUserId),
    // The list's orders (list-query.ts), id last, so a page is an index walk without a sort step,
    // either way; a type, location or status filter leads its own index, and the name order
    // after it. By location, items without one last either way: led by the keyset's null flag,
    // an index per direction (decision 0051).
    index("hardware_name_lower_idx").on(sql`lower(${t.name})`, t.id),
    index("hardware_type_order_idx").on(t.type, sql`lower(${t.name})`, t.id),
    index("hardware_location_order_idx").on(t.location, sql`lower(${t.name})`, t.id),
    index("hardware_location_sort_idx").on(
      sql`(${t.location} is null)`,
      t.location,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("hardware_location_desc_sort_idx").on(
      sql`(${t.location} is not null)`,
      t.location,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("hardware_status_order_idx").on(t.status, sql`lower(${t.name})`, t.id),
    index("hardware_created_at_idx").on(t.createdAt, t.id),
    uniqueIndex("hardware_identifier_idx").on(t.identifier),
    // The expense calendar's warranty expiries of a month (server/obligations/events-sql.ts).
    index("hardware_warranty_expiry_idx").on(t.warrantyExpiry),
    // The same count per day of the hardware in service, from the index alone (decision 0062).
    index("hardware_serving_warranty_expiry_idx")
      .on(t.warrantyExpiry)
      .where(sql`${t.status} <> 'retired'`),
    // Substring search of the list (ILIKE '%text%'); a small pending list (IMPORTED_TABLE_GIN).
    index("hardware_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("hardware_identifier_trgm_idx")
      .using("gin", t.identifier.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("hardware_location_trgm_idx")
      .using("gin", t.location.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("hardware_pc_name_trgm_idx")
      .using("gin", t.pcName.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
  ],
);

export const hardwareRequests = pgTable(
  "hardware_requests",
  {
    id: serial("id").primaryKey(),
    requestedByUserId: integer("requested_by_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: HARDWARE_REQUEST_TYPES }).notNull(),
    hardwareId: integer("hardware_id").references(() => hardware.id, { onDelete: "set null" }),
    name: text("name"),
    hardwareType: text("hardware_type", { enum: HARDWARE_TYPES }),
    link: text("link"),
    reason: text("reason").notNull(),
    status: text("status", { enum: HARDWARE_REQUEST_STATUSES }).notNull().default("pending"),
    approvedByUserId: integer("approved_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    rejectionReason: text("rejection_reason"),
    managerApproval: boolean("manager_approval").notNull().default(false),
    managerName: text("manager_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's orders (requests-service.ts), id last: a page is an index walk either way. A
    // person's own requests and a status filter lead the creation order.
    index("hardware_requests_created_at_idx").on(t.createdAt, t.id),
    index("hardware_requests_status_order_idx").on(t.status, t.createdAt, t.id),
    index("hardware_requests_requested_by_order_idx").on(t.requestedByUserId, t.createdAt, t.id),
    index("hardware_requests_hardware_id_idx").on(t.hardwareId),
    // One pending request per person and item, also for two sent at once (requests-service.ts);
    // a request for new hardware has no item and is not limited.
    uniqueIndex("hardware_requests_one_pending_per_item_idx")
      .on(t.requestedByUserId, t.hardwareId)
      .where(sql`${t.status} = 'pending'`),
    // The list's search (ILIKE '%text%' over name and reason, requests-service.ts).
    index("hardware_requests_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("hardware_requests_reason_trgm_idx")
      .using("gin", t.reason.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

// ---------------------------------------------------------------------------------------------
// Office accounts
// ---------------------------------------------------------------------------------------------

export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    // Null on an office account a sync found: no password is known for it (issue 33).
    passwordCiphertext: text("password_ciphertext"),
    provider: text("provider", { enum: ACCOUNT_PROVIDERS }).notNull(),
    status: text("status", { enum: ACCOUNT_STATUSES }).notNull().default("active"),
    paymentMethod: text("payment_method"),
    paymentDetails: text("payment_details"),
    renewalDate: date("renewal_date"),
    paymentAmount: money("payment_amount"),
    paymentCurrency: text("payment_currency", { enum: CURRENCIES }).notNull().default("USD"),
    notes: text("notes"),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    // What unused seats are judged from (issue 33); null = not known.
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    holderSuspended: boolean("holder_suspended"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_email_lower_idx").on(sql`lower(${t.email})`),
    // The expense calendar's renewals of a month (server/obligations/events-sql.ts).
    index("accounts_renewal_date_idx").on(t.renewalDate),
    // The calendar's count of a month's renewals per day, from the index alone (decision 0062).
    index("accounts_active_renewal_date_idx").on(t.renewalDate).where(sql`${t.status} = 'active'`),
    // The list's orders (server/accounts/list-order.ts), each key then the e-mail and the id, in
    // one direction so that one index walks either way; a status or provider filter leads its
    // own sort's index, so a filtered page sorted by e-mail walks it too (decision 0042). Blank
    // renewal dates go last either way: the keyset's null flag (lib/keyset.ts) leads each of
    // the renewal order's two indexes, `is null` ascending and `is not null` descending.
    index("accounts_email_order_idx").on(sql`lower(${t.email})`, t.id),
    index("accounts_provider_order_idx").on(t.provider, sql`lower(${t.email})`, t.id),
    index("accounts_status_order_idx").on(t.status, sql`lower(${t.email})`, t.id),
    index("accounts_renewal_date_order_idx").on(
      sql`(${t.renewalDate} is null)`,
      t.renewalDate,
      sql`lower(${t.email})`,
      t.id,
    ),
    index("accounts_renewal_date_desc_order_idx").on(
      sql`(${t.renewalDate} is not null)`,
      t.renewalDate,
      sql`lower(${t.email})`,
      t.id,
    ),
    // The list's search (ILIKE '%text%'), answered by trigram indexes (server/accounts/service.ts).
    index("accounts_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("accounts_payment_method_trgm_idx")
      .using("gin", t.paymentMethod.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("accounts_payment_details_trgm_idx")
      .using("gin", t.paymentDetails.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    uniqueIndex("accounts_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The unused active accounts (licenses/unused-seats.ts), as the license seats' (migration 0060).
    index("accounts_sign_in_idx")
      .on(t.lastSignInAt)
      .where(sql`${t.status} = 'active' and ${t.lastSignInAt} is not null`),
    index("accounts_suspended_idx")
      .on(t.id)
      .where(sql`${t.status} = 'active' and ${t.holderSuspended}`),
  ],
);

export const accountAssignments = pgTable(
  "account_assignments",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    deviceName: text("device_name"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    assignedTo: text("assigned_to"),
    isActive: boolean("is_active").notNull().default(true),
    notes: text("notes"),
    assignedDate: date("assigned_date"),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    createdAt: createdAt(),
    // Moved by a trigger on every update (migration 0047), as license_assignments.updated_at.
    updatedAt: updatedAt(),
  },
  (t) => [
    index("account_assignments_account_id_idx").on(t.accountId),
    index("account_assignments_user_id_idx").on(t.userId),
    // The list's two orders with the id last, walked either way (decision 0042): without them
    // every page joined and sorted all assignments.
    index("account_assignments_created_at_idx").on(t.createdAt, t.id),
    // Assignments without a date (older ones) go last either way: the keyset's null flag.
    index("account_assignments_assigned_date_idx").on(
      sql`(${t.assignedDate} is null)`,
      t.assignedDate,
      t.id,
    ),
    index("account_assignments_assigned_date_desc_idx").on(
      sql`(${t.assignedDate} is not null)`,
      t.assignedDate,
      t.id,
    ),
    // The accounts list's search over who and which device uses an account.
    index("account_assignments_assigned_to_trgm_idx")
      .using("gin", t.assignedTo.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("account_assignments_device_name_trgm_idx")
      .using("gin", t.deviceName.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    uniqueIndex("account_assignments_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Currency rates
// ---------------------------------------------------------------------------------------------

/**
 * Rates an administrator has set on the Settings page, one row per pair (from → to). A pair
 * without a row uses the default of domain/money.ts (DEFAULT_CURRENCY_RATES).
 */
export const currencyRates = pgTable(
  "currency_rates",
  {
    fromCurrency: text("from_currency", { enum: RATE_CURRENCIES }).notNull(),
    toCurrency: text("to_currency", { enum: RATE_CURRENCIES }).notNull(),
    rate: numeric("rate", { precision: 14, scale: 6, mode: "number" }).notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
    setByUserId: integer("set_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })],
);

// ---------------------------------------------------------------------------------------------
// Directory listings
// ---------------------------------------------------------------------------------------------

export const directories = pgTable(
  "directories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    url: text("url"),
    location: text("location"),
    paymentFrequencyMonths: integer("payment_frequency_months").notNull().default(12),
    paymentAmount: money("payment_amount"),
    paymentCurrency: text("payment_currency", { enum: CURRENCIES }).notNull().default("USD"),
    isOneTime: boolean("is_one_time").notNull().default(false),
    isCancelled: boolean("is_cancelled").notNull().default(false),
    lastPaymentDate: date("last_payment_date"),
    nextPaymentDate: date("next_payment_date"),
    notes: text("notes"),
    createdAt: createdAt(),
    // Set by DELETE; the toast's Undo clears it. Lists and reads skip deleted listings.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // The list's orders (list-query.ts) over the listings not deleted, id last: a page is an index
    // walk. By next payment date, listings without one last either way: led by the keyset's null
    // flag, an index per direction. The calendar's date ranges read the plain date index
    // (obligations/events-sql.ts).
    // Expense Analysis's largest listings: the largest amounts of each currency, frequency and
    // one-time among the billing listings (server/expenses/directories-section.ts).
    index("directories_billing_amount_idx")
      .on(
        t.paymentCurrency,
        t.paymentFrequencyMonths,
        t.isOneTime,
        t.paymentAmount.desc(),
        sql`lower(${t.name})`,
        t.id,
      )
      .where(
        sql`${t.deletedAt} is null and not ${t.isCancelled} and ${t.paymentAmount} is not null`,
      ),
    index("directories_name_order_idx")
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("directories_next_payment_date_idx").on(t.nextPaymentDate),
    // The calendar's listings that pay in a window, one range per frequency and step back
    // (server/obligations/events-sql.ts, decision 0062).
    index("directories_payment_steps_idx")
      .on(t.paymentFrequencyMonths, t.nextPaymentDate)
      .where(
        sql`${t.deletedAt} is null and not ${t.isCancelled} and ${t.nextPaymentDate} is not null`,
      ),
    index("directories_next_payment_order_idx")
      .on(sql`(${t.nextPaymentDate} is null)`, t.nextPaymentDate, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("directories_next_payment_desc_order_idx")
      .on(sql`(${t.nextPaymentDate} is not null)`, t.nextPaymentDate, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The list by amount, converted at the stored rates (no index can hold that order), is a
    // merge of one walk per currency, in which a rate's order is the amount's, and one of the
    // listings without an amount (directories/amount-merge.ts, migration 0059). The status
    // columns trail the unique id: they never order, they let a status filter skip rows in the
    // index alone.
    index("directories_currency_amount_order_idx")
      .on(
        t.paymentCurrency,
        t.paymentAmount,
        sql`lower(${t.name})`,
        t.id,
        t.isCancelled,
        t.isOneTime,
      )
      .where(sql`${t.deletedAt} is null and ${t.paymentAmount} is not null`),
    index("directories_blank_amount_order_idx")
      .on(sql`lower(${t.name})`, t.id, t.isCancelled, t.isOneTime)
      .where(sql`${t.deletedAt} is null and ${t.paymentAmount} is null`),
    index("directories_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    index("directories_url_trgm_idx")
      .using("gin", t.url.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
    // The list searches location too: without it the OR of the three ILIKEs reads every row.
    index("directories_location_trgm_idx")
      .using("gin", t.location.op("gin_trgm_ops"))
      .with(IMPORTED_TABLE_GIN),
  ],
);

/** Payments recorded on a listing (Record payment), newest first in the edit dialog. */
export const directoryPayments = pgTable(
  "directory_payments",
  {
    id: serial("id").primaryKey(),
    directoryId: integer("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    paidOn: date("paid_on").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [index("directory_payments_directory_id_idx").on(t.directoryId, t.paidOn)],
);

/** Every change of a listing's price (amount or currency), so old bills still make sense. */
export const directoryPriceChanges = pgTable(
  "directory_price_changes",
  {
    id: serial("id").primaryKey(),
    directoryId: integer("directory_id")
      .notNull()
      .references(() => directories.id, { onDelete: "cascade" }),
    previousAmount: money("previous_amount"),
    previousCurrency: text("previous_currency", { enum: CURRENCIES }).notNull(),
    newAmount: money("new_amount"),
    newCurrency: text("new_currency", { enum: CURRENCIES }).notNull(),
    changedByUserId: integer("changed_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("directory_price_changes_directory_id_idx").on(t.directoryId, t.changedAt)],
);

// ---------------------------------------------------------------------------------------------
// Google Workspace (G Suite)
// ---------------------------------------------------------------------------------------------

export const gsuiteOrganizations = pgTable(
  "gsuite_organizations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    domain: text("domain").notNull(),
    description: text("description"),
    /**
     * Accounts on the organization, kept by statement triggers on gsuite_accounts (migration
     * 0039): the list shows it, and counting every account for each list grew with them.
     */
    accountCount: integer("account_count").notNull().default(0),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gsuite_organizations_domain_lower_idx").on(sql`lower(${t.domain})`),
    uniqueIndex("gsuite_organizations_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const gsuitePlans = pgTable(
  "gsuite_plans",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    basePrice: money("base_price").notNull().default(0),
    currency: text("currency", { enum: GSUITE_CURRENCIES }).notNull().default("AUD"),
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull().default("monthly"),
    features: jsonb("features").$type<string[]>(),
    /** Accounts on the plan, kept like gsuite_organizations.account_count (migration 0039). */
    accountCount: integer("account_count").notNull().default(0),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gsuite_plans_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const gsuiteAccounts = pgTable(
  "gsuite_accounts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordCiphertext: text("password_ciphertext"),
    organization: text("organization"),
    organizationId: integer("organization_id").references(() => gsuiteOrganizations.id, {
      onDelete: "set null",
    }),
    planType: text("plan_type").notNull(),
    planId: integer("plan_id").references(() => gsuitePlans.id, { onDelete: "set null" }),
    price: money("price").notNull().default(0),
    paymentCurrency: text("payment_currency", { enum: GSUITE_CURRENCIES }).notNull().default("AUD"),
    paymentFrequency: text("payment_frequency", { enum: BILLING_CYCLES })
      .notNull()
      .default("monthly"),
    assignedToUserId: integer("assigned_to_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    notes: text("notes"),
    status: text("status", { enum: GSUITE_ACCOUNT_STATUSES }).notNull().default("active"),
    // Set on rows a workspace sync created (issue 33, decision 0056); null on hand-made rows.
    syncProvider: text("sync_provider", { enum: SYNC_PROVIDERS }),
    externalId: text("external_id"),
    // What unused seats are judged from (issue 33); null = not known.
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    holderSuspended: boolean("holder_suspended"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gsuite_accounts_email_lower_idx").on(sql`lower(${t.email})`),
    // The accounts list's orders (by e-mail; by organization or plan type, then e-mail; by
    // creation), id last, each in one direction so that one index walks either way (decision
    // 0042). email rides along as a key column so a page's ids come from an index-only scan
    // (PostgreSQL needs the column under lower() in the index for that): a deep page then
    // skips index entries, not table rows (lib/paging.ts, a page read ids first).
    index("gsuite_accounts_email_order_idx").on(sql`lower(${t.email})`, t.id, t.email),
    // Accounts without an organization name go last either way (the keyset's null flag).
    index("gsuite_accounts_organization_order_idx").on(
      sql`(${t.organization} is null)`,
      t.organization,
      sql`lower(${t.email})`,
      t.id,
      t.email,
    ),
    index("gsuite_accounts_organization_desc_order_idx").on(
      sql`(${t.organization} is not null)`,
      t.organization,
      sql`lower(${t.email})`,
      t.id,
      t.email,
    ),
    index("gsuite_accounts_plan_type_order_idx").on(
      t.planType,
      sql`lower(${t.email})`,
      t.id,
      t.email,
    ),
    index("gsuite_accounts_created_at_idx").on(t.createdAt, t.id),
    index("gsuite_accounts_assigned_to_user_id_idx").on(t.assignedToUserId),
    // One organization's accounts by e-mail (the G Suite page's organization filter), a walk
    // however many accounts the others hold: walking the e-mail index past the other
    // organizations' rows, or sorting all of this one's, grows with the table (decision 0042).
    // Its leading column serves the per-organization counts and the foreign key.
    index("gsuite_accounts_organization_email_idx").on(
      t.organizationId,
      sql`lower(${t.email})`,
      t.id,
      t.email,
    ),
    // Plan use counts, the summary's join and the 409 on deleting a plan in use.
    index("gsuite_accounts_plan_id_idx").on(t.planId),
    // The accounts table's search (ILIKE '%text%' over email, organization and plan type).
    index("gsuite_accounts_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("gsuite_accounts_organization_trgm_idx")
      .using("gin", t.organization.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("gsuite_accounts_plan_type_trgm_idx")
      .using("gin", t.planType.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    uniqueIndex("gsuite_accounts_sync_external_idx")
      .on(t.syncProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The unused accounts (licenses/unused-seats.ts), as the license seats' (migration 0060).
    index("gsuite_accounts_sign_in_idx")
      .on(t.lastSignInAt)
      .where(sql`${t.lastSignInAt} is not null`),
    index("gsuite_accounts_suspended_idx").on(t.id).where(sql`${t.holderSuspended}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Cloud hosting (DigitalOcean)
// ---------------------------------------------------------------------------------------------

export const droplets = pgTable("droplets", {
  dropletId: text("droplet_id").primaryKey(),
  name: text("name").notNull(),
  project: text("project"),
  isTemporary: boolean("is_temporary").notNull().default(false),
  firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
  lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
});

export const dropletCosts = pgTable(
  "droplet_costs",
  {
    // 'YYYY-MM'
    invoiceMonth: text("invoice_month").notNull(),
    dropletId: text("droplet_id").notNull(),
    amountUsd: money("amount_usd").notNull(),
    rawData: jsonb("raw_data"),
  },
  (t) => [primaryKey({ columns: [t.invoiceMonth, t.dropletId] })],
);

// One row per import of hosting costs (manual or the daily refresh). A row with no finished_at
// is an import in progress; the single-run lease keeps two imports, on any instance, apart.
export const hostingImports = pgTable(
  "hosting_imports",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["latest", "previous_month"] }).notNull(),
    trigger: text("trigger", { enum: ["manual", "scheduled"] }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome", { enum: ["success", "error"] }),
    message: text("message"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("hosting_imports_started_at_idx").on(t.startedAt)],
);

// One row per CSV import (issue 15). A row with no finished_at is an import in progress; the
// area's single-run lease is what keeps two imports into one list, on any instance, apart
// (server/imports/claim.ts).
export const csvImports = pgTable(
  "csv_imports",
  {
    id: serial("id").primaryKey(),
    area: text("area", { enum: IMPORT_AREAS }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome", { enum: ["success", "error"] }),
    /** Rows written (success) or 0. */
    rows: integer("rows").notNull().default(0),
    message: text("message"),
    /** The uploaded file's name as the browser gave it (null from the API without one). */
    fileName: text("file_name"),
    /**
     * The ids of the rows the import created in its area's table, written with its success: one
     * array on the import's own row, so an undo reads it with the row and deletes by `id = any`
     * (decision 0045). Null for imports from before it was kept (they cannot be undone).
     */
    createdIds: integer("created_ids").array(),
    /** When the import was undone, by whom, and how many of its rows that removed. */
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: integer("undone_by").references(() => users.id, { onDelete: "set null" }),
    undoneRows: integer("undone_rows"),
  },
  (t) => [
    index("csv_imports_area_started_at_idx").on(t.area, t.startedAt),
    // The history, newest first (keyset on started_at, id), all areas or one.
    index("csv_imports_started_at_id_idx").on(t.startedAt, t.id),
    index("csv_imports_area_started_at_id_idx").on(t.area, t.startedAt, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trust reviews (client license assignments)
// ---------------------------------------------------------------------------------------------

export const trustReviews = pgTable(
  "trust_reviews",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    assignedDate: date("assigned_date").notNull(),
    paymentStatus: text("payment_status", { enum: TRUST_REVIEW_PAYMENT_STATUSES })
      .notNull()
      .default("not_paying"),
    clientPaymentAmount: money("client_payment_amount"),
    clientPaymentCurrency: text("client_payment_currency", { enum: CURRENCIES })
      .notNull()
      .default("AUD"),
    paymentFrequency: text("payment_frequency", { enum: BILLING_CYCLES })
      .notNull()
      .default("monthly"),
    lastPaymentDate: date("last_payment_date"),
    nextPaymentDate: date("next_payment_date"),
    isActive: boolean("is_active").notNull().default(true),
    cancellationRequestDate: date("cancellation_request_date"),
    cancellationReason: text("cancellation_reason"),
    approvalStatus: text("approval_status", { enum: TRUST_REVIEW_APPROVAL_STATUSES })
      .notNull()
      .default("pending"),
    approvedBy: text("approved_by"),
    // The client's web domain (the spec shows the field disabled; here it is real and searched).
    domain: text("domain"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("trust_reviews_license_id_idx").on(t.licenseId),
    // The list's three orders with id last (either direction is the same index walked either
    // way), so a page's ids come from an index-only scan (lib/paging.ts); client_name rides
    // along for the same reason as gsuite_accounts' email.
    index("trust_reviews_client_name_lower_idx").on(
      sql`lower(${t.clientName})`,
      t.id,
      t.clientName,
    ),
    index("trust_reviews_created_at_idx").on(t.createdAt, t.id),
    index("trust_reviews_assigned_date_idx").on(t.assignedDate, t.id),
    index("trust_reviews_client_name_trgm_idx")
      .using("gin", t.clientName.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("trust_reviews_domain_trgm_idx")
      .using("gin", t.domain.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("trust_reviews_notes_trgm_idx")
      .using("gin", t.notes.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

// ---------------------------------------------------------------------------------------------
// Expense Analysis's kept cost groups (issue 30 item 7, decision 0061)
// ---------------------------------------------------------------------------------------------

/**
 * Every license summed per start (purchase date, else the day it was added), currency and
 * frequency: the grouping Expense Analysis's licenses begin with, kept by statement triggers on
 * licenses (migration 0048) so that the summary reads a few hundred groups instead of every
 * license. `paid` counts the licenses with an amount: a group without one has no amount, as a
 * sum over nulls has none. Sums of exact decimals: the same figures as grouping the table.
 */
export const licenseCostGroups = pgTable(
  "license_cost_groups",
  {
    start: date("start").notNull(),
    currency: text("currency").notNull(),
    frequency: text("frequency").notNull(),
    licenses: integer("licenses").notNull(),
    seats: integer("seats").notNull(),
    paid: integer("paid").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.start, t.currency, t.frequency] }),
    // The triggers remove emptied groups through it: never more than a statement emptied.
    index("license_cost_groups_empty_idx").on(t.start).where(sql`${t.licenses} = 0`),
  ],
);

/**
 * The rates license_payment_groups are converted at: per license currency and display currency,
 * the factor the calendar's SQL multiplies by (server/money/rates-sql.ts), written whole by
 * keepLicensePaymentGroups (server/expenses/license-payment-groups.ts) when the rates change.
 */
export const licensePaymentFactors = pgTable(
  "license_payment_factors",
  {
    currency: text("currency").notNull(),
    target: text("target").notNull(),
    factor: numeric("factor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.target] })],
);

/**
 * The paying licenses (purchase date, amount, a recurring frequency, not cancelled) per display
 * currency, purchase date and frequency: how many, and the sum of their amounts converted at
 * license_payment_factors and rounded to cents one license at a time, as the calendar's events
 * are (decision 0062). Kept by statement triggers like license_cost_groups (migration 0057).
 */
export const licensePaymentGroups = pgTable(
  "license_payment_groups",
  {
    target: text("target").notNull(),
    start: date("start").notNull(),
    frequency: text("frequency").notNull(),
    licenses: integer("licenses").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.target, t.start, t.frequency] }),
    // The triggers remove emptied groups through it: never more than a statement emptied.
    index("license_payment_groups_empty_idx").on(t.start).where(sql`${t.licenses} = 0`),
  ],
);

/**
 * The billing listings (not deleted, not cancelled, with an amount) summed per day added,
 * currency, frequency and one-time, kept like license_cost_groups (migration 0048).
 */
export const directoryCostGroups = pgTable(
  "directory_cost_groups",
  {
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    months: integer("months").notNull(),
    isOneTime: boolean("is_one_time").notNull(),
    listings: integer("listings").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency, t.months, t.isOneTime] }),
    index("directory_cost_groups_empty_idx").on(t.day).where(sql`${t.listings} = 0`),
  ],
);

/**
 * G Suite accounts summed per day added and billing group: a plan (plan_id), or for accounts
 * without one their plan type and currency (plan_id 0; plan_type and currency '' when a plan
 * bills them, so that the key has no nulls). The billing per plan (gsuite/plan-groups-sql.ts) and
 * Expense Analysis's chart read these instead of every account; kept like license_cost_groups
 * (migration 0050).
 */
export const gsuiteCostGroups = pgTable(
  "gsuite_cost_groups",
  {
    day: date("day").notNull(),
    planId: integer("plan_id").notNull(),
    planType: text("plan_type").notNull(),
    currency: text("currency").notNull(),
    accounts: integer("accounts").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.planId, t.planType, t.currency] }),
    index("gsuite_cost_groups_empty_idx").on(t.day).where(sql`${t.accounts} = 0`),
  ],
);

/**
 * Trust reviews summed per payment currency and frequency: the counts of the Trust Reviews
 * summary cards and the revenue of active clients paying in full or in part (`revenue_n` counts
 * the amounts in it: without any there is no revenue, as a sum over nothing has none). Kept by
 * statement triggers on trust_reviews (migration 0052), like license_cost_groups.
 */
export const trustReviewGroups = pgTable(
  "trust_review_groups",
  {
    currency: text("currency").notNull(),
    frequency: text("frequency").notNull(),
    total: integer("total").notNull(),
    active: integer("active").notNull(),
    paying: integer("paying").notNull(),
    notPaying: integer("not_paying").notNull(),
    partial: integer("partial").notNull(),
    pending: integer("pending").notNull(),
    revenueN: integer("revenue_n").notNull(),
    revenue: numeric("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.frequency] })],
);

/**
 * The licenses lent to active clients (licenses.active_trust_reviews > 0) summed per payment
 * currency and frequency: their cost, the seats the clients use and the seats there are. Kept by
 * statement triggers on licenses (migration 0052), which also see the lent counts move.
 */
export const lentLicenseGroups = pgTable(
  "lent_license_groups",
  {
    currency: text("currency").notNull(),
    frequency: text("frequency").notNull(),
    licenses: integer("licenses").notNull(),
    paid: integer("paid").notNull(),
    amount: numeric("amount").notNull(),
    used: integer("used").notNull(),
    seats: integer("seats").notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.frequency] })],
);

/**
 * Every office account counted per status and payment currency, with the sum of their amounts:
 * the grouping the dashboard's office accounts section reads for administrators (who see every
 * account), kept by statement triggers on accounts (migration 0062, decision 0068) so that it
 * reads a few groups instead of every account. `paid` counts the accounts with an amount: a group
 * without one has no amount, as a sum over nulls has none.
 */
export const officeAccountGroups = pgTable(
  "office_account_groups",
  {
    status: text("status", { enum: ACCOUNT_STATUSES }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    accounts: integer("accounts").notNull(),
    paid: integer("paid").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.currency] })],
);

// ---------------------------------------------------------------------------------------------
// Activity log (decision 0021)
// ---------------------------------------------------------------------------------------------

// Who changed what, written in the transaction of the change (server/activity/record.ts). Rows are
// never updated, and deleted only by retention: a trigger (migration) refuses anything else, so
// not even a bug in a route can rewrite history. No foreign key to users: deleting a person must
// neither delete nor rewrite (set null) the record of what they did; the reader joins by id.
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id"),
    via: text("via", { enum: ACTIVITY_VIAS }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    action: text("action", { enum: ACTIVITY_ACTIONS }).notNull(),
    area: text("area", { enum: ACTIVITY_AREAS }).notNull(),
    itemId: integer("item_id"),
    // The item's name when it happened (a deleted item keeps its name in the log).
    itemLabel: text("item_label"),
    changes: jsonb("changes"),
    detail: jsonb("detail"),
  },
  (t) => [
    // Newest first, then each filter with the same order after it, id last so pages are stable.
    index("activity_log_occurred_at_idx").on(t.occurredAt, t.id),
    index("activity_log_user_idx").on(t.userId, t.occurredAt, t.id),
    index("activity_log_area_idx").on(t.area, t.occurredAt, t.id),
    index("activity_log_action_idx").on(t.action, t.occurredAt, t.id),
    // Area and action together (the Activity page's two filters): the page walks this index in
    // order and the total counts it alone, however rare the pair (decision 0021, amended).
    index("activity_log_area_action_idx").on(t.area, t.action, t.occurredAt, t.id),
    // One item's history (the dialogs' History tab).
    index("activity_log_item_idx").on(t.area, t.itemId, t.occurredAt, t.id),
    // The page's search over item names (ILIKE '%text%'): without it, a scan of the whole log.
    index("activity_log_item_label_trgm_idx")
      .using("gin", t.itemLabel.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

// ---------------------------------------------------------------------------------------------
// E-mail reminders (issue 16, docs/decisions/0026-email-reminders.md)
// ---------------------------------------------------------------------------------------------

/** An administrator's reminder offsets for one obligation kind; no row = 30, 15 and 7 days. */
export const reminderOffsets = pgTable("reminder_offsets", {
  kind: text("kind").primaryKey(),
  days: integer("days").array().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row (id 1). The last day whose reminders were planned: a pass plans the days after it up
 * to its own (and its own again, for what became due since), so downtime is caught up and no
 * earlier day is planned twice. Passes take turns through the single-run lease (job_leases).
 */
export const reminderPassState = pgTable("reminder_pass_state", {
  id: integer("id").primaryKey(),
  lastPlannedDay: date("last_planned_day"),
  updatedAt: updatedAt(),
});

/**
 * The single-run leases (server/db/lease.ts): one row per job that one instance at a time may
 * run, naming the holder and when its hold runs out unless renewed (decision 0035).
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The send ledger and outbox in one: a row per mail to send (a reminder, a digest, an assignment
 * change) under a unique key, so planning twice inserts nothing new; its status, attempts and
 * next attempt drive delivery and retries. A reminder folded into a digest keeps its own row
 * (status in_digest) so it is never mailed again on its own.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    /**
     * notification: a chat or webhook alert (issue 34), sent to its channel, not by mail; alert:
     * the same alert mailed to an administrator (mail/admin-alert-mail.ts).
     */
    kind: text("kind", {
      enum: ["reminder", "digest", "assignment", "alert", "notification"],
    }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A notification's channel; recipient then holds the channel's name, textBody the request body. */
    channelId: integer("channel_id").references(() => notificationChannels.id, {
      onDelete: "cascade",
    }),
    /** The event a notification is about (null for a channel's test message). */
    eventId: integer("event_id").references(() => notificationEvents.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** The day it was planned for (the pass day), or the day of the assignment change. */
    day: date("day").notNull(),
    /**
     * A reminder or digest written for an administrator (every obligation, with amounts): if the
     * recipient is no longer one when it is due, it is cancelled. Older rows count as such.
     */
    plannedForAdmin: boolean("planned_for_admin").notNull().default(true),
    /** cancelled: not sent because its recipient was deactivated or lost access since. */
    status: text("status", {
      enum: ["pending", "sending", "sent", "failed", "in_digest", "expired", "cancelled"],
    }).notNull(),
    /**
     * A reminder folded into a digest: that digest's key. A day can have several digests for a
     * person (what became due after the first went gets its own), each about its own reminders.
     */
    digestKey: text("digest_key"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While sending: the claim's end, after which another pass may take the row over. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reminder_deliveries_key_idx").on(t.key),
    index("reminder_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // A digest's reminders, read when it is due (recipient-check.ts).
    index("reminder_deliveries_digest_key_idx")
      .on(t.digestKey)
      .where(sql`${t.digestKey} is not null`),
    // An event's deliveries: the retention's "all finished" test and the cascade of its delete
    // (notifications/event-retention.ts), which would otherwise read the whole outbox per event.
    index("reminder_deliveries_event_id_idx").on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Chat and webhook alerts (issue 34)
// ---------------------------------------------------------------------------------------------

/**
 * Where alerts go: a Slack or Teams incoming webhook or a generic signed webhook. The URL is a
 * secret (whoever has it can post to the channel): sealed, shown masked, never logged.
 */
export const notificationChannels = pgTable("notification_channels", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: NOTIFICATION_CHANNEL_KINDS }).notNull(),
  name: text("name").notNull(),
  urlSealed: text("url_sealed").notNull(),
  /** For lists: scheme and host, the rest hidden but its last 4 characters. */
  urlMasked: text("url_masked").notNull(),
  /** The HMAC key of the generic webhook's signature; shown once, in the create answer. */
  signingSecretSealed: text("signing_secret_sealed").notNull(),
  events: text("events", { enum: NOTIFICATION_EVENT_TYPES }).array().notNull().default(sql`'{}'`),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What happened, once: written in the transaction of the change (notifications/emit.ts), with
 * one outbox row (reminder_deliveries, kind notification) per channel that chose its type. The
 * key makes a second emit of the same event write nothing.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: NOTIFICATION_EVENT_TYPES }).notNull(),
    key: text("key").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    itemArea: text("item_area"),
    itemId: integer("item_id"),
    itemLabel: text("item_label"),
    /** The app path of the item (made absolute with PUBLIC_URL when rendered). */
    link: text("link"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex("notification_events_key_idx").on(t.key),
    index("notification_events_occurred_idx").on(t.occurredAt),
  ],
);

/**
 * The monthly budgets (one row, id 1; issue 34): in the display currency they were set in,
 * overall and per source, each null for none. Expense Analysis shows spend against them and the
 * reminder pass alerts at 80% and 100% of a month's (notifications/budget-alerts.ts).
 */
export const budgets = pgTable("budgets", {
  id: integer("id").primaryKey().default(1),
  currency: text("currency").notNull(),
  total: money("total"),
  licenses: money("licenses"),
  directories: money("directories"),
  gsuite: money("gsuite"),
  hosting: money("hosting"),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// The encryption key check (issue 28)
// ---------------------------------------------------------------------------------------------

/**
 * One row (id 1): a fixed text sealed with the key the data was set up with, stored at the first
 * start. A start whose key does not open it is refused (lib/secrets/key-check.ts), so no secret is
 * ever sealed under a wrong key. A backup of the database carries it along with the secrets.
 */
export const encryptionKeyCheck = pgTable("encryption_key_check", {
  id: integer("id").primaryKey(),
  sealed: text("sealed").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Workspace sync (issue 33, decision 0056)
// ---------------------------------------------------------------------------------------------

/** One sync of a provider, manual or scheduled; a failed run is kept too (it wrote no data). */
export const integrationRuns = pgTable(
  "integration_runs",
  {
    id: serial("id").primaryKey(),
    provider: text("provider", { enum: SYNC_PROVIDERS }).notNull(),
    trigger: text("trigger", { enum: ["manual", "scheduled"] }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome", { enum: ["succeeded", "failed"] }).notNull(),
    /** SyncCounts (server/integrations/connector.ts); null on a failed run. */
    counts: jsonb("counts").$type<Record<string, number>>(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** Who asked; null for the daily run. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("integration_runs_provider_started_idx").on(t.provider, t.startedAt.desc())],
);
