// Every enumeration of the data model, defined once: the database schema (schema.ts), the request
// and response schemas and the client's selects all import these lists, so a value added here
// reaches the column, the validation message's list and the form together.

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

// ---------------------------------------------------------------------------------------------
// Money and recurrence
// ---------------------------------------------------------------------------------------------

/** Currencies of licenses, office accounts, directories and trust reviews. */
export const CURRENCIES = ["USD", "AUD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_FREQUENCIES = [
  "daily",
  "weekly",
  "monthly",
  "quarterly",
  "annually",
  "one-time",
] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** The two billing cycles of G Suite plans, G Suite accounts and trust reviews. */
export const BILLING_CYCLES = ["monthly", "annually"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

// ---------------------------------------------------------------------------------------------
// Licenses
// ---------------------------------------------------------------------------------------------

export const LICENSE_TYPES = ["single-user", "multi-user", "team", "enterprise"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const RENEWAL_STATUSES = ["auto", "manual", "cancelled"] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** The status a license's badge shows, computed from its dates (domain/license-status.ts). */
export const LICENSE_STATUS_KEYS = [
  "auto-renewing",
  "unknown",
  "expired",
  "expiring",
  "active",
] as const;
export type LicenseStatusKey = (typeof LICENSE_STATUS_KEYS)[number];

/** The license list's status filter. */
export const LICENSE_STATUS_FILTERS = ["all", "active", "expiring", "expired"] as const;
export type LicenseStatusFilter = (typeof LICENSE_STATUS_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Hardware
// ---------------------------------------------------------------------------------------------

/** The stored hardware types; every screen's list maps onto these (domain/hardware-types.ts). */
export const HARDWARE_TYPES = [
  "laptop",
  "desktop",
  "monitor",
  "phone",
  "tablet",
  "keyboard",
  "mouse",
  "printer",
  "server",
  "network",
  "storage",
  "headset",
  "camera",
  "hard-drive",
  "docking-station",
  "cable",
  "peripheral",
  "other",
] as const;
export type HardwareType = (typeof HARDWARE_TYPES)[number];

export const HARDWARE_STATUSES = ["active", "maintenance", "reserved", "retired"] as const;
export type HardwareStatus = (typeof HARDWARE_STATUSES)[number];

export const HARDWARE_REQUEST_TYPES = ["existing", "new"] as const;
export type HardwareRequestType = (typeof HARDWARE_REQUEST_TYPES)[number];

export const HARDWARE_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type HardwareRequestStatus = (typeof HARDWARE_REQUEST_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Office accounts and G Suite
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_PROVIDERS = ["microsoft365", "google", "gsuite", "adobe", "other"] as const;
export type AccountProvider = (typeof ACCOUNT_PROVIDERS)[number];

export const ACCOUNT_STATUSES = ["active", "inactive", "expired"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** G Suite prices are kept in these currencies (the spec's plans include INR). */
export const GSUITE_CURRENCIES = ["AUD", "USD", "INR"] as const;
export type GsuiteCurrency = (typeof GSUITE_CURRENCIES)[number];

/** Every currency an amount may be stored in, and so every currency a rate may convert. */
export const RATE_CURRENCIES = ["USD", "AUD", "EUR", "GBP", "INR"] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export const GSUITE_ACCOUNT_STATUSES = ["active", "inactive", "suspended"] as const;
export type GsuiteAccountStatus = (typeof GSUITE_ACCOUNT_STATUSES)[number];

/** Kinds of stored secret other than a license key whose reveals go to secret_reveal_logs. */
export const SECRET_ENTITY_TYPES = ["account", "gsuite_account"] as const;
export type SecretEntityType = (typeof SECRET_ENTITY_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Trust reviews
// ---------------------------------------------------------------------------------------------

export const TRUST_REVIEW_PAYMENT_STATUSES = ["paying", "not_paying", "partial"] as const;
export type TrustReviewPaymentStatus = (typeof TRUST_REVIEW_PAYMENT_STATUSES)[number];

export const TRUST_REVIEW_APPROVAL_STATUSES = ["pending", "approved", "rejected", "keep"] as const;
export type TrustReviewApprovalStatus = (typeof TRUST_REVIEW_APPROVAL_STATUSES)[number];

/** The trust reviews list's filter tabs (spec part 2, 'Trust Reviews'; query `status`). */
export const TRUST_REVIEW_STATUS_FILTERS = [
  "all",
  "active",
  "inactive",
  "paying",
  "not_paying",
  "partial",
] as const;
export type TrustReviewStatusFilter = (typeof TRUST_REVIEW_STATUS_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Directory listings
// ---------------------------------------------------------------------------------------------

/** Months between payments: Monthly, Quarterly, Bi-annually, Annually. */
export const DIRECTORY_FREQUENCY_MONTHS = [1, 3, 6, 12] as const;
export type DirectoryFrequencyMonths = (typeof DIRECTORY_FREQUENCY_MONTHS)[number];

/** A listing's derived status (domain/directories.ts). */
export const DIRECTORY_STATUSES = ["active", "one-off", "cancelled"] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];

export const DIRECTORY_STATUS_FILTERS = ["all", ...DIRECTORY_STATUSES] as const;
export type DirectoryStatusFilter = (typeof DIRECTORY_STATUS_FILTERS)[number];
