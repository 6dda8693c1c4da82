// Request and response schemas of the Office Accounts area: accounts and their assignments to
// people and devices (spec part 2, sections 3, 5 and 7). Shared by the forms and the server.
import { z } from "zod";
import { ACCOUNT_PROVIDERS, ACCOUNT_STATUSES, type AccountProvider, CURRENCIES } from "../enums";
import {
  amountSchema,
  idSchema,
  isoDateSchema,
  optionalDate,
  optionalText,
  positiveIdSchema,
  textSchema,
} from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { MAX_AMOUNT } from "./licenses";
import { pageQuerySchema, queryFlag, sortSchema } from "./paging";

export const ACCOUNT_EMAIL_MESSAGE = "Please enter a valid email address";
export const ACCOUNT_PASSWORD_MESSAGE = "Password must be at least 4 characters";
export const ACCOUNT_PROVIDER_MESSAGE = "Please select a provider";
export const ACCOUNT_STATUS_MESSAGE = "Please select a status";
export const ACCOUNT_AMOUNT_MESSAGE = "Payment amount must be a valid number if provided";
export const DUPLICATE_ACCOUNT_EMAIL_MESSAGE = "An account with this email already exists";

export const SELECT_USER_MESSAGE = "Please select a user";
export const DEVICE_NAME_MESSAGE = "Device name is required";
export const ASSIGNED_DATE_MESSAGE = "Assignment date is required";
export const ASSIGNED_TO_MESSAGE = "Assigned to is required";

/** How providers read on screen; the list's search matches these too ('Microsoft 365'). */
export const ACCOUNT_PROVIDER_LABELS: Record<AccountProvider, string> = {
  microsoft365: "Microsoft 365",
  google: "Google",
  gsuite: "G Suite",
  adobe: "Adobe",
  other: "Other",
};

/** Lists never carry a password, not even its last characters: the page shows this instead. */
export const MASKED_PASSWORD = "••••••••";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const emailSchema = z
  .string({ error: ACCOUNT_EMAIL_MESSAGE })
  .trim()
  .max(254, ACCOUNT_EMAIL_MESSAGE)
  .pipe(z.email(ACCOUNT_EMAIL_MESSAGE));

const passwordSchema = textSchema(ACCOUNT_PASSWORD_MESSAGE)
  .min(4, ACCOUNT_PASSWORD_MESSAGE)
  .max(256, "Password must be at most 256 characters");

const providerSchema = z.enum(ACCOUNT_PROVIDERS, { error: ACCOUNT_PROVIDER_MESSAGE });
const statusSchema = z.enum(ACCOUNT_STATUSES, { error: ACCOUNT_STATUS_MESSAGE });
const currencySchema = z.enum(CURRENCIES, {
  error: "Payment currency must be USD, AUD, EUR or GBP",
});

// Blank clears the amount (stored as null).
const paymentAmountSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  amountSchema(ACCOUNT_AMOUNT_MESSAGE, (amount) =>
    amount
      .min(0, ACCOUNT_AMOUNT_MESSAGE)
      .max(MAX_AMOUNT, "Payment amount is too large")
      .nullable()
      .optional(),
  ),
);

export const createAccountRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  provider: providerSchema,
  status: statusSchema.default("active"),
  paymentMethod: optionalText(200),
  paymentDetails: optionalText(500),
  renewalDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  // The form's default (spec part 2, section 9); storage would default to USD.
  paymentCurrency: currencySchema.default("AUD"),
  notes: optionalText(5000),
});
/** What the account form holds before parsing (the amount may still be a string). */
export type CreateAccountRequestInput = z.input<typeof createAccountRequestSchema>;
export type CreateAccountRequest = z.output<typeof createAccountRequestSchema>;

/** PATCH: every field optional; a blank password keeps the current one. */
export const updateAccountRequestSchema = z.object({
  email: emailSchema.optional(),
  password: z.preprocess(blankToUndefined, passwordSchema.optional()),
  provider: providerSchema.optional(),
  status: statusSchema.optional(),
  paymentMethod: optionalText(200),
  paymentDetails: optionalText(500),
  renewalDate: optionalDate,
  paymentAmount: paymentAmountSchema,
  paymentCurrency: currencySchema.optional(),
  notes: optionalText(5000),
});
export type UpdateAccountRequest = z.output<typeof updateAccountRequestSchema>;

export const ACCOUNT_SORT_KEYS = ["email", "provider", "status", "renewalDate"] as const;

