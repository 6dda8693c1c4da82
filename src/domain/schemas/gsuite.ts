// Request and response schemas of the G Suite area: organizations, plans, accounts, assignment
// and the page's summary (spec part 2: 'G Suite Accounts', sections 4 to 9). Shared by the forms
// and the server.
import { z } from "zod";
import { BILLING_CYCLES, GSUITE_ACCOUNT_STATUSES, GSUITE_CURRENCIES } from "../enums";
import { DOMAIN_PATTERN } from "../gsuite";
import {
  activeOnlyQuerySchema,
  amountSchema,
  idSchema,
  optionalText,
  positiveIdSchema,
  textSchema,
} from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { pageQuerySchema, queryFlag, sortSchema } from "./paging";

// numeric(12,2) holds up to 10 digits before the point.
const MAX_AMOUNT = 9_999_999_999.99;

export const ORGANIZATION_NAME_MESSAGE = "Organization name is required";
export const DOMAIN_REQUIRED_MESSAGE = "Domain is required";
export const DOMAIN_INVALID_MESSAGE = "Domain must be a domain name, like example.com";
export const PLAN_NAME_MESSAGE = "Plan name is required";
export const BASE_PRICE_MESSAGE = "Base price must be a valid number, 0 or greater";
export const PLAN_TYPE_MESSAGE = "Plan type is required";
export const PRICE_MESSAGE = "Price must be a valid number, 0 or greater";
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_MESSAGE = "Password must be at least 4 characters";
export const SELECT_USERS_MESSAGE = "Please select at least one user";
/** Most users one assignment request may name (the bulk dialog's largest batch). */
export const MAX_ASSIGN_USERS = 500;
/** Most passwords one reveal request may show (a page of the accounts table). */
export const MAX_REVEAL_IDS = 100;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    textSchema(message).trim().min(1, message).max(max, `Must be at most ${max} characters`),
  );

const currencySchema = z.enum(GSUITE_CURRENCIES, { error: "Currency must be AUD, USD or INR" });
const billingCycleSchema = z.enum(BILLING_CYCLES, {
  error: "Billing frequency must be monthly or annually",
});
const statusSchema = z.enum(GSUITE_ACCOUNT_STATUSES, {
  error: "Status must be active, inactive or suspended",
});

const domainSchema = z.preprocess(
  (value) => (value === null || value === undefined ? "" : value),
  textSchema(DOMAIN_REQUIRED_MESSAGE)
    .trim()
    .toLowerCase()
    .min(1, { message: DOMAIN_REQUIRED_MESSAGE, abort: true })
    .regex(DOMAIN_PATTERN, DOMAIN_INVALID_MESSAGE),
);

const priceSchema = (message: string) =>
  amountSchema(message, (amount) => amount.min(0, message).max(MAX_AMOUNT, "Price is too large"));

// ---------------------------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------------------------

export const createOrganizationRequestSchema = z.object({
  name: requiredText(ORGANIZATION_NAME_MESSAGE, 200),
  domain: domainSchema,
  description: optionalText(1000),
});
export type CreateOrganizationRequestInput = z.input<typeof createOrganizationRequestSchema>;
export type CreateOrganizationRequest = z.output<typeof createOrganizationRequestSchema>;

export const updateOrganizationRequestSchema = z.object({
  name: requiredText(ORGANIZATION_NAME_MESSAGE, 200).optional(),
  domain: domainSchema.optional(),
  description: optionalText(1000),
});
export type UpdateOrganizationRequest = z.output<typeof updateOrganizationRequestSchema>;

export const organizationResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  description: z.string().nullable(),
  /** The first organization created: quick and bulk assignment use its domain. */
  isDefault: z.boolean(),
  accountCount: z.number(),
  createdAt: z.string(),
});
export type OrganizationResponse = z.infer<typeof organizationResponseSchema>;
export const organizationListResponseSchema = z.array(organizationResponseSchema);

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

const featuresSchema = z
  .array(textSchema("Features must be text").trim().min(1).max(200), {
    error: "Features must be a list of text",
  })
  .max(50, "At most 50 features")
  .nullable()
  .optional();

