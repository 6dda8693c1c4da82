// Request and response schemas of Trust Reviews (client license assignments; spec part 2,
// sections 3, 5 and 7), with the spec's messages. The Domain field is real here: stored,
// validated as a domain name and searched.
import { z } from "zod";
import {
  BILLING_CYCLES,
  CURRENCIES,
  PAYMENT_FREQUENCIES,
  TRUST_REVIEW_APPROVAL_STATUSES,
  TRUST_REVIEW_PAYMENT_STATUSES,
  TRUST_REVIEW_STATUS_FILTERS,
} from "../enums";
import {
  amountSchema,
  isoDateSchema,
  optionalDate,
  optionalText,
  positiveIdSchema,
} from "./common";
import { keyPart, listCursors, withKeyset } from "./cursor";
import { pageQuerySchema, sortSchema } from "./paging";

export const LICENSE_MESSAGE = "Please select a license";
export const CLIENT_NAME_MESSAGE = "Client name must be at least 2 characters.";
export const ASSIGNED_DATE_MESSAGE = "Please select the assignment date.";
export const PAYMENT_STATUS_MESSAGE = "Please select a payment status.";
export const CURRENCY_MESSAGE = "Please select a currency.";
export const FREQUENCY_MESSAGE = "Please select a payment frequency.";
export const APPROVAL_STATUS_MESSAGE = "Please select an approval status.";
export const CLIENT_AMOUNT_MESSAGE = "Payment amount must be a valid number";
export const DOMAIN_MESSAGE = "Please enter a valid domain name, such as example.com";
export const APPROVAL_DECISION_MESSAGE = "Approval status must be approved, rejected or keep";

const blank = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "");

const clientNameSchema = z
  .string({ error: CLIENT_NAME_MESSAGE })
  .trim()
  .min(2, CLIENT_NAME_MESSAGE)
  .max(200, "Client name must be at most 200 characters");

// 'example.com', 'shop.example.co.uk'; a pasted address ('https://example.com/') is reduced to
// its host first, so people can paste what they have.
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domainSchema = z.preprocess((value) => {
  if (blank(value)) return null;
  if (typeof value !== "string") return value;
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/^www\./, "");
}, z.string({ error: DOMAIN_MESSAGE }).regex(DOMAIN, DOMAIN_MESSAGE).nullable().optional());

const amount = z.preprocess(
  (value) => (blank(value) ? null : value),
  amountSchema(CLIENT_AMOUNT_MESSAGE, (number) =>
    number
      .min(0, CLIENT_AMOUNT_MESSAGE)
      .max(9_999_999_999.99, "Payment amount is too large")
      .nullable()
      .optional(),
  ),
);

const paymentStatusSchema = z.enum(TRUST_REVIEW_PAYMENT_STATUSES, {
  error: PAYMENT_STATUS_MESSAGE,
});
const currencySchema = z.enum(CURRENCIES, { error: CURRENCY_MESSAGE });
const frequencySchema = z.enum(BILLING_CYCLES, { error: FREQUENCY_MESSAGE });
const approvalStatusSchema = z.enum(TRUST_REVIEW_APPROVAL_STATUSES, {
  error: APPROVAL_STATUS_MESSAGE,
});
const activeSchema = z.boolean({ error: "isActive must be true or false" });

export const createTrustReviewRequestSchema = z.object({
  licenseId: positiveIdSchema(LICENSE_MESSAGE),
  clientName: clientNameSchema,
  domain: domainSchema,
  assignedDate: z.preprocess(
    (value) => (value === "" ? undefined : value),
    isoDateSchema.or(z.undefined()).refine((value) => value !== undefined, ASSIGNED_DATE_MESSAGE),
  ),
  paymentStatus: paymentStatusSchema.default("not_paying"),
  clientPaymentAmount: amount,
  clientPaymentCurrency: currencySchema.default("AUD"),
  paymentFrequency: frequencySchema.default("monthly"),
  lastPaymentDate: optionalDate,
  nextPaymentDate: optionalDate,
  isActive: activeSchema.default(true),
  cancellationRequestDate: optionalDate,
  cancellationReason: optionalText(1000),
  approvalStatus: approvalStatusSchema.default("pending"),
  notes: optionalText(5000),
});
export type CreateTrustReviewRequestInput = z.input<typeof createTrustReviewRequestSchema>;
export type CreateTrustReviewRequest = z.output<typeof createTrustReviewRequestSchema>;

