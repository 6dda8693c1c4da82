// Which reminders are due on a day: pure rules shared by the pass (server) and the Settings
// screens (client). Obligations themselves come from the obligations list (issue 16); this file
// only decides, for given offsets, which of them to remind of on which day.
import { addDays, daysBetween, type IsoDate } from "./dates";
import { OBLIGATION_KINDS, type ObligationKind } from "./obligations";
import type { PreferencesResponse } from "./schemas/preferences";

/** Every kind of dated obligation can be reminded of, in the order the Settings card lists them. */
export const REMINDER_KINDS = OBLIGATION_KINDS;
export type ReminderKind = ObligationKind;

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  license_expiry: "Licence expiry",
  license_renewal: "Licence renewal",
  directory_payment: "Directory payment",
  gsuite_renewal: "G Suite renewal",
  office_account_renewal: "Office account renewal",
  hardware_warranty: "Hardware warranty end",
  trust_review_payment: "Trust review payment",
  hosting_month_end: "Hosting month end",
};

/** The default: 30, 15 and 7 days before, for every kind. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [30, 15, 7];
/** The furthest ahead an administrator may set a reminder. */
export const MAX_REMINDER_DAYS = 365;

/** The preference toggle that lets a person receive a kind's reminders. */
export type ReminderPreference = keyof Pick<
  PreferencesResponse,
  "licenseExpiryAlerts" | "hardwareWarrantyAlerts" | "accountRenewalAlerts" | "paymentAlerts"
>;

export const PREFERENCE_OF_KIND: Record<ReminderKind, ReminderPreference> = {
  license_expiry: "licenseExpiryAlerts",
  license_renewal: "licenseExpiryAlerts",
  hardware_warranty: "hardwareWarrantyAlerts",
  gsuite_renewal: "accountRenewalAlerts",
  office_account_renewal: "accountRenewalAlerts",
  directory_payment: "paymentAlerts",
  trust_review_payment: "paymentAlerts",
  hosting_month_end: "paymentAlerts",
};

export const isReminderKind = (value: string): value is ReminderKind =>
  (REMINDER_KINDS as readonly string[]).includes(value);

/** What the reminder rules need of an obligation (a subset of the obligations list's rows). */
export interface RemindableObligation {
  key: string;
  kind: string;
  date: IsoDate;
}

export interface DueReminder<T extends RemindableObligation> {
  obligation: T;
  /** Days before the obligation's date this reminder stands for. */
  daysBefore: number;
}

/**
 * The reminders to plan when the days `firstDay`..`today` have not been planned yet (one day in
 * normal running, several after downtime). An obligation gets the reminder of the first offset
 * whose day falls in the window; after downtime that is its earliest missed one, with the days
 * counted from its date, so a person is told once rather than once per missed offset. Obligations
 * already past on `today` get nothing: a reminder after the fact helps nobody.
 */
export function dueReminders<T extends RemindableObligation>(
  obligations: readonly T[],
  daysOf: (kind: string) => readonly number[],
  window: { firstDay: IsoDate; today: IsoDate },
): DueReminder<T>[] {
  const due: DueReminder<T>[] = [];
  for (const obligation of obligations) {
    if (daysBetween(window.today, obligation.date) < 0) continue;
    // Offsets whose day lies in the window, the smallest last: the nearest missed one wins.
    const inWindow = daysOf(obligation.kind).filter((days) => {
      const day = addDays(obligation.date, -days);
      return daysBetween(window.firstDay, day) >= 0 && daysBetween(day, window.today) >= 0;
    });
    if (inWindow.length === 0) continue;
    due.push({ obligation, daysBefore: Math.min(...inWindow) });
  }
  return due;
}

/** Attempts before a send is given up (and stays listed as failed for administrators). */
export const MAX_SEND_ATTEMPTS = 6;

/** Wait after the n-th failed attempt: 5 min, 20 min, 80 min, ~5 h, then at most 12 h. */
export function retryDelayMs(failedAttempts: number): number {
  const minutes = 5 * 4 ** Math.max(0, failedAttempts - 1);
  return Math.min(minutes, 12 * 60) * 60_000;
}
