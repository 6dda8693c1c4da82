// The columns of each area's import file: the header people see (and the template carries), the
// request field it fills, and how a cell becomes that field's value. The values then go through
// the area's own create schema (the form's rules), so an import refuses what the form refuses.
//
import {
  ACCOUNT_PROVIDERS,
  ACCOUNT_STATUSES,
  BILLING_CYCLES,
  CURRENCIES,
  GSUITE_ACCOUNT_STATUSES,
  GSUITE_CURRENCIES,
  HARDWARE_STATUSES,
  LICENSE_TYPES,
  PAYMENT_FREQUENCIES,
  RENEWAL_STATUSES,
  ROLES,
  TRUST_REVIEW_APPROVAL_STATUSES,
  TRUST_REVIEW_PAYMENT_STATUSES,
} from "../enums";

// Headers are matched loosely (case, spaces and punctuation ignored, and the API field name is
// accepted too: 'License Key', 'license key', 'licenseKey'), so a file written by a spreadsheet
// or by this app's export reads back without renaming columns.

export const IMPORT_AREAS = [
  "licenses",
  "hardware",
  "users",
  "directories",
  "accounts",
  "seats",
  "account-assignments",
  "gsuite-organizations",
  "gsuite-plans",
  "gsuite-accounts",
  "trust-reviews",
] as const;
export type ImportArea = (typeof IMPORT_AREAS)[number];

export const IMPORT_AREA_LABELS: Record<ImportArea, string> = {
  licenses: "licenses",
  hardware: "hardware items",
  users: "users",
  directories: "directory listings",
  accounts: "office accounts",
  seats: "license seats",
  "account-assignments": "office account assignments",
  "gsuite-organizations": "G Suite organizations",
  "gsuite-plans": "G Suite plans",
  "gsuite-accounts": "G Suite accounts",
  "trust-reviews": "client license assignments",
};

/**
 * text: the cell as written (blank → no value, so the schema's default applies);
 * flag: true/false, yes/no, 1/0; specs: the hardware dialog's 'Name: value' lines;
 * date: ISO, m/d/y, d/m/y or d.m.y (values.ts); amount: currency symbols, thousands separators
 * and a decimal comma allowed (values.ts).
 */
export type ImportCellKind = "text" | "flag" | "specs" | "date" | "amount";

export interface ImportColumn {
  header: string;
  field: string;
  kind: ImportCellKind;
  /** The values a text cell may take, matched like headers ('Multi-User' → 'multi-user'). */
  choices?: readonly string[];
  /**
   * Other tools' words for those values (normalised like headers → the value), so a file
   * exported elsewhere lands without an edit: Snipe-IT's default status labels, for one.
   */
  choiceWords?: Readonly<Record<string, string>>;
  /** The file must have this column (the field has no default). */
  required?: boolean;
  /** A secret (license key, password): sealed on the way in, never shown back in clear. */
  secret?: boolean;
  /** The template's example row. */
  example: string;
  /**
   * Not a column of the template but a field a file's column may be mapped to, folded into the
   * area's own fields before the form's schema (First Name + Last Name into the full name).
   */
  extra?: boolean;
}

const text = (header: string, field: string, example: string, required = false): ImportColumn => ({
  header,
  field,
  kind: "text",
  example,
  ...(required ? { required } : {}),
});
const choice = (
  header: string,
  field: string,
  choices: readonly string[],
  example: string,
  required = false,
): ImportColumn => ({ ...text(header, field, example, required), choices });
const flag = (header: string, field: string, example: string): ImportColumn => ({
  header,
  field,
  kind: "flag",
  example,
});
const date = (header: string, field: string, example: string): ImportColumn => ({
  ...text(header, field, example),
  kind: "date",
});
const amount = (header: string, field: string, example: string, required = false) => ({
  ...text(header, field, example, required),
  kind: "amount" as const,
});
const extra = (header: string, field: string): ImportColumn => ({
  ...text(header, field, ""),
  extra: true,
});