/**
 * The form calls the cycle billingFrequency (spec part 2, section 5), the entity billingCycle:
 * either is read, into billingCycle.
 */
const withBillingFrequency = (value: unknown) => {
  if (typeof value !== "object" || value === null || !("billingFrequency" in value)) return value;
  const { billingFrequency, ...rest } = value as Record<string, unknown>;
  return "billingCycle" in rest ? rest : { ...rest, billingCycle: billingFrequency };
};

const planFields = {
  name: requiredText(PLAN_NAME_MESSAGE, 200),
  description: optionalText(1000),
  basePrice: priceSchema(BASE_PRICE_MESSAGE),
  currency: currencySchema,
  billingCycle: billingCycleSchema,
  features: featuresSchema,
};

/** The Add Plan form's fields; the API also reads billingFrequency (createPlanRequestSchema). */
export const planFormSchema = z.object({
  ...planFields,
  basePrice: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? "" : value),
    planFields.basePrice,
  ),
  currency: currencySchema.default("AUD"),
  billingCycle: billingCycleSchema.default("monthly"),
});
export type PlanFormInput = z.input<typeof planFormSchema>;
export type CreatePlanRequest = z.output<typeof planFormSchema>;
export const createPlanRequestSchema = z.preprocess(withBillingFrequency, planFormSchema);

export const updatePlanFormSchema = z.object({
  name: planFields.name.optional(),
  description: planFields.description,
  basePrice: planFields.basePrice.optional(),
  currency: currencySchema.optional(),
  billingCycle: billingCycleSchema.optional(),
  features: featuresSchema,
});
export const updatePlanRequestSchema = z.preprocess(withBillingFrequency, updatePlanFormSchema);
export type UpdatePlanRequest = z.output<typeof updatePlanFormSchema>;

export const planResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  basePrice: z.number(),
  currency: z.enum(GSUITE_CURRENCIES),
  billingCycle: z.enum(BILLING_CYCLES),
  features: z.array(z.string()),
  accountCount: z.number(),
  createdAt: z.string(),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;
export const planListResponseSchema = z.array(planResponseSchema);

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

const emailSchema = z.preprocess(
  (value) => (value === null || value === undefined ? "" : value),
  z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
);

const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .min(4, PASSWORD_MESSAGE)
  .max(256, "Password must be at most 256 characters")
  .refine((text) => !text.includes("\u0000"), "Must not contain a NUL character");

/** Blank means no password (create) or keep the stored one (edit). */
const optionalPassword = z.preprocess(blankToUndefined, passwordSchema.optional());

const assigneeSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  positiveIdSchema("Please select a user").nullable().optional(),
);

const accountFields = {
  email: emailSchema,
  password: optionalPassword,
  /** The organization's domain (the spec's field); organizationId is read first when both come. */
  organization: z.preprocess(blankToUndefined, domainSchema.optional()),
  organizationId: z.preprocess(blankToUndefined, idSchema.optional()),
  planType: requiredText(PLAN_TYPE_MESSAGE, 200),
  /** The plan by id (the page's selects); its name becomes planType. */
  planId: z.preprocess(blankToUndefined, idSchema.optional()),
  price: priceSchema(PRICE_MESSAGE),
  paymentCurrency: currencySchema,
  paymentFrequency: billingCycleSchema,
  assignedToUserId: assigneeSchema,
  status: statusSchema,
  notes: optionalText(5000),
};

/** A plan is named by planType (the spec's field) or planId (the page's selects). */
const requirePlan = (
  body: { planType?: string | undefined; planId?: number | undefined },
  context: z.RefinementCtx,
) => {
  if (!body.planType && body.planId === undefined) {
    context.addIssue({ code: "custom", path: ["planType"], message: PLAN_TYPE_MESSAGE });
  }
};

export const createGsuiteAccountRequestSchema = z
  .object({
    ...accountFields,
    planType: z.preprocess(blankToUndefined, accountFields.planType.optional()),
    price: z.preprocess(
      (value) => (value === undefined || value === "" ? 0 : value),
      accountFields.price,
    ),
    paymentCurrency: currencySchema.default("AUD"),
    paymentFrequency: billingCycleSchema.default("monthly"),
    status: statusSchema.default("active"),
  })
  .superRefine(requirePlan);
