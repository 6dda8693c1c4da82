// Request schemas and response shapes of the Licenses area: licenses, assignments, renewals and
// the license view log (spec part 1, sections 3 and 5). Shared by the forms and the server.
import { z } from "zod";
import { isIsoDate } from "../dates";
import { CURRENCIES } from "../money";
import { PAYMENT_FREQUENCIES } from "../recurrence";
import { idSchema, optionalDate, optionalText } from "./common";

export const LICENSE_TYPES = ["single-user", "multi-user", "team", "enterprise"] as const;
export const RENEWAL_STATUSES = ["auto", "manual", "cancelled"] as const;
export const MAX_LICENSE_KEY_LENGTH = 500;
export const MAX_SEATS = 100_000;
// numeric(12,2) holds up to 10 digits before the point.
export const MAX_AMOUNT = 9_999_999_999.99;

export const PAYMENT_AMOUNT_MESSAGE = "Payment amount must be a valid number, 0 or greater";
export const TOTAL_SEATS_MESSAGE = "Total seats must be a positive integer";
export const RENEWAL_AMOUNT_MESSAGE = "Renewal amount must be a valid number greater than zero";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** Forms send numbers as strings: '12.5' → 12.5; anything non-numeric is left to fail. */
const numericString = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return value;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : value;
};

const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(200, "Name must be at most 200 characters");

const licenseKeySchema = z
  .string({ error: "License key is required" })
  .trim()
  .min(1, "License key is required")
  .max(MAX_LICENSE_KEY_LENGTH, `License key must be at most ${MAX_LICENSE_KEY_LENGTH} characters`);

const licenseTypeSchema = z.enum(LICENSE_TYPES, {
  error: "License type must be single-user, multi-user, team or enterprise",
});
const currencySchema = z.enum(CURRENCIES, {
  error: "Payment currency must be USD, AUD, EUR or GBP",
});
const frequencySchema = z.enum(PAYMENT_FREQUENCIES, {
  error: "Payment frequency must be daily, weekly, monthly, quarterly, annually or one-time",
});
const renewalStatusSchema = z.enum(RENEWAL_STATUSES, {
  error: "Renewal status must be auto, manual or cancelled",
});
const autoRenewSchema = z.boolean({ error: "Auto-renew must be true or false" });

const seatsNumber = z
  .number({ error: TOTAL_SEATS_MESSAGE })
  .int(TOTAL_SEATS_MESSAGE)
  .min(1, TOTAL_SEATS_MESSAGE)
  .max(MAX_SEATS, `Total seats must be at most ${MAX_SEATS}`);

// Blank clears the amount (stored as null).
const paymentAmountSchema = z.preprocess(
  (value) => (value === "" ? null : numericString(value)),
  z
    .number({ error: PAYMENT_AMOUNT_MESSAGE })
    .min(0, PAYMENT_AMOUNT_MESSAGE)
    .max(MAX_AMOUNT, "Payment amount is too large")
    .nullable()
    .optional(),
);

const textWithDefault = (fallback: string, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(100, `${label} must be at most 100 characters`)
      .default(fallback),
  );

export const licenseFormSchema = z.object({
  name: nameSchema,
  licenseType: licenseTypeSchema.default("multi-user"),
  licenseKey: licenseKeySchema,
  username: optionalText(200),
  orderId: optionalText(200),
  product: textWithDefault("SEO Spider", "Product"),
  status: textWithDefault("Active", "Status"),
  totalSeats: z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    seatsNumber.default(5),
  ),
  purchaseDate: optionalDate,
  expiryDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  paymentCurrency: currencySchema.default("USD"),
  paymentFrequency: frequencySchema.default("annually"),
  autoRenew: autoRenewSchema.default(false),
  renewalStatus: renewalStatusSchema.default("manual"),
  notes: optionalText(5000),
});
export type LicenseFormInput = z.input<typeof licenseFormSchema>;
export type CreateLicenseRequest = z.output<typeof licenseFormSchema>;

/** PATCH: every field optional, nothing defaulted; a blank license key keeps the current key. */
export const updateLicenseSchema = z.object({
  name: nameSchema.optional(),
  licenseType: licenseTypeSchema.optional(),
  licenseKey: z.preprocess(blankToUndefined, licenseKeySchema.optional()),
  username: optionalText(200),
  orderId: optionalText(200),
  product: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  totalSeats: z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    seatsNumber.optional(),
  ),
  purchaseDate: optionalDate,
  expiryDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  paymentCurrency: currencySchema.optional(),
  paymentFrequency: frequencySchema.optional(),
  autoRenew: autoRenewSchema.optional(),
  renewalStatus: renewalStatusSchema.optional(),
  notes: optionalText(5000),
});
export type UpdateLicenseRequest = z.output<typeof updateLicenseSchema>;

/** Most rows one page of a list may ask for. */
export const MAX_PAGE_SIZE = 500;
/** Most licenses one assignments request may name. */
export const MAX_LICENSE_IDS = 500;
const MAX_OFFSET = 2_147_483_647;
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const OFFSET_MESSAGE = `Offset must be a whole number from 0 to ${MAX_OFFSET}`;
export const LICENSE_IDS_MESSAGE = "licenseIds must be license ids separated by commas";

/** An optional whole number from a query string: only digits are read ('1e2', '1.5' are not). */
function queryInteger(min: number, max: number, message: string) {
  return z.preprocess((value) => {
    if (value === "") return undefined;
    return typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  }, z.number({ error: message }).int(message).min(min, message).max(max, message).optional());
}

