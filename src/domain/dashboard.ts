// The dashboard's license lists (spec part 1, sections 2.6 and 9). Pure: the caller passes
// today's calendar date. Whether a license renews by itself, and how many days it has left, come
// from the shared status rule (license-status.ts), so the dashboard can never disagree with the
// badges on the licenses screen.
//
// Auto-renewal follows renewalStatus alone, as the licenses screen's 'Auto-renews' and
// 'Auto-Renewing' do: a license with autoRenew true but renewalStatus manual is treated as manual
// (it can need attention and never renews soon), and renewalStatus auto with autoRenew false is
// treated as auto-renewing.
import { daysBetween, type IsoDate } from "./dates";
import type { Currency } from "./enums";
import { getLicenseStatus } from "./license-status";
import { formatMoney } from "./money/format";
import { nextOccurrence } from "./recurrence";

/** How long after expiry a license still shows in Needs Attention. */
export const RECENTLY_EXPIRED_DAYS = 30;
/** How long before expiry a license shows in Needs Attention. */
export const ATTENTION_AHEAD_DAYS = 30;
/** How far ahead Renews Soon looks. */
export const RENEWS_SOON_DAYS = 30;
/** Rows in Recently Added Licenses. */
export const RECENTLY_ADDED_COUNT = 3;

export interface DashboardLicense {
  name: string;
  expiryDate: IsoDate | null;
  renewalStatus: string;
  purchaseDate: IsoDate | null;
  paymentFrequency: string;
}

export interface NeedsAttentionItem<T> {
  license: T;
  /** Calendar days from today to the expiry date; negative once expired. */
  daysLeft: number;
}

export interface RenewsSoonItem<T> {
  license: T;
  renewalDate: IsoDate;
  daysUntilRenewal: number;
}

// Equal dates keep a fixed order (by name), so the rows do not swap between renders.
const byDateThenName = (a: { date: IsoDate; name: string }, b: { date: IsoDate; name: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name);

/**
 * Licenses that do not renew by themselves and expired at most 30 days ago or expire within the
 * next 30 days (−30 ≤ daysLeft ≤ 30), soonest expiry first. A license without an expiry date is
 * left out: it has no date to be near. Cancelled licenses are included: they are not set to
 * auto-renew, and their users lose access when they lapse.
 */
export function needsAttention<T extends DashboardLicense>(
  licenses: readonly T[],
  today: IsoDate,
): NeedsAttentionItem<T>[] {
  const items: (NeedsAttentionItem<T> & { date: IsoDate; name: string })[] = [];
  for (const license of licenses) {
    const { key, daysLeft } = getLicenseStatus(license, today);
    if (key === "auto-renewing" || daysLeft === null) continue;
    if (daysLeft < -RECENTLY_EXPIRED_DAYS || daysLeft > ATTENTION_AHEAD_DAYS) continue;
    items.push({ license, daysLeft, date: license.expiryDate!, name: license.name });
  }
  return items.sort(byDateThenName).map(({ license, daysLeft }) => ({ license, daysLeft }));
}

/**
 * When an auto-renewing license next renews: the next occurrence of its purchase date at its
 * payment frequency, else (no purchase date, one-time payment) its expiry date; null without
 * either.
 */
export function renewalDateOf(license: DashboardLicense, today: IsoDate): IsoDate | null {
  return (
    nextOccurrence(license.purchaseDate, license.paymentFrequency, today) ?? license.expiryDate
  );
}

/** Auto-renewing licenses whose renewal date is 0 to 30 days ahead, soonest first. */
export function renewsSoon<T extends DashboardLicense>(
  licenses: readonly T[],
  today: IsoDate,
): RenewsSoonItem<T>[] {
  const items: (RenewsSoonItem<T> & { date: IsoDate; name: string })[] = [];
  for (const license of licenses) {
    if (getLicenseStatus(license, today).key !== "auto-renewing") continue;
    const renewalDate = renewalDateOf(license, today);
    if (!renewalDate) continue;
    const daysUntilRenewal = daysBetween(today, renewalDate);
    if (daysUntilRenewal < 0 || daysUntilRenewal > RENEWS_SOON_DAYS) continue;
    items.push({ license, renewalDate, daysUntilRenewal, date: renewalDate, name: license.name });
  }
  return items.sort(byDateThenName).map(({ license, renewalDate, daysUntilRenewal }) => ({
    license,
    renewalDate,
    daysUntilRenewal,
  }));
}

/** The n newest licenses by creation instant, newest first (input order breaks ties). */
export function recentlyAdded<T extends { createdAt: string }>(
  licenses: readonly T[],
  n: number = RECENTLY_ADDED_COUNT,
): T[] {
  if (n <= 0) return [];
  const created = (license: T) => {
    const time = Date.parse(license.createdAt);
    return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
  };
  return [...licenses].sort((a, b) => created(b) - created(a)).slice(0, n);
}

export type DaysLeftBadgeVariant = "destructive" | "outline" | "secondary";

/** The Days Left badge: destructive once expired, outlined under 7 days, otherwise secondary. */
export function daysLeftBadgeVariant(days: number): DaysLeftBadgeVariant {
  if (days < 0) return "destructive";
  if (days < 7) return "outline";
  return "secondary";
}

/**
 * A cost as the amount plus the first letters of the payment frequency: '$259.00 / ann',
 * 'A$134.99 / mon', '$15.00 / wee'. A one-time payment is no period ('$99.00 / one' would read as
 * "per one"), so it is spelled out: '$99.00 one-time'. A missing amount shows '$0.00' (spec part
 * 1, section 5).
 */
export function costLabel(
  amount: unknown,
  frequency: string | null | undefined,
  currency: Currency = "USD",
): string {
  const money = formatMoney(amount, currency);
  if (!frequency) return money;
  if (frequency === "one-time") return `${money} one-time`;
  return `${money} / ${frequency.slice(0, 3)}`;
}