/**
 * The keys of the accounts list's sorts, after which the id breaks ties (decisions 0040, 0042):
 * by e-mail (lower case); by provider, status or renewal date, then e-mail. No renewal date
 * sorts last.
 */
export const accountCursors = listCursors("accounts", {
  email: [keyPart("text")],
  provider: [keyPart("text"), keyPart("text")],
  status: [keyPart("text"), keyPart("text")],
  renewalDate: [nullableKeyPart("date"), keyPart("text")],
});

/** The accounts list: the list kit's paging, sort and search, and status/provider filters. */
export const accountListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    sort: sortSchema(ACCOUNT_SORT_KEYS, "email"),
    status: statusSchema.optional(),
    provider: providerSchema.optional(),
    /**
     * Only unused accounts (issue 33): active, and the holder suspended at the provider or not
     * signed in for UNUSED_AFTER_DAYS (licenses/unused-seats.ts); 'false' is no filter.
     */
    unused: queryFlag("unused").optional(),
  }),
  accountCursors,
);
export type AccountListQuery = z.output<typeof accountListQuerySchema>;

const activeFlagSchema = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ error: "active must be true or false" }).optional(),
);

/** The assignments' sorts: by creation (to the microsecond) or by assigned date (none last). */
export const accountAssignmentCursors = listCursors("account-assignments", {
  createdAt: [keyPart("timestamptz")],
  assignedDate: [nullableKeyPart("date")],
});

export const accountAssignmentListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    sort: sortSchema(["assignedDate", "createdAt"], "createdAt"),
    order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("desc"),
    accountId: idSchema.optional(),
    userId: idSchema.optional(),
    active: activeFlagSchema,
  }),
  accountAssignmentCursors,
);
export type AccountAssignmentListQuery = z.output<typeof accountAssignmentListQuerySchema>;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    textSchema(message).trim().min(1, message).max(max, `Must be at most ${max} characters`),
  );

export const createAccountAssignmentRequestSchema = z.object({
  accountId: idSchema,
  userId: positiveIdSchema(SELECT_USER_MESSAGE),
  assignedTo: requiredText(ASSIGNED_TO_MESSAGE, 200),
  deviceName: requiredText(DEVICE_NAME_MESSAGE, 200),
  assignedDate: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? "" : value),
    z.string({ error: ASSIGNED_DATE_MESSAGE }).min(1, ASSIGNED_DATE_MESSAGE).pipe(isoDateSchema),
  ),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
  notes: optionalText(1000),
});
export type CreateAccountAssignmentRequestInput = z.input<
  typeof createAccountAssignmentRequestSchema
>;
export type CreateAccountAssignmentRequest = z.output<typeof createAccountAssignmentRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Who uses an account (the page's assignments tooltip). */
export const accountUserSchema = z.object({
  assignmentId: z.number(),
  userId: z.number().nullable(),
  assignedTo: z.string().nullable(),
  deviceName: z.string().nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** An office account as lists and writes answer it: never its password, in any form. */
export const accountResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  provider: z.enum(ACCOUNT_PROVIDERS),
  status: z.enum(ACCOUNT_STATUSES),
  paymentMethod: z.string().nullable(),
  paymentDetails: z.string().nullable(),
  renewalDate: z.string().nullable(),
  paymentAmount: z.number().nullable(),
  paymentCurrency: z.enum(CURRENCIES),
  notes: z.string().nullable(),
  /** Active assignments (the Users count column). */
  userCount: z.number(),
  /** The active assignments themselves. */
  users: z.array(accountUserSchema),
  createdAt: z.string(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;
export const accountListResponseSchema = z.array(accountResponseSchema);

/** The one response that carries a password in clear: one account, to someone allowed, logged. */
// null: no password is known (an office account a workspace sync found, issue 33).
export const revealAccountPasswordResponseSchema = z.object({ password: z.string().nullable() });
export type RevealAccountPasswordResponse = z.infer<typeof revealAccountPasswordResponseSchema>;

export const accountAssignmentResponseSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountEmail: z.string(),
  accountProvider: z.enum(ACCOUNT_PROVIDERS),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  deviceName: z.string().nullable(),
  userId: z.number().nullable(),
  assignedTo: z.string().nullable(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
  assignedDate: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountAssignmentResponse = z.infer<typeof accountAssignmentResponseSchema>;
export const accountAssignmentListResponseSchema = z.array(accountAssignmentResponseSchema);
