// Per-user settings (spec part 2, Settings), stored on the server instead of in page state.
import { z } from "zod";

export const preferencesResponseSchema = z.object({
  /** Licence keys start masked; off: they are revealed (and the view logged) as the list shows them. */
  maskLicenseKeys: z.boolean(),
  /** Alerts 30, 15 and 7 days before a licence expires. */
  licenseExpiryAlerts: z.boolean(),
  /** When a licence is assigned to or removed from the user. */
  assignmentChangeAlerts: z.boolean(),
  /** Reminders before a hardware warranty ends. */
  hardwareWarrantyAlerts: z.boolean(),
  /** Reminders before a G Suite or office account renews. */
  accountRenewalAlerts: z.boolean(),
  /** Reminders before directory, trust review and hosting payments. */
  paymentAlerts: z.boolean(),
  /** One mail a day listing that day's reminders instead of one mail each. */
  reminderDigest: z.boolean(),
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

export const DEFAULT_PREFERENCES: PreferencesResponse = {
  maskLicenseKeys: true,
  licenseExpiryAlerts: true,
  assignmentChangeAlerts: true,
  hardwareWarrantyAlerts: true,
  accountRenewalAlerts: true,
  paymentAlerts: true,
  reminderDigest: false,
};

/** A partial update: only the named toggles change. */
export const updatePreferencesRequestSchema = preferencesResponseSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Nothing to update" });
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;
