// When money is due, as the expense calendar shows it (spec part 1, sections 2.10, 4 and 9):
// - a license pays on its purchase date + n periods; the calendar shows its next 12 payments
//   from today (nextOccurrence, so a payment on the 31st stays on the 31st after short months);
// - a directory listing pays on its next payment date, then up to 3 more every
//   paymentFrequencyMonths (one-time: only the next; cancelled: none);
// - an expiry date is an expiry event, and a renewal reminder comes 30 days before it.
// The server computes the same dates in SQL (server/obligations/events-sql.ts, tested against
// these).
import { addDays, addMonths, type IsoDate } from "../dates";
import { directoryMonths } from "../money/factors";
import { nextOccurrenceIndex, step } from "../recurrence";

export const LICENSE_FUTURE_OCCURRENCES = 12;
export const DIRECTORY_FURTHER_OCCURRENCES = 3;
export const RENEWAL_REMINDER_DAYS = 30;
export const UPCOMING_DAYS = 30;

export const EVENT_KINDS = ["payment", "expiry", "renewal"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Where a calendar event comes from: the spec's license and directory, and the others. */
export const EVENT_SOURCES = ["license", "directory", "gsuite", "account", "hardware"] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** The next `count` payment dates of a recurring item from today; [] for one-time or unknown. */
export function futurePaymentDates(
  startDate: IsoDate | null | undefined,
  frequency: string | null | undefined,
  today: IsoDate,
  count = LICENSE_FUTURE_OCCURRENCES,
): IsoDate[] {
  const first = nextOccurrenceIndex(startDate, frequency, today);
  if (first === null) return [];
  return Array.from({ length: count }, (_, i) => step(startDate!, frequency!, first + i)!);
}

/** A directory listing's payment dates: the next, then up to 3 more (none when cancelled). */
export function directoryPaymentDates(listing: {
  nextPaymentDate: IsoDate | null;
  paymentFrequencyMonths: number | null;
  isOneTime: boolean;
  isCancelled: boolean;
}): IsoDate[] {
  const { nextPaymentDate: next } = listing;
  if (!next || listing.isCancelled) return [];
  if (listing.isOneTime) return [next];
  const months = directoryMonths(listing.paymentFrequencyMonths, false);
  return Array.from({ length: 1 + DIRECTORY_FURTHER_OCCURRENCES }, (_, k) =>
    addMonths(next, k * months),
  );
}

/** The renewal reminder of something that expires on `expiry`: 30 days before. */
export const renewalReminderDate = (expiry: IsoDate): IsoDate =>
  addDays(expiry, -RENEWAL_REMINDER_DAYS);

/** The 30-day window of the upcoming amount: today to today + 30, both included. */
export const upcomingWindow = (today: IsoDate) => ({
  from: today,
  to: addDays(today, UPCOMING_DAYS),
});
