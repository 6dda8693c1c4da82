// Recurring payments and renewals (spec part 1, section 4).
import { addDays, addMonths, addYears, daysBetween, type IsoDate } from "./dates";

/** The start date moved forward by `count` whole periods, or null for a non-recurring frequency. */
export function step(start: IsoDate, frequency: string, count: number): IsoDate | null {
  switch (frequency) {
    case "daily":
      return addDays(start, count);
    case "weekly":
      return addDays(start, 7 * count);
    case "monthly":
      return addMonths(start, count);
    case "quarterly":
      return addMonths(start, 3 * count);
    case "annually":
      return addYears(start, count);
    default:
      return null;
  }
}

// The longest a period can be, in days: used to jump ahead without overshooting.
const MAX_DAYS_PER_PERIOD: Record<string, number> = {
  daily: 1,
  weekly: 7,
  monthly: 31,
  quarterly: 92,
  annually: 366,
};

/**
 * The first occurrence on or after today of something that started on startDate and repeats
 * with the frequency; startDate itself when it is today or later. Null for one-time or unknown
 * frequencies and for a missing date or frequency.
 *
 * Each occurrence is counted from the start date (start + n periods), not from the previous
 * occurrence, so a payment on the 31st comes back to the 31st after a short month instead of
 * drifting to the 28th for ever.
 */
export function nextOccurrence(
  startDate: IsoDate | null | undefined,
  frequency: string | null | undefined,
  today: IsoDate,
): IsoDate | null {
  const index = nextOccurrenceIndex(startDate, frequency, today);
  return index === null ? null : step(startDate!, frequency!, index);
}

/**
 * How many whole periods after startDate nextOccurrence falls (0 when startDate is today or
 * later); null when nextOccurrence is null. The calendar counts its future occurrences from it.
 */
export function nextOccurrenceIndex(
  startDate: IsoDate | null | undefined,
  frequency: string | null | undefined,
  today: IsoDate,
): number | null {
  if (!startDate || !frequency) return null;
  const maxDays = Object.hasOwn(MAX_DAYS_PER_PERIOD, frequency)
    ? MAX_DAYS_PER_PERIOD[frequency]
    : undefined;
  if (maxDays === undefined) return null;
  const behind = daysBetween(startDate, today);
  if (behind <= 0) return 0;
  // Jump to a count that surely still lies before today, then walk the last few steps.
  let count = Math.floor((behind - 1) / maxDays);
  for (;;) {
    const candidate = step(startDate, frequency, count)!;
    if (daysBetween(candidate, today) <= 0) return count;
    count++;
  }
}

/**
 * The new expiry date a renewal suggests: the previous expiry plus one payment period (a month
 * for monthly, three for quarterly, a year otherwise), or a year from today without one.
 */
export function defaultRenewalExpiry(
  previousExpiry: IsoDate | null | undefined,
  frequency: string | null | undefined,
  today: IsoDate,
): IsoDate {
  if (!previousExpiry) return addYears(today, 1);
  if (frequency === "monthly") return addMonths(previousExpiry, 1);
  if (frequency === "quarterly") return addMonths(previousExpiry, 3);
  return addYears(previousExpiry, 1);
}
