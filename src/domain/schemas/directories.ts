// Request and response schemas of Directory Management (spec part 2, sections 3, 5 and 7), shared
// by the Add/Edit dialog and the server. The spec gives the fields and defaults (USD, 12 months,
// today) but no messages; these say what is wrong in the words of the form.
import { z } from "zod";
import {
  CURRENCIES,
  DIRECTORY_FREQUENCY_MONTHS,
  DIRECTORY_STATUS_FILTERS,
  DIRECTORY_STATUSES,
} from "../enums";
import {
  amountSchema,
  isoDateSchema,
  optionalDate,
  optionalText,
  textSchema,
  wholeNumberFromString,
} from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { pageQuerySchema, sortSchema } from "./paging";

export const DIRECTORY_NAME_MESSAGE = "Directory name is required";
export const DIRECTORY_URL_MESSAGE = "Please enter a valid URL starting with http:// or https://";
export const DIRECTORY_AMOUNT_MESSAGE = "Payment amount must be a valid number, 0 or greater";
export const DIRECTORY_CURRENCY_MESSAGE = "Currency must be USD, AUD, EUR or GBP";
export const DIRECTORY_FREQUENCY_MESSAGE = "Payment frequency must be 1, 3, 6 or 12 months";
export const NEXT_PAYMENT_DATE_MESSAGE = "Next payment date is required";
const MAX_AMOUNT = 9_999_999_999.99;

const blank = (value: unknown) => typeof value === "string" && value.trim() === "";

const nameSchema = textSchema(DIRECTORY_NAME_MESSAGE)
  .trim()
  .min(1, DIRECTORY_NAME_MESSAGE)
  .max(200, "Directory name must be at most 200 characters");

// Opened in a new tab from the list, so only web addresses: never 'javascript:' or 'data:'.
const urlSchema = z.preprocess(
  (value) => (blank(value) ? null : value),
  textSchema(DIRECTORY_URL_MESSAGE)
    .trim()
    .max(2000, "URL must be at most 2000 characters")
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, DIRECTORY_URL_MESSAGE)
    .nullable()
    .optional(),
);

const amount = amountSchema(DIRECTORY_AMOUNT_MESSAGE, (value) =>
  value.min(0, DIRECTORY_AMOUNT_MESSAGE).max(MAX_AMOUNT, "Payment amount is too large"),
);
const currencySchema = z.enum(CURRENCIES, { error: DIRECTORY_CURRENCY_MESSAGE });

// The spec: an empty frequency text becomes 12.
const frequencySchema = z.preprocess(
  (value) =>
    value === null || value === undefined || blank(value) ? 12 : wholeNumberFromString(value),
  z
    .number({ error: DIRECTORY_FREQUENCY_MESSAGE })
    .refine(
      (months) => (DIRECTORY_FREQUENCY_MONTHS as readonly number[]).includes(months),
      DIRECTORY_FREQUENCY_MESSAGE,
    ),
);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const nextPaymentDateSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  isoDateSchema.nullable().optional(),
);

const directoryFields = {
  name: nameSchema,
  url: urlSchema,
  location: optionalText(200),
  paymentAmount: amount,
  paymentCurrency: currencySchema.default("USD"),
  paymentFrequencyMonths: frequencySchema,
  isOneTime: flag("One-time").default(false),
  isCancelled: flag("Cancelled").default(false),
  nextPaymentDate: nextPaymentDateSchema,
  lastPaymentDate: optionalDate,
  notes: optionalText(5000),
};

/**
 * The next payment date is required (spec), except on a one-time listing, which has none once
 * it has been paid.
 */
const requireNextDate = <T extends { isOneTime?: boolean; nextPaymentDate?: string | null }>(
  value: T,
  context: z.core.$RefinementCtx<T>,
) => {
  if (!value.isOneTime && !value.nextPaymentDate) {
    context.addIssue({
      code: "custom",
      path: ["nextPaymentDate"],
      message: NEXT_PAYMENT_DATE_MESSAGE,
    });
  }
};

export const createDirectoryRequestSchema = z.object(directoryFields).superRefine(requireNextDate);
export type CreateDirectoryRequestInput = z.input<typeof createDirectoryRequestSchema>;
export type CreateDirectoryRequest = z.output<typeof createDirectoryRequestSchema>;

/** PATCH: any subset of the fields; the server checks the next date against the stored flags. */
export const updateDirectoryRequestSchema = z.object({
  name: nameSchema.optional(),
  url: urlSchema,
  location: optionalText(200),
  paymentAmount: amount.optional(),
  paymentCurrency: currencySchema.optional(),
  paymentFrequencyMonths: frequencySchema.optional(),
  isOneTime: flag("One-time").optional(),
  isCancelled: flag("Cancelled").optional(),
  nextPaymentDate: nextPaymentDateSchema,
  lastPaymentDate: optionalDate,
  notes: optionalText(5000),
});
export type UpdateDirectoryRequest = z.output<typeof updateDirectoryRequestSchema>;

/**
 * The listings' sorts as cursors hold them (decision 0040): keys in ORDER BY order. The amount is
 * the converted one the list orders by (US dollars at the stored rates), exact.
 */
export const directoryCursors = listCursors("directories", {
  name: [keyPart("text")],
  paymentAmount: [nullableKeyPart("numeric"), keyPart("text")],
  nextPaymentDate: [nullableKeyPart("date"), keyPart("text")],
});

export const directoryListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    status: z
      .enum(DIRECTORY_STATUS_FILTERS, { error: "Status must be all, active, one-off or cancelled" })
      .default("all"),
    sort: sortSchema(["name", "paymentAmount", "nextPaymentDate"], "name"),
  }),
  directoryCursors,
);
export type DirectoryListQuery = z.output<typeof directoryListQuerySchema>;

export const recordDirectoryPaymentRequestSchema = z.object({
  /** Missing → today. */
  paidOn: optionalDate,
  /** Missing → the listing's current amount and currency. */
  amount: z.preprocess((value) => (blank(value) ? undefined : value), amount.optional()),
  currency: currencySchema.optional(),
});
export type RecordDirectoryPaymentRequest = z.output<typeof recordDirectoryPaymentRequestSchema>;

export const directoryResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string().nullable(),
  location: z.string().nullable(),
  paymentFrequencyMonths: z.number(),
  paymentAmount: z.number().nullable(),
  paymentCurrency: z.enum(CURRENCIES),
  isOneTime: z.boolean(),
  isCancelled: z.boolean(),
  status: z.enum(DIRECTORY_STATUSES),
  lastPaymentDate: z.string().nullable(),
  nextPaymentDate: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;
export const directoryListResponseSchema = z.array(directoryResponseSchema);

export const directoryHistoryResponseSchema = z.object({
  payments: z.array(
    z.object({
      id: z.number(),
      paidOn: z.string(),
      amount: z.number(),
      currency: z.enum(CURRENCIES),
      recordedAt: z.string(),
    }),
  ),
  priceChanges: z.array(
    z.object({
      id: z.number(),
      changedAt: z.string(),
      previousAmount: z.number().nullable(),
      previousCurrency: z.enum(CURRENCIES),
      newAmount: z.number().nullable(),
      newCurrency: z.enum(CURRENCIES),
    }),
  ),
});
export type DirectoryHistoryResponse = z.infer<typeof directoryHistoryResponseSchema>;

export const recordDirectoryPaymentResponseSchema = z.object({
  directory: directoryResponseSchema,
  history: directoryHistoryResponseSchema,
});
