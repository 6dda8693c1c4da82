// GET /api/dashboard/summary: everything the dashboard shows, computed by the server in SQL with
// LIMITs, so its size does not grow with the tables. Each area adds its own section (licenses
// and users today; hardware, office accounts and the rest as they are built): add a field here,
// a section function in server/dashboard/, and read it in the dashboard's data hook.
import { z } from "zod";
import { licenseResponseSchema } from "./licenses";

/** Most rows Needs Attention and Renews Soon carry; `total` says how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 50;

export const dashboardSummaryQuerySchema = z.object({
  /** The viewer's calendar date, so days left and renewal dates match what they see. */
  today: z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" }).optional(),
});
export type DashboardSummaryQuery = z.output<typeof dashboardSummaryQuerySchema>;

/**
 * A license as the dashboard's tables (and the Renew dialog they open) use it: the licenses
 * list's own shape (the summary selects the same columns and maps them the same way). Only
 * administrators receive these lists, so it is the administrators' schema.
 */
const dashboardLicenseSchema = licenseResponseSchema;

const limitedList = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });

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
  /** Administrators only. */
  users: z.object({ total: z.number() }).nullable(),
});
export type DashboardSummaryResponse = z.output<typeof dashboardSummaryResponseSchema>;