export type CreateGsuiteAccountRequestInput = z.input<typeof createGsuiteAccountRequestSchema>;
export type CreateGsuiteAccountRequest = z.output<typeof createGsuiteAccountRequestSchema>;

/** PATCH: partial fields; `assignedToUserId: null` unassigns; a blank password keeps it. */
export const updateGsuiteAccountRequestSchema = z.object({
  email: accountFields.email.optional(),
  password: optionalPassword,
  organization: accountFields.organization,
  organizationId: accountFields.organizationId,
  planType: accountFields.planType.optional(),
  planId: accountFields.planId,
  price: accountFields.price.optional(),
  paymentCurrency: currencySchema.optional(),
  paymentFrequency: billingCycleSchema.optional(),
  assignedToUserId: assigneeSchema,
  status: statusSchema.optional(),
  notes: optionalText(5000),
});
export type UpdateGsuiteAccountRequest = z.output<typeof updateGsuiteAccountRequestSchema>;

/**
 * The keys of the accounts list's sorts, after which the id breaks ties (decisions 0040, 0042):
 * by e-mail (lower case); by organization (none last) or plan type, then e-mail; by creation.
 */
export const gsuiteAccountCursors = listCursors("gsuite-accounts", {
  email: [keyPart("text")],
  organization: [nullableKeyPart("text"), keyPart("text")],
  planType: [keyPart("text"), keyPart("text")],
  createdAt: [keyPart("timestamptz")],
});

const gsuiteAccountListFields = pageQuerySchema.extend({
  sort: sortSchema(["email", "organization", "planType", "createdAt"], "email"),
  organizationId: z.preprocess(blankToUndefined, idSchema.optional()),
  assignedToUserId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Only accounts nobody holds (the User Details dialog's 'available' list). */
  unassigned: z.preprocess(
    (value) => (value === "true" ? true : value === "false" || value === "" ? undefined : value),
    z.literal(true, { error: "unassigned must be true or false" }).optional(),
  ),
  /**
   * Only unused accounts (issue 33): the holder suspended at Google or not signed in for
   * UNUSED_AFTER_DAYS (licenses/unused-seats.ts); 'false' is no filter.
   */
  unused: queryFlag("unused").optional(),
});
export const gsuiteAccountListQuerySchema = withKeyset(
  gsuiteAccountListFields,
  gsuiteAccountCursors,
);
export type GsuiteAccountListQuery = z.output<typeof gsuiteAccountListQuerySchema>;

/** An account as lists and writes return it: the password never, only whether there is one. */
export const gsuiteAccountResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  hasPassword: z.boolean(),
  organization: z.string().nullable(),
  organizationId: z.number().nullable(),
  planType: z.string(),
  planId: z.number().nullable(),
  price: z.number(),
  paymentCurrency: z.enum(GSUITE_CURRENCIES),
  paymentFrequency: z.enum(BILLING_CYCLES),
  assignedToUserId: z.number().nullable(),
  /** The holder's display name, for the Assigned To column. */
  assignedToName: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(GSUITE_ACCOUNT_STATUSES),
  createdAt: z.string(),
  // After the spec's fields (issue 33).
  /** Its holder suspended or not signed in for UNUSED_AFTER_DAYS. */
  unused: z.boolean(),
});
export type GsuiteAccountResponse = z.infer<typeof gsuiteAccountResponseSchema>;
export const gsuiteAccountListResponseSchema = z.array(gsuiteAccountResponseSchema);

/** Show Passwords: the accounts of the page on screen, each reveal logged. */
export const revealGsuitePasswordsRequestSchema = z.object({
  ids: z
    .array(idSchema, { error: "ids must be a list of account ids" })
    .min(1, "ids must name at least one account")
    .max(MAX_REVEAL_IDS, `ids can name at most ${MAX_REVEAL_IDS} accounts`)
    .transform((ids) => [...new Set(ids)]),
});
export type RevealGsuitePasswordsRequest = z.output<typeof revealGsuitePasswordsRequestSchema>;

