// Request and response schemas of the Licenses area: licenses, assignments, renewals and
// the license view log (spec part 1, sections 3 and 5). Shared by the forms and the server.
import { z } from "zod";
import { isIsoDate } from "../dates";
import {
  CURRENCIES,
  LICENSE_STATUS_FILTERS,
  LICENSE_TYPES,
  PAYMENT_FREQUENCIES,
  RENEWAL_STATUSES,
} from "../enums";
import {
  amountSchema,
  idSchema,
  optionalDate,
  optionalText,
  positiveIdSchema,
  wholeNumberFromString,
} from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { pageQuerySchema, queryDate, queryFlag, sortSchema } from "./paging";

export const MAX_LICENSE_KEY_LENGTH = 500;
export const MAX_SEATS = 100_000;
// numeric(12,2) holds up to 10 digits before the point.
export const MAX_AMOUNT = 9_999_999_999.99;

export const PAYMENT_AMOUNT_MESSAGE = "Payment amount must be a valid number, 0 or greater";
export const TOTAL_SEATS_MESSAGE = "Total seats must be a positive integer";
export const RENEWAL_AMOUNT_MESSAGE = "Renewal amount must be a valid number greater than zero";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

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

export const LOW_SEAT_THRESHOLD_MESSAGE = "Low-seat threshold must be a whole number of seats";
// Blank clears the threshold (no alert).
const lowSeatThresholdSchema = z.preprocess(
  (value) => wholeNumberFromString(value === "" ? null : value),
  z
    .number({ error: LOW_SEAT_THRESHOLD_MESSAGE })
    .int(LOW_SEAT_THRESHOLD_MESSAGE)
    .min(0, LOW_SEAT_THRESHOLD_MESSAGE)
    .max(MAX_SEATS, `Low-seat threshold must be at most ${MAX_SEATS}`)
    .nullable()
    .optional(),
);

// Blank clears the amount (stored as null).
const paymentAmountSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  amountSchema(PAYMENT_AMOUNT_MESSAGE, (amount) =>
    amount
      .min(0, PAYMENT_AMOUNT_MESSAGE)
      .max(MAX_AMOUNT, "Payment amount is too large")
      .nullable()
      .optional(),
  ),
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

export const createLicenseRequestSchema = z.object({
  name: nameSchema,
  licenseType: licenseTypeSchema.default("multi-user"),
  licenseKey: licenseKeySchema,
  username: optionalText(200),
  orderId: optionalText(200),
  product: textWithDefault("SEO Spider", "Product"),
  status: textWithDefault("Active", "Status"),
  totalSeats: z.preprocess(
    (value) => wholeNumberFromString(blankToUndefined(value)),
    seatsNumber.default(5),
  ),
  lowSeatThreshold: lowSeatThresholdSchema,
  purchaseDate: optionalDate,
  expiryDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  paymentCurrency: currencySchema.default("USD"),
  paymentFrequency: frequencySchema.default("annually"),
  autoRenew: autoRenewSchema.default(false),
  renewalStatus: renewalStatusSchema.default("manual"),
  notes: optionalText(5000),
});
/** What the license form holds before parsing (numbers may still be strings). */
export type CreateLicenseRequestInput = z.input<typeof createLicenseRequestSchema>;
export type CreateLicenseRequest = z.output<typeof createLicenseRequestSchema>;

/** PATCH: every field optional, nothing defaulted; a blank license key keeps the current key. */
export const updateLicenseRequestSchema = z.object({
  name: nameSchema.optional(),
  licenseType: licenseTypeSchema.optional(),
  licenseKey: z.preprocess(blankToUndefined, licenseKeySchema.optional()),
  username: optionalText(200),
  orderId: optionalText(200),
  product: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  totalSeats: z.preprocess(
    (value) => wholeNumberFromString(blankToUndefined(value)),
    seatsNumber.optional(),
  ),
  lowSeatThreshold: lowSeatThresholdSchema,
  purchaseDate: optionalDate,
  expiryDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  paymentCurrency: currencySchema.optional(),
  paymentFrequency: frequencySchema.optional(),
  autoRenew: autoRenewSchema.optional(),
  renewalStatus: renewalStatusSchema.optional(),
  notes: optionalText(5000),
});
export type UpdateLicenseRequest = z.output<typeof updateLicenseRequestSchema>;

