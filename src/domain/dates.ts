// Calendar dates as 'YYYY-MM-DD' strings. A calendar date has no time zone: arithmetic on it must
// give the same answer whatever zone the server or the browser runs in, so the only place a zone
// enters is todayIso(), which asks "what date is it now in this zone?".
import {
  addDays as addDaysFns,
  addMonths as addMonthsFns,
  addYears as addYearsFns,
  differenceInCalendarDays,
} from "date-fns";

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in the form YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// date-fns computes in the runtime's local zone, so dates are built and read back in local time,
// at noon: noon exists on every DST-change day, and local build + local read cancel the zone out.
function toLocalNoon(value: IsoDate): Date {
  if (!isIsoDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1, 12);
  // setFullYear keeps years 0..99 literal (the Date constructor maps them to 1900..1999).
  date.setFullYear(year, month - 1, day);
  return date;
}

function fromLocal(date: Date): IsoDate {
  const year = String(date.getFullYear()).padStart(4, "0");
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/** Today's calendar date in a time zone (IANA name; the runtime's zone when omitted). */
export function todayIso(timeZone?: string, now: Date = new Date()): IsoDate {
  // The runtime's zone is what the Date's own getters read (and they follow a change of TZ).
  if (timeZone === undefined) return fromLocal(now);
  const parts = dayFormatIn(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

// Building an Intl.DateTimeFormat is slow (it loads the locale's and the zone's data): one per
// licenses list request was a fifth of one holder's call (0.76 → 0.61 ms, issue 7). One per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(toLocalNoon(to), toLocalNoon(from));
}

export const addDays = (date: IsoDate, days: number): IsoDate =>
  fromLocal(addDaysFns(toLocalNoon(date), days));

/** Adds months, clamping to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29). */
export const addMonths = (date: IsoDate, months: number): IsoDate =>
  fromLocal(addMonthsFns(toLocalNoon(date), months));

/** Adds years, clamping Feb 29 to Feb 28 in a non-leap year. */
export const addYears = (date: IsoDate, years: number): IsoDate =>
  fromLocal(addYearsFns(toLocalNoon(date), years));
