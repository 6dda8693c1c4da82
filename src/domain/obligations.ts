// One list of obligations (issue 16): every dated commitment, from the rules that already date
// them. The license, directory, G Suite, office account and hardware dates are the expense
// calendar's events (domain/expenses/schedule.ts, computed in SQL by
// server/obligations/events-sql.ts); this file only says which event is which obligation, how it
// is named, keyed and linked, and adds the two kinds the calendar does not show: trust review
// payments and hosting month ends.
import { z } from "zod";
import { addDays, type IsoDate, isIsoDate } from "./dates";
import { type EventKind, type EventSource, RENEWAL_REMINDER_DAYS } from "./expenses/schedule";
import { monthBounds, monthOf, shiftMonth } from "./money/months";

export const OBLIGATION_KINDS = [
  "license_expiry",
  "license_renewal",
  "directory_payment",
  "gsuite_renewal",
  "office_account_renewal",
  "hardware_warranty",
  "trust_review_payment",
  "hosting_month_end",
] as const;
export const obligationKindSchema = z.enum(OBLIGATION_KINDS);
export type ObligationKind = z.infer<typeof obligationKindSchema>;

/** The area of each kind, named as the activity log names areas. */
export const OBLIGATION_AREAS = {
  license_expiry: "licenses",
  license_renewal: "licenses",
  directory_payment: "directories",
  gsuite_renewal: "gsuite",
  office_account_renewal: "office_accounts",
  hardware_warranty: "hardware",
  trust_review_payment: "trust_reviews",
  hosting_month_end: "hosting",
} as const satisfies Record<ObligationKind, string>;
export type ObligationArea = (typeof OBLIGATION_AREAS)[ObligationKind];

export const obligationSchema = z.object({
  /** Stable and unique per occurrence: the same item's same date keeps its key across calls. */
  key: z.string(),
  kind: obligationKindSchema,
  area: z.enum([
    "licenses",
    "directories",
    "gsuite",
    "office_accounts",
    "hardware",
    "trust_reviews",
    "hosting",
  ]),
  /** The item's row; null where there is none (hosting's month, G Suite accounts without a plan). */
  itemId: z.number().int().nullable(),
  title: z.string(),
  date: z.string(),
  /** Exact decimal in the item's own currency, never converted. */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /**
   * The person it concerns: in a person's own list, that person; in the full list, the item's
   * one assignee (null when it has none or several: see personUserIds).
   */
  personUserId: z.number().int().nullable(),
  /** Everyone assigned to the item (license seats, office account users, hardware holder). */
  personUserIds: z.array(z.number().int()),
  /** Where the item is in the client. */
  path: z.string(),
});
export type Obligation = z.infer<typeof obligationSchema>;

/** Which calendar event is which obligation; null for events that are not obligations. */
export function obligationKindOfEvent(source: EventSource, kind: EventKind): ObligationKind | null {
  if (source === "license") {
    if (kind === "expiry") return "license_expiry";
    if (kind === "renewal") return "license_renewal";
    return null; // a license's recurring payments are the calendar's, not a commitment to act on
  }
  if (source === "directory" && kind === "payment") return "directory_payment";
  if (source === "gsuite" && kind === "payment") return "gsuite_renewal";
  if (source === "account" && kind === "renewal") return "office_account_renewal";
  if (source === "hardware" && kind === "expiry") return "hardware_warranty";
  return null;
}

/**
 * A key that stays the same for the same item and date: "<kind>:<item id>:<date>". Items without a
 * row (G Suite accounts grouped by plan type, hosting) use their name instead of the id.
 */
export function obligationKey(
  kind: ObligationKind,
  item: { itemId: number | null; name: string; currency?: string | null },
  date: IsoDate,
): string {
  if (kind === "hosting_month_end") return `${kind}:${date}`;
  if (item.itemId !== null) return `${kind}:${item.itemId}:${date}`;
  return `${kind}:${encodeURIComponent(item.name)}:${item.currency ?? ""}:${date}`;
}

const TITLES: Record<ObligationKind, (name: string) => string> = {
  license_expiry: (name) => `License expires: ${name}`,
  license_renewal: (name) => `License renewal due: ${name}`,
  directory_payment: (name) => `Directory listing payment: ${name}`,
  gsuite_renewal: (name) => `G Suite renewal: ${name}`,
  office_account_renewal: (name) => `Office account renewal: ${name}`,
  hardware_warranty: (name) => `Warranty ends: ${name}`,
  trust_review_payment: (name) => `Trust review payment: ${name}`,
  hosting_month_end: (name) => `Hosting month ends: ${name}`,
};

export const obligationTitle = (kind: ObligationKind, name: string) => TITLES[kind](name);