/** Most licenses one assignments request may name. */
export const MAX_LICENSE_IDS = 500;
export const LICENSE_IDS_MESSAGE = "licenseIds must be license ids separated by commas";

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
        .regex(/^[1-9]\d{0,9}$/, LICENSE_IDS_MESSAGE)
        .transform(Number)
        .pipe(z.number().int().min(1, LICENSE_IDS_MESSAGE).max(2_147_483_647, LICENSE_IDS_MESSAGE)),
      { error: LICENSE_IDS_MESSAGE },
    )
    .max(MAX_LICENSE_IDS, `licenseIds can name at most ${MAX_LICENSE_IDS} licenses`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
);

/**
 * The keys of the license list's sorts, after which the id breaks ties (decision 0040): by name;
 * by expiry date, then name; by monthly cost in USD, then name. No date or no amount sorts last.
 */
export const licenseCursors = listCursors("licenses", {
  name: [keyPart("text")],
  expiryDate: [nullableKeyPart("date"), keyPart("text")],
  cost: [nullableKeyPart("numeric"), keyPart("text")],
});

// A page of the list (limit/offset, or a cursor) comes from the list kit: without either the
// whole list is returned (the spec's client reads it whole); with either, X-Total-Count carries
// the total.
const licenseListFields = pageQuerySchema.extend({
  status: z
    .enum(LICENSE_STATUS_FILTERS, {
      error: "Status must be all, active, expiring or expired",
    })
    .default("all"),
  sort: sortSchema(["name", "expiryDate", "cost"], "name"),
  /** The viewer's calendar date, so the status filter matches the badges they see. */
  today: z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" }).optional(),
  /** Only licenses expiring from this day and to this one (both included; decision 0053). */
  expiryFrom: queryDate("expiryFrom"),
  expiryTo: queryDate("expiryTo"),
  /** Only licenses whose available seats are at or under their low-seat threshold (issue 34). */
  lowSeats: queryFlag("lowSeats").default(false),
  /** Only licenses with an unused seat (issue 33; licenses/unused-seats.ts); 'false' is no filter. */
  unused: queryFlag("unused").optional(),
});
export const licenseListQuerySchema = withKeyset(licenseListFields, licenseCursors);
export type LicenseListQuery = z.output<typeof licenseListQuerySchema>;

// Whole without limit or offset (the spec's client reads it so); a page with X-Total-Count with
// either, newest first like the whole list.
const ASSIGNMENT_PAGE_FIELDS = { limit: true, offset: true, withTotal: true } as const;
/** The assignments' one order: newest first by creation (to the microsecond), then the id. */
export const assignmentCursors = listCursors("assignments", {
  createdAt: [keyPart("timestamptz")],
});
const assignmentListFields = pageQuerySchema.pick(ASSIGNMENT_PAGE_FIELDS).extend({
  licenseId: idSchema.optional(),
  /** Only the assignments of these licenses ('3,17,42'), e.g. the ones a page of the list shows. */
  licenseIds: licenseIdListSchema,
  active: queryFlag("active").optional(),
  /**
   * Only the unused seats (issue 33): active, and their holder disabled at the provider or not
   * signed in for UNUSED_AFTER_DAYS. Only a workspace sync knows sign-ins; 'false' is no filter.
   */
  unused: queryFlag("unused").optional(),
});
export const assignmentListQuerySchema = withKeyset(assignmentListFields, assignmentCursors);
export type AssignmentListQuery = z.output<typeof assignmentListQuerySchema>;

const selectUserMessage = "Please select a user";

export const createAssignmentRequestSchema = z.object({
  licenseId: idSchema,
  userId: positiveIdSchema(selectUserMessage),
  // Missing → today on the server. The spec's client also sends assignedTo (a display name);
  // it is not read: the server stores the chosen user's own display name.
  assignedDate: optionalDate,
  notes: optionalText(1000),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type CreateAssignmentRequest = z.output<typeof createAssignmentRequestSchema>;

export const createRenewalRequestSchema = z.object({
  licenseId: idSchema,
  previousExpiryDate: optionalDate,
  newExpiryDate: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "New expiry date is required" })
      .refine(isIsoDate, "Must be a date in the form YYYY-MM-DD"),
  ),
  renewalAmount: amountSchema(RENEWAL_AMOUNT_MESSAGE, (amount) =>
    amount.gt(0, RENEWAL_AMOUNT_MESSAGE).max(MAX_AMOUNT, "Renewal amount is too large"),
  ),
  newLicenseKey: z.preprocess(blankToUndefined, licenseKeySchema.optional()),
  notes: optionalText(1000),
});
export type CreateRenewalRequest = z.output<typeof createRenewalRequestSchema>;

