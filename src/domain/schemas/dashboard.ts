// GET /api/dashboard/summary: everything the dashboard shows, computed by the server in SQL with
// LIMITs, so its size does not grow with the tables (docs/decisions/0017-dashboard-summary.md).
// Each area has its own section: add a field here, a section function in server/dashboard/, and
// read it in the dashboard's data hook.
import { z } from "zod";
import { ACCOUNT_STATUSES, HARDWARE_STATUSES, HARDWARE_TYPES } from "../enums";
import { licenseResponseSchema } from "./licenses";
import { heldOffboardingListSchema } from "./scim";

/** Most rows Needs Attention and Renews Soon carry; `total` says how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 25;
/**
 * Rows of the Hardware Inventory table: 8 available items for administrators (spec 2.6), free
 * and in service (isHardwareOffered).
 */
export const ADMIN_INVENTORY_ROWS = 8;
/** 4 rows for anyone else: their own items first, then available ones. */
export const USER_INVENTORY_ROWS = 4;
/** People on the administrators' user list card (the newest). */
export const DASHBOARD_USER_ROWS = 5;

export const dashboardSummaryQuerySchema = z.object({
  /** The viewer's calendar date, so days left and renewal dates match what they see. */
  today: z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" }).optional(),
});
export type DashboardSummaryQuery = z.output<typeof dashboardSummaryQuerySchema>;

/**
 * A license as the dashboard's tables (and the Renew dialog they open) use it: the fields the
 * tables, the status badge and the renewal's defaults read, and no free text beyond the name
 * (notes run to 5,000 characters: 100 rows of them would be half a megabyte). Only
 * administrators receive these lists.
 */
export const dashboardLicenseSchema = licenseResponseSchema.pick({
  id: true,
  name: true,
  licenseType: true,
  purchaseDate: true,
  expiryDate: true,
  paymentAmount: true,
  paymentCurrency: true,
  paymentFrequency: true,
  autoRenew: true,
  renewalStatus: true,
  createdAt: true,
});
export type DashboardLicense = z.output<typeof dashboardLicenseSchema>;

const limitedList = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });

/** A row of the Hardware Inventory table (Name, Type, Location, Status). */
export const dashboardHardwareSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(HARDWARE_TYPES),
  location: z.string().nullable(),
  status: z.enum(HARDWARE_STATUSES),
  /** Held by the viewer: the row says 'Assigned to You' (never true for free items). */
  assignedToMe: z.boolean(),
});
export type DashboardHardware = z.output<typeof dashboardHardwareSchema>;

export const dashboardUserSchema = z.object({
  id: z.number(),
  /** Full name, else username. */
  displayName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  department: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
});
export type DashboardUser = z.output<typeof dashboardUserSchema>;

const moneyInDisplayCurrencies = z.object({ AUD: z.number(), USD: z.number() });

export const dashboardSummaryResponseSchema = z.object({
  licenses: z.object({
    /** Every license for an administrator; the viewer's own (an active seat) for anyone else. */
    total: z.number(),
    /** Administrators only (null otherwise), as on the dashboard. */
    recentlyAdded: z.array(dashboardLicenseSchema).nullable(),
    needsAttention: limitedList(
      z.object({ license: dashboardLicenseSchema, daysLeft: z.number() }),
    ).nullable(),
    renewsSoon: limitedList(
      z.object({
        license: dashboardLicenseSchema,
        renewalDate: z.string(),
        daysUntilRenewal: z.number(),
      }),
    ).nullable(),
  }),
  /**
   * Over what the viewer may see on the hardware screen: every item for an administrator, free
   * items and their own for anyone else.
   */
  hardware: z.object({
    total: z.number(),
    /** Nobody holds it (spec part 2, section 4), whatever its status. */
    available: z.number(),
    /** Administrators: held by anyone. Anyone else: held by them (My Hardware). */
    assigned: z.number(),
    /** Items per type, most first (a type is one of a fixed, short list). */
    byType: z.array(
      z.object({ type: z.enum(HARDWARE_TYPES), count: z.number(), assigned: z.number() }),
    ),
    /** The inventory table's rows (ADMIN_INVENTORY_ROWS or USER_INVENTORY_ROWS at most). */
    inventory: z.array(dashboardHardwareSchema),
  }),
  officeAccounts: z.object({
    /** Accounts the viewer may see: all for an administrator, those assigned to them otherwise. */
    total: z.number(),
    byStatus: z.array(z.object({ status: z.enum(ACCOUNT_STATUSES), count: z.number() })),
    active: z.number(),
    /**
     * Administrators only: what the active accounts cost a month, in both display currencies
     * (converted with the stored rates), so the top bar's toggle needs no new request.
     */
    monthlyExpense: moneyInDisplayCurrencies.nullable(),
  }),
  /** Administrators only: Team Members and the user list card. */
  users: z.object({ total: z.number(), newest: z.array(dashboardUserSchema) }).nullable(),
  /**
   * Administrators only: people SCIM deactivated whose holdings wait for review (decision 0060),
   * for Needs Attention, the oldest HELD_OFFBOARDINGS_LIMIT of them.
   */
  heldOffboardings: heldOffboardingListSchema.nullable(),
  /**
   * Administrators only (issue 33): seats and accounts whose holder is suspended or has not
   * signed in for UNUSED_AFTER_DAYS, and what freeing them would save a month.
   */
  unusedSeats: z
    .object({
      /** Active license seats. */
      seats: z.number(),
      /** Active office accounts. */
      officeAccounts: z.number(),
      gsuiteAccounts: z.number(),
      total: z.number(),
      monthlySavings: moneyInDisplayCurrencies,
      /** UNUSED_AFTER_DAYS, for the wording. */
      unusedAfterDays: z.number(),
    })
    .nullable(),
});
export type DashboardSummaryResponse = z.output<typeof dashboardSummaryResponseSchema>;