/** '3,17,42' (or the parameter repeated) → [3, 17, 42], without duplicates. */
const licenseIdListSchema = z.preprocess(
  (value) => {
    const text = Array.isArray(value) ? value.join(",") : value;
    return typeof text === "string" ? text.split(",").map((part) => part.trim()) : text;
  },
  z
    .array(
      z
        .string({ error: LICENSE_IDS_MESSAGE })
        .regex(/^\d{1,10}$/, LICENSE_IDS_MESSAGE)
        .transform(Number)
        .pipe(z.number().int().min(1, LICENSE_IDS_MESSAGE).max(2_147_483_647, LICENSE_IDS_MESSAGE)),
      { error: LICENSE_IDS_MESSAGE },
    )
    .max(MAX_LICENSE_IDS, `licenseIds can name at most ${MAX_LICENSE_IDS} licenses`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
);

export const licenseListQuerySchema = z.object({
  search: z.string().trim().max(200, "Search must be at most 200 characters").optional(),
  status: z
    .enum(["all", "active", "expiring", "expired"], {
      error: "Status must be all, active, expiring or expired",
    })
    .default("all"),
  sort: z
    .enum(["name", "expiryDate", "cost"], { error: "Sort must be name, expiryDate or cost" })
    .default("name"),
  order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("asc"),
  /** The viewer's calendar date, so the status filter matches the badges they see. */
  today: z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" }).optional(),
  // A page of the list. Without either the whole list is returned (the spec's client reads it
  // whole); with either, the response also carries the matching total in X-Total-Count.
  limit: queryInteger(1, MAX_PAGE_SIZE, LIMIT_MESSAGE),
  offset: queryInteger(0, MAX_OFFSET, OFFSET_MESSAGE),
});
export type LicenseListQuery = z.output<typeof licenseListQuerySchema>;

export const assignmentListQuerySchema = z.object({
  licenseId: idSchema.optional(),
  /** Only the assignments of these licenses ('3,17,42'), e.g. the ones a page of the list shows. */
  licenseIds: licenseIdListSchema,
  active: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: "active must be true or false" }).optional(),
  ),
});
export type AssignmentListQuery = z.output<typeof assignmentListQuerySchema>;

const selectUserMessage = "Please select a user";

export const createAssignmentSchema = z.object({
  licenseId: idSchema,
  userId: z.coerce
    .number({ error: selectUserMessage })
    .int(selectUserMessage)
    .positive(selectUserMessage)
    .max(2_147_483_647, selectUserMessage),
  // Missing → today on the server. The spec's client also sends assignedTo (a display name);
  // it is not read: the server stores the chosen user's own display name.
  assignedDate: optionalDate,
  notes: optionalText(1000),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type CreateAssignmentRequest = z.output<typeof createAssignmentSchema>;

export const createRenewalSchema = z.object({
  licenseId: idSchema,
  previousExpiryDate: optionalDate,
  newExpiryDate: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "New expiry date is required" })
      .refine(isIsoDate, "Must be a date in the form YYYY-MM-DD"),
  ),
  renewalAmount: z.preprocess(
    numericString,
    z
      .number({ error: RENEWAL_AMOUNT_MESSAGE })
      .gt(0, RENEWAL_AMOUNT_MESSAGE)
      .max(MAX_AMOUNT, "Renewal amount is too large"),
  ),
  newLicenseKey: z.preprocess(blankToUndefined, licenseKeySchema.optional()),
  notes: optionalText(1000),
});
export type CreateRenewalRequest = z.output<typeof createRenewalSchema>;

/**
 * The spec's client posts licenseId, userId, ipAddress, userAgent, location and sessionId.
 * Only licenseId is read: who, from where and in which session come from the request itself.
 */
export const createLicenseViewLogSchema = z.object({ licenseId: idSchema });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export type LicenseType = (typeof LICENSE_TYPES)[number];
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** A license as lists and the detail call return it: the key only masked, never in clear. */
export interface LicenseDto {
  id: number;
  name: string;
  licenseType: LicenseType;
  licenseKeyMasked: string;
  username: string | null;
  orderId: string | null;
  product: string;
  status: string;
  totalSeats: number;
  assignedSeats: number;
  seatsLeft: number;
  purchaseDate: string | null;
  expiryDate: string | null;
  paymentAmount: number | null;
  paymentCurrency: (typeof CURRENCIES)[number];
  paymentFrequency: (typeof PAYMENT_FREQUENCIES)[number];
  autoRenew: boolean;
  renewalStatus: RenewalStatus;
  notes: string | null;
  createdAt: string;
}

export interface AssignmentDto {
  id: number;
  licenseId: number;
  licenseName: string;
  userId: number | null;
  /** The user's display name when assigned (kept when the user is later deleted). */
  assignedTo: string;
  assignedDate: string;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
}

export interface RenewalDto {
  id: number;
  licenseId: number;
  previousExpiryDate: string | null;
  newExpiryDate: string;
  renewalAmount: number;
  /** The replacement key issued with this renewal, masked; null when the key was kept. */
  newLicenseKeyMasked: string | null;
  notes: string | null;
  renewedByUserId: number | null;
  renewedAt: string;
}

export interface LicenseViewLogDto {
  id: number;
  licenseId: number;
  userId: number | null;
  username: string | null;
  viewedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  location: string | null;
  sessionId: string | null;
}

export interface RevealLicenseKeyResponse {
  licenseKey: string;
}