/** The one answer carrying passwords in clear; accounts without a password are null. */
export const revealGsuitePasswordsResponseSchema = z.array(
  z.object({ id: z.number(), password: z.string().nullable() }),
);
export type RevealGsuitePasswordsResponse = z.infer<typeof revealGsuitePasswordsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Quick and bulk assignment
// ---------------------------------------------------------------------------------------------

export const assignGsuiteUsersRequestSchema = z.object({
  planId: positiveIdSchema("Please select a plan"),
  /** Defaults to the default (first) organization. */
  organizationId: z.preprocess(blankToUndefined, idSchema.optional()),
  userIds: z
    .array(positiveIdSchema("Please select a user"), { error: SELECT_USERS_MESSAGE })
    .min(1, SELECT_USERS_MESSAGE)
    .max(MAX_ASSIGN_USERS, `At most ${MAX_ASSIGN_USERS} users can be assigned at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type AssignGsuiteUsersRequest = z.output<typeof assignGsuiteUsersRequestSchema>;

export const ASSIGN_OUTCOMES = ["created", "alreadyAssigned", "failed"] as const;

export const assignGsuiteUsersResponseSchema = z.object({
  plan: z.string(),
  results: z.array(
    z.object({
      userId: z.number(),
      /** The address used (or that would have been); null when the user does not exist. */
      email: z.string().nullable(),
      outcome: z.enum(ASSIGN_OUTCOMES),
      accountId: z.number().nullable(),
      /** Only for an account this request created: shown once, stored sealed. */
      initialPassword: z.string().nullable(),
      /** Why it failed; null otherwise. */
      reason: z.string().nullable(),
    }),
  ),
});
export type AssignGsuiteUsersResponse = z.infer<typeof assignGsuiteUsersResponseSchema>;
export type AssignGsuiteUserResult = AssignGsuiteUsersResponse["results"][number];

// ---------------------------------------------------------------------------------------------
// All Users tab and the summary cards
// ---------------------------------------------------------------------------------------------

export const gsuiteUserListQuerySchema = pageQuerySchema.extend({
  sort: sortSchema(["name"], "name"),
  /** Leave out users who already hold an account of this plan (Assign Multiple Users). */
  withoutPlanId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Only active users (assignment refuses inactive ones). */
  active: activeOnlyQuerySchema,
  /**
   * Only users an assignment on the default organization can serve: their address there (their
   * own e-mail on its domain, else their username at it) has no G Suite account yet. Assign
   * Multiple Users offers no one the assignment would refuse.
   */
  assignable: z.preprocess(
    (value) => (value === "true" ? true : value === "false" || value === "" ? undefined : value),
    z.literal(true, { error: "assignable must be true or false" }).optional(),
  ),
});
export type GsuiteUserListQuery = z.output<typeof gsuiteUserListQuerySchema>;

export const gsuiteUserResponseSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string().nullable(),
  displayName: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  accounts: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      planType: z.string(),
      planId: z.number().nullable(),
    }),
  ),
});
export type GsuiteUserResponse = z.infer<typeof gsuiteUserResponseSchema>;
export const gsuiteUserListResponseSchema = z.array(gsuiteUserResponseSchema);

const planCountSchema = z.object({ planType: z.string(), count: z.number() });

export const gsuiteSummaryResponseSchema = z.object({
  totalAccounts: z.number(),
  activeAccounts: z.number(),
  unassignedAccounts: z.number(),
  organizationCount: z.number(),
  planCount: z.number(),
  /** Monthly value in AUD: the plan's base price where the plan type names a plan, else the
   * account's price, summed regardless of frequency (spec part 2, section 9). */
  totalMonthlyValueAud: z.number(),
  averagePerAccountAud: z.number(),
  organizations: z.array(
    z.object({
      id: z.number(),
      accountCount: z.number(),
      monthlyCostAud: z.number(),
      plans: z.array(planCountSchema),
    }),
  ),
  /** Accounts per plan type (the Plans tab's table). */
  planTypes: z.array(
    z.object({
      planType: z.string(),
      planId: z.number().nullable(),
      users: z.number(),
      totalCostAud: z.number(),
    }),
  ),
});
export type GsuiteSummaryResponse = z.infer<typeof gsuiteSummaryResponseSchema>;
