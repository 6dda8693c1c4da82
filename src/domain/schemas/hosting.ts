// Hosting read models and calls (spec part 2: sections 3 'Hosting read models' and 7 'Hosting').
// Field names are the spec's (snake_case, as DigitalOcean's own); amounts are decimal strings in
// USD, summed as numeric in SQL, never floats.
import { z } from "zod";

export const HOSTING_STATUSES = ["configured", "not_configured", "error"] as const;
export type HostingStatusValue = (typeof HOSTING_STATUSES)[number];

export const HOSTING_IMPORT_KINDS = ["latest", "previous_month"] as const;
export type HostingImportKind = (typeof HOSTING_IMPORT_KINDS)[number];

const amountString = z.string().regex(/^-?\d+\.\d{2}$/);
const monthString = z.string().regex(/^\d{4}-\d{2}$/);

export const hostingLastImportSchema = z.object({
  kind: z.enum(HOSTING_IMPORT_KINDS),
  /** 'manual' when an administrator pressed a button, 'scheduled' for the daily refresh. */
  trigger: z.enum(["manual", "scheduled"]),
  outcome: z.enum(["success", "error"]),
  message: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
});
export type HostingLastImport = z.infer<typeof hostingLastImportSchema>;

export const hostingStatusResponseSchema = z.object({
  status: z.enum(HOSTING_STATUSES),
  message: z.string(),
  /** The last import that finished, whatever its outcome; null before the first. */
  last_import: hostingLastImportSchema.nullable(),
  /** When the last successful import finished (ISO instant), or null. */
  last_success_at: z.string().nullable(),
  /** True while an import runs (on this or another server instance). */
  importing: z.boolean(),
});
export type HostingStatusResponse = z.infer<typeof hostingStatusResponseSchema>;

export const hostingDropletSchema = z.object({
  droplet_id: z.string(),
  name: z.string(),
  project: z.string().nullable(),
  is_temporary: z.boolean(),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type HostingDroplet = z.infer<typeof hostingDropletSchema>;
export const hostingDropletsResponseSchema = z.array(hostingDropletSchema);

export const hostingCostSchema = z.object({
  droplet_id: z.string(),
  name: z.string(),
  project: z.string().nullable(),
  month: monthString,
  amount_usd: amountString,
});
export type HostingCost = z.infer<typeof hostingCostSchema>;
export const hostingCostsResponseSchema = z.array(hostingCostSchema);

export const hostingSummaryQuerySchema = z.object({
  /** The calendar date to summarise for (default: today in UTC, DigitalOcean's billing zone). */
  today: z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" }).optional(),
});

export const hostingSummaryResponseSchema = z.object({
  current_month: z.object({
    month: monthString,
    total: amountString,
    predicted: amountString,
    days_passed: z.number().int(),
    days_in_month: z.number().int(),
  }),
  previous_month: z.object({ month: monthString, total: amountString }),
  all_time_total: amountString,
  percent_change: z.object({ formatted: z.string(), is_increase: z.boolean() }),
});
export type HostingSummaryResponse = z.infer<typeof hostingSummaryResponseSchema>;

export const hostingImportResponseSchema = z.object({
  message: z.string(),
  /** The billing months imported, newest first. */
  months: z.array(monthString),
  /** Droplets added or updated. */
  droplets: z.number().int(),
  /** Cost rows written (inserted or replaced). */
  costs: z.number().int(),
});
export type HostingImportResponse = z.infer<typeof hostingImportResponseSchema>;

// Messages (the page shows them as they are).
export const HOSTING_NOT_CONFIGURED_MESSAGE =
  "The hosting API key must be configured (DIGITALOCEAN_TOKEN) before costs can be fetched.";
export const HOSTING_IMPORT_RUNNING_MESSAGE =
  "An import of DigitalOcean costs is already running. Try again when it has finished.";
export const DIGITALOCEAN_TOKEN_REFUSED_MESSAGE = "the DigitalOcean token was refused";