/**
 * Snipe-IT's default status labels (its seeded Ready to Deploy, Deployed, Pending, Archived, Out
 * for Diagnostics, Out for Repair, Broken - Not Fixable, Lost/Stolen), as hardware statuses: in
 * use or ready for it is active, away to be mended is maintenance, set up for someone but not
 * yet handed over is reserved, gone for good is retired. Keys normalised like headers.
 */
const SNIPE_IT_STATUS_WORDS: Readonly<Record<string, string>> = {
  readytodeploy: "active",
  deployed: "active",
  deployable: "active",
  pending: "reserved",
  outfordiagnostics: "maintenance",
  outforrepair: "maintenance",
  archived: "retired",
  brokennotfixable: "retired",
  loststolen: "retired",
};

export const IMPORT_COLUMNS: Record<ImportArea, readonly ImportColumn[]> = {
  licenses: [
    text("Name", "name", "Design Suite", true),
    choice("License Type", "licenseType", LICENSE_TYPES, "multi-user"),
    { ...text("License Key", "licenseKey", "ABCD-EFGH-IJKL-MNOP", true), secret: true },
    text("Username", "username", "design@example.com"),
    text("Order ID", "orderId", "ORD-1001"),
    text("Product", "product", "SEO Spider"),
    text("Status", "status", "Active"),
    text("Total Seats", "totalSeats", "5"),
    text("Low-Seat Threshold", "lowSeatThreshold", "1"),
    date("Purchase Date", "purchaseDate", "2026-01-15"),
    date("Expiry Date", "expiryDate", "2027-01-15"),
    amount("Payment Amount", "paymentAmount", "259.00"),
    choice("Payment Currency", "paymentCurrency", CURRENCIES, "USD"),
    choice("Payment Frequency", "paymentFrequency", PAYMENT_FREQUENCIES, "annually"),
    flag("Auto Renew", "autoRenew", "false"),
    choice("Renewal Status", "renewalStatus", RENEWAL_STATUSES, "manual"),
    text("Notes", "notes", ""),
  ],
  hardware: [
    text("Name", "name", "MacBook Pro 14", true),
    text("Type", "type", "laptop", true),
    text("Serial Number/Identifier", "identifier", "C02XK0AAJGH5", true),
    text("Location", "location", "Sydney office"),
    {
      ...choice("Status", "status", HARDWARE_STATUSES, "active"),
      choiceWords: SNIPE_IT_STATUS_WORDS,
    },
    date("Purchase Date", "purchaseDate", "2026-02-01"),
    date("Warranty Expiry", "warrantyExpiry", "2029-02-01"),
    text("PC Name", "pcName", "SYD-LT-042"),
    { header: "Specifications", field: "specs", kind: "specs", example: "RAM: 16 GB" },
    text("Notes", "notes", ""),
    // A category names the type when it is one ('Laptops'); any other is kept in the specs.
    extra("Category", "category"),
  ],
  users: [
    text("Username", "username", "jsmith", true),
    text("Full Name", "fullName", "Jo Smith"),
    text("Email", "email", "jo.smith@example.com"),
    text("Department", "department", "Marketing"),
    choice("Role", "role", ROLES, "user"),
    flag("Active", "isActive", "true"),
    extra("First Name", "firstName"),
    extra("Last Name", "lastName"),
  ],
  directories: [
    text("Name", "name", "Yellow Pages", true),
    text("URL", "url", "https://www.yellowpages.com.au"),
    text("Location", "location", "Sydney"),
    amount("Payment Amount", "paymentAmount", "120.00", true),
    choice("Payment Currency", "paymentCurrency", CURRENCIES, "AUD"),
    text("Payment Frequency (Months)", "paymentFrequencyMonths", "12"),
    flag("One-Time", "isOneTime", "false"),
    flag("Cancelled", "isCancelled", "false"),
    date("Next Payment Date", "nextPaymentDate", "2027-03-01"),
    date("Last Payment Date", "lastPaymentDate", "2026-03-01"),
    text("Notes", "notes", ""),
  ],
  accounts: [
    text("Email", "email", "office1@example.com", true),
    { ...text("Password", "password", "change-me-2026", true), secret: true },
    choice("Provider", "provider", ACCOUNT_PROVIDERS, "microsoft365", true),
    choice("Status", "status", ACCOUNT_STATUSES, "active"),
    text("Payment Method", "paymentMethod", "Company card"),
    text("Payment Details", "paymentDetails", "Visa ending 4242"),
    date("Renewal Date", "renewalDate", "2027-01-01"),
    amount("Payment Amount", "paymentAmount", "12.50"),
    choice("Payment Currency", "paymentCurrency", CURRENCIES, "AUD"),
    text("Notes", "notes", ""),
  ],
  // The license by name and the person by username or e-mail: the examples are the licenses and
  // users templates' own.
  seats: [
    text("License", "license", "Design Suite", true),
    text("User", "user", "jsmith", true),
    date("Assigned Date", "assignedDate", "2026-01-15"),
    text("Notes", "notes", ""),
  ],
  // The account by its e-mail address (the accounts template's example) and the person as above.
  "account-assignments": [
    text("Account", "account", "office1@example.com", true),
    text("User", "user", "jsmith", true),
    text("Assigned To", "assignedTo", "Jo Smith"),
    text("Device Name", "deviceName", "SYD-LT-042", true),
    { ...date("Assigned Date", "assignedDate", "2026-01-15"), required: true },
    text("Notes", "notes", ""),
  ],
  "gsuite-organizations": [
    text("Name", "name", "Example Pty Ltd", true),
    text("Domain", "domain", "example.com", true),
    text("Description", "description", ""),
  ],
  "gsuite-plans": [
    text("Name", "name", "Business Starter", true),
    amount("Base Price", "basePrice", "8.40", true),
    choice("Currency", "currency", GSUITE_CURRENCIES, "AUD"),
    choice("Billing Frequency", "billingCycle", BILLING_CYCLES, "monthly"),
    text("Description", "description", ""),
  ],
  // The organization and the plan by name (an organization also by its domain, as the accounts
  // list shows it): the import finds them; the example names the templates' own.
  "gsuite-accounts": [
    text("Email", "email", "jo.smith@example.com", true),
    { ...text("Password", "password", "change-me-2026"), secret: true },
    text("Organization", "organization", "example.com"),
    text("Plan Type", "planType", "Business Starter", true),
    amount("Price", "price", "8.40"),
    choice("Currency", "paymentCurrency", GSUITE_CURRENCIES, "AUD"),
    choice("Frequency", "paymentFrequency", BILLING_CYCLES, "monthly"),
    choice("Status", "status", GSUITE_ACCOUNT_STATUSES, "active"),
    text("Notes", "notes", ""),
  ],
  // The license by name (the licenses template's example).
  "trust-reviews": [
    text("Client", "clientName", "Acme Pty Ltd", true),
    text("License", "license", "Design Suite", true),
    text("Domain", "domain", "acme.example"),
    { ...date("Assigned Date", "assignedDate", "2026-01-15"), required: true },
    choice("Payment Status", "paymentStatus", TRUST_REVIEW_PAYMENT_STATUSES, "paying"),
    amount("Payment Amount", "clientPaymentAmount", "150.00"),
    choice("Currency", "clientPaymentCurrency", CURRENCIES, "AUD"),
    choice("Payment Frequency", "paymentFrequency", BILLING_CYCLES, "monthly"),
    date("Last Payment Date", "lastPaymentDate", "2026-01-15"),
    date("Next Payment Date", "nextPaymentDate", "2026-02-15"),
    flag("Active", "isActive", "true"),
    date("Cancellation Request Date", "cancellationRequestDate", ""),
    text("Cancellation Reason", "cancellationReason", ""),
    choice("Approval", "approvalStatus", TRUST_REVIEW_APPROVAL_STATUSES, "pending"),
    text("Notes", "notes", ""),
  ],
};

/** 'License Key', 'license_key', 'licenseKey' → 'licensekey'. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The template file's header row and one example row. */
export function templateRows(area: ImportArea): string[][] {
  const columns = IMPORT_COLUMNS[area].filter((column) => !column.extra);
  return [columns.map((column) => column.header), columns.map((column) => column.example)];
}