/** A day's obligations of one kind told as one ("12 licenses expire"); n is more than one. */
const GROUP_TITLES: Record<ObligationKind, (n: number) => string> = {
  license_expiry: (n) => `${n} licenses expire`,
  license_renewal: (n) => `${n} license renewals due`,
  directory_payment: (n) => `${n} directory listing payments`,
  gsuite_renewal: (n) => `${n} G Suite renewals`,
  office_account_renewal: (n) => `${n} office account renewals`,
  hardware_warranty: (n) => `${n} warranties end`,
  trust_review_payment: (n) => `${n} trust review payments`,
  hosting_month_end: (n) => `${n} hosting month ends`,
};

export const obligationGroupTitle = (kind: ObligationKind, n: number) => GROUP_TITLES[kind](n);

/**
 * A key for a day's obligations of one kind told together: stable for that day and kind whatever
 * the items, and never another obligation's key (those start with the kind).
 */
export const obligationGroupKey = (kind: ObligationKind, date: IsoDate) => `group:${kind}:${date}`;

const PAGES: Record<ObligationArea, string> = {
  licenses: "/licenses",
  directories: "/directories",
  gsuite: "/gsuite-accounts",
  office_accounts: "/accounts",
  hardware: "/hardware",
  trust_reviews: "/trust-reviews",
  hosting: "/hosting",
};

/** The list the kind's items are on. */
export const obligationListPath = (kind: ObligationKind) => PAGES[OBLIGATION_AREAS[kind]];

/** The licenses list narrowed to one expiry date (its `expiryFrom`/`expiryTo` filter). */
const licensesExpiringOn = (date: IsoDate) =>
  `${PAGES.licenses}?${new URLSearchParams({ expiryFrom: date, expiryTo: date })}`;

/**
 * The kind's list narrowed to exactly the obligations of that day, where the list has such a
 * filter (decision 0053): the calendar feed's event for a day's many obligations links there, so
 * its description need not name them all. Null where the list has none (then the event names
 * every item). A renewal reminder falls RENEWAL_REMINDER_DAYS before the license's expiry.
 */
export function obligationDayListPath(kind: ObligationKind, date: IsoDate): string | null {
  if (kind === "license_expiry") return licensesExpiringOn(date);
  if (kind === "license_renewal") return licensesExpiringOn(addDays(date, RENEWAL_REMINDER_DAYS));
  return null;
}

/** The item's list, searched for its name (the list kit keeps `search` in the URL). */
export function obligationPath(kind: ObligationKind, name: string): string {
  const page = PAGES[OBLIGATION_AREAS[kind]];
  if (kind === "hosting_month_end" || kind === "gsuite_renewal") return page;
  return `${page}?${new URLSearchParams({ search: name })}`;
}

/**
 * Hosting is billed per calendar month (DigitalOcean's invoice closes at the month's end): the
 * last day of every month in [from, to].
 */
export function hostingMonthEnds(from: IsoDate, to: IsoDate): IsoDate[] {
  const ends: IsoDate[] = [];
  for (let month = monthOf(from); `${month}-01` <= to; month = shiftMonth(month, 1)) {
    const { last } = monthBounds(month);
    if (last >= from && last <= to) ends.push(last);
  }
  return ends;
}

/** A trust review's next payment is due while it is active and the client pays (in part). */
export const TRUST_REVIEW_PAYING_STATUSES = ["paying", "partial"] as const;

// localeCompare with no locale is this collator's compare (ECMA-402), which sorts 30,000
// obligations several times faster than creating one for each comparison.
const byLocale = new Intl.Collator().compare;

/** Date first; then kind and title, so a day's order is the same on every call. */
export function compareObligations(
  a: Pick<Obligation, "date" | "kind" | "title" | "key">,
  b: Pick<Obligation, "date" | "kind" | "title" | "key">,
): number {
  return (
    byLocale(a.date, b.date) ||
    OBLIGATION_KINDS.indexOf(a.kind) - OBLIGATION_KINDS.indexOf(b.kind) ||
    byLocale(a.title, b.title) ||
    byLocale(a.key, b.key)
  );
}

/** A range of days, both included: at most a little over a year and a half, from before to. */
export const OBLIGATION_RANGE_MAX_DAYS = 550;
const day = z.iso
  .date({ error: "Must be a date in the form YYYY-MM-DD" })
  .refine(isIsoDate, "Must be a real date");
// Object refinements run even when a field failed, so each guards against a date that is not one.
const bothDates = (r: { from: string; to: string }) => isIsoDate(r.from) && isIsoDate(r.to);
export const obligationRangeSchema = z
  .object({ from: day, to: day })
  .strict()
  .refine((r) => !bothDates(r) || r.from <= r.to, {
    message: "from must not be after to",
    path: ["to"],
  })
  .refine((r) => !bothDates(r) || r.to <= addDays(r.from, OBLIGATION_RANGE_MAX_DAYS), {
    message: `The range is at most ${OBLIGATION_RANGE_MAX_DAYS} days`,
    path: ["to"],
  });
