// License status from expiry date and renewal status (spec part 1, sections 4 and 9). Pure: the
// caller passes today's calendar date, so the answer never depends on the server's time zone.
import { daysBetween, type IsoDate } from "./dates";
import type { LicenseStatusFilter, LicenseStatusKey } from "./enums";

export const EXPIRING_SOON_DAYS = 30;

export type LicenseStatusTone = "blue" | "gray" | "red" | "yellow" | "green";

export interface LicenseStatus {
  key: LicenseStatusKey;
  label: "Auto-Renewing" | "Unknown" | "Expired" | "Expiring Soon" | "Active";
  tone: LicenseStatusTone;
  /** Calendar days from today to the expiry date (negative once past); null without an expiry. */
  daysLeft: number | null;
}

export interface LicenseDates {
  expiryDate: IsoDate | null | undefined;
  renewalStatus: string | null | undefined;
}

export function getLicenseStatus(license: LicenseDates, today: IsoDate): LicenseStatus {
  const daysLeft = license.expiryDate ? daysBetween(today, license.expiryDate) : null;
  if (license.renewalStatus === "auto") {
    return { key: "auto-renewing", label: "Auto-Renewing", tone: "blue", daysLeft };
  }
  if (daysLeft === null) return { key: "unknown", label: "Unknown", tone: "gray", daysLeft };
  if (daysLeft < 0) return { key: "expired", label: "Expired", tone: "red", daysLeft };
  if (daysLeft <= EXPIRING_SOON_DAYS) {
    return { key: "expiring", label: "Expiring Soon", tone: "yellow", daysLeft };
  }
  return { key: "active", label: "Active", tone: "green", daysLeft };
}

/**
 * The list filter. It follows the badge, so a row never shows one status and filters as another:
 * - auto-renewing licenses do not lapse, so they count as active (whatever the stored date says);
 * - a license without an expiry date counts as expired, as the spec files the 'Unknown' badge
 *   under the expired status: its missing date needs someone's attention.
 */
export function matchesStatusFilter(
  license: LicenseDates,
  filter: LicenseStatusFilter,
  today: IsoDate,
): boolean {
  if (filter === "all") return true;
  const { key } = getLicenseStatus(license, today);
  switch (filter) {
    case "active":
      return key === "active" || key === "auto-renewing";
    case "expiring":
      return key === "expiring";
    case "expired":
      return key === "expired" || key === "unknown";
  }
}