export const updateTrustReviewRequestSchema = z.object({
  licenseId: positiveIdSchema(LICENSE_MESSAGE).optional(),
  clientName: clientNameSchema.optional(),
  domain: domainSchema,
  assignedDate: z.preprocess(
    (value) => (value === "" ? undefined : value),
    isoDateSchema.optional(),
  ),
  paymentStatus: paymentStatusSchema.optional(),
  clientPaymentAmount: amount,
  clientPaymentCurrency: currencySchema.optional(),
  paymentFrequency: frequencySchema.optional(),
  lastPaymentDate: optionalDate,
  nextPaymentDate: optionalDate,
  isActive: activeSchema.optional(),
  cancellationRequestDate: optionalDate,
  cancellationReason: optionalText(1000),
  approvalStatus: approvalStatusSchema.optional(),
  notes: optionalText(5000),
});
export type UpdateTrustReviewRequest = z.output<typeof updateTrustReviewRequestSchema>;

/** The approval dialog: only a decision; who decided is the signed-in administrator. */
export const trustReviewApprovalRequestSchema = z.object({
  status: z.enum(["approved", "rejected", "keep"], { error: APPROVAL_DECISION_MESSAGE }),
});
export type TrustReviewApprovalRequest = z.output<typeof trustReviewApprovalRequestSchema>;

export const trustReviewStatusRequestSchema = z.object({
  isActive: activeSchema,
  /** When deactivating: the reason given (the date is recorded as today unless given). */
  cancellationReason: optionalText(1000),
  cancellationRequestDate: optionalDate,
});
export type TrustReviewStatusRequest = z.output<typeof trustReviewStatusRequestSchema>;

/** The list's sorts, the id breaking ties (decisions 0040, 0042): creation, client name, date. */
export const trustReviewCursors = listCursors("trust-reviews", {
  createdAt: [keyPart("timestamptz")],
  clientName: [keyPart("text")],
  assignedDate: [keyPart("date")],
});

export const trustReviewListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    status: z
      .enum(TRUST_REVIEW_STATUS_FILTERS, {
        error: "Status must be active, inactive, paying, not_paying or partial",
      })
      .default("all"),
    sort: sortSchema(["createdAt", "clientName", "assignedDate"], "createdAt"),
  }),
  trustReviewCursors,
);
export type TrustReviewListQuery = z.output<typeof trustReviewListQuerySchema>;

export const trustReviewSummaryQuerySchema = z.object({
  currency: currencySchema.default("AUD"),
});

export const trustReviewResponseSchema = z.object({
  id: z.number(),
  licenseId: z.number(),
  license: z.object({
    id: z.number(),
    name: z.string(),
    totalSeats: z.number(),
    paymentAmount: z.number().nullable(),
    paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
    paymentCurrency: z.enum(CURRENCIES),
  }),
  clientName: z.string(),
  domain: z.string().nullable(),
  assignedDate: z.string(),
  paymentStatus: z.enum(TRUST_REVIEW_PAYMENT_STATUSES),
  clientPaymentAmount: z.number().nullable(),
  clientPaymentCurrency: z.enum(CURRENCIES),
  paymentFrequency: z.enum(BILLING_CYCLES),
  lastPaymentDate: z.string().nullable(),
  nextPaymentDate: z.string().nullable(),
  isActive: z.boolean(),
  cancellationRequestDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  approvalStatus: z.enum(TRUST_REVIEW_APPROVAL_STATUSES),
  approvedBy: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrustReviewResponse = z.infer<typeof trustReviewResponseSchema>;
export const trustReviewListResponseSchema = z.array(trustReviewResponseSchema);

const periodSchema = z.object({ revenue: z.number(), cost: z.number(), net: z.number() });

export const trustReviewSummaryResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  counts: z.object({
    total: z.number(),
    active: z.number(),
    inactive: z.number(),
    paying: z.number(),
    notPaying: z.number(),
    partial: z.number(),
    pendingApprovals: z.number(),
  }),
  seats: z.object({
    used: z.number(),
    total: z.number(),
    withinSeats: z.boolean(),
    /** Licenses with more active client assignments than seats. */
    overCommittedLicenseIds: z.array(z.number()),
  }),
  monthly: periodSchema,
  annual: periodSchema,
});
export type TrustReviewSummaryResponse = z.infer<typeof trustReviewSummaryResponseSchema>;