/**
 * The spec's client posts licenseId, userId, ipAddress, userAgent, location and sessionId.
 * Only licenseId is read: who, from where and in which session come from the request itself.
 */
export const createLicenseViewLogRequestSchema = z.object({ licenseId: idSchema });
export type CreateLicenseViewLogRequest = z.output<typeof createLicenseViewLogRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

// Each route declares these as its response schema and is serialized through them, so a field
// not named here (a key's ciphertext, a column a query happens to select) never leaves the
// server. Dates are 'YYYY-MM-DD' strings, instants ISO 8601 strings.

const instantSchema = z.string();
const calendarDateSchema = z.string();

/** A license as an administrator receives it: every field, the key only masked. */
export const licenseResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  licenseType: z.enum(LICENSE_TYPES),
  licenseKeyMasked: z.string(),
  username: z.string().nullable(),
  orderId: z.string().nullable(),
  product: z.string(),
  status: z.string(),
  totalSeats: z.number(),
  assignedSeats: z.number(),
  seatsLeft: z.number(),
  purchaseDate: calendarDateSchema.nullable(),
  expiryDate: calendarDateSchema.nullable(),
  paymentAmount: z.number().nullable(),
  paymentCurrency: z.enum(CURRENCIES),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  autoRenew: z.boolean(),
  renewalStatus: z.enum(RENEWAL_STATUSES),
  notes: z.string().nullable(),
  createdAt: instantSchema,
  // After the spec's fields, which keep their order (issue 34).
  /** Alert when seatsLeft falls to this or below; null: none. */
  lowSeatThreshold: z.number().int().nullable(),
  /** seatsLeft is at or under the threshold now. */
  lowSeats: z.boolean(),
  /** Active seats whose holder is suspended or has not signed in for UNUSED_AFTER_DAYS. */
  unusedSeats: z.number().int(),
});
export type LicenseResponse = z.infer<typeof licenseResponseSchema>;

/**
 * A license as an ordinary user receives it (their own): what they need to use it. Order id,
 * payment and notes are the administrators' (spec part 1, sections 2.7 and 6).
 */
export const userLicenseResponseSchema = licenseResponseSchema.omit({
  orderId: true,
  paymentAmount: true,
  paymentCurrency: true,
  paymentFrequency: true,
  notes: true,
  lowSeatThreshold: true,
  unusedSeats: true,
});
export type UserLicenseResponse = z.infer<typeof userLicenseResponseSchema>;

export const licenseListResponseSchema = z.array(licenseResponseSchema);
export const userLicenseListResponseSchema = z.array(userLicenseResponseSchema);

export const assignmentResponseSchema = z.object({
  id: z.number(),
  licenseId: z.number(),
  licenseName: z.string(),
  userId: z.number().nullable(),
  /** The user's display name when assigned (kept when the user is later deleted). */
  assignedTo: z.string(),
  assignedDate: calendarDateSchema,
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instantSchema,
  // After the spec's fields (issue 33).
  /** Active, and its holder suspended or not signed in for UNUSED_AFTER_DAYS. */
  unused: z.boolean(),
});
export type AssignmentResponse = z.infer<typeof assignmentResponseSchema>;
export const assignmentListResponseSchema = z.array(assignmentResponseSchema);

export const renewalResponseSchema = z.object({
  id: z.number(),
  licenseId: z.number(),
  previousExpiryDate: calendarDateSchema.nullable(),
  newExpiryDate: calendarDateSchema,
  renewalAmount: z.number(),
  /** The replacement key issued with this renewal, masked; null when the key was kept. */
  newLicenseKeyMasked: z.string().nullable(),
  notes: z.string().nullable(),
  renewedByUserId: z.number().nullable(),
  renewedAt: instantSchema,
});
export type RenewalResponse = z.infer<typeof renewalResponseSchema>;
export const renewalListResponseSchema = z.array(renewalResponseSchema);

export const licenseViewLogResponseSchema = z.object({
  id: z.number(),
  licenseId: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  viewedAt: instantSchema,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  location: z.string().nullable(),
  sessionId: z.string().nullable(),
});
export type LicenseViewLogResponse = z.infer<typeof licenseViewLogResponseSchema>;
export const licenseViewLogListResponseSchema = z.array(licenseViewLogResponseSchema);

/** The one response that carries a key in clear: one license, to someone allowed, logged. */
export const revealLicenseKeyResponseSchema = z.object({ licenseKey: z.string() });
export type RevealLicenseKeyResponse = z.infer<typeof revealLicenseKeyResponseSchema>;
