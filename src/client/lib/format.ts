// How the client shows values, in one place so every screen agrees ('Jan 6, 2027', 'Multi-User',
// '$1,234.50'). The formatters are built once and reused: lists format a value per row on every
// render, and constructing Intl/date-fns formatters per call is what makes typing janky.
// Dates are written out here rather than with date-fns's format(), which with its English locale
// was about 5 kB gzip of the login page's and the dashboard's first load (issue 7's 170 kB goal).
import { isValid, parseISO } from "date-fns";
import { isIsoDate } from "@/domain/dates";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** 'MMM d, yyyy' of a local date: 'Mar 5, 2026'. */
function monthDayYear(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${String(date.getFullYear()).padStart(4, "0")}`;
}

export { formatAmount, formatMoney } from "@/domain/money/format";

/** 'multi-user' → 'Multi-User', 'annually' → 'Annually' (the spec shows types title-cased). */
export function titleCase(value: string): string {
  return value.replace(
    /(^|[\s-])(\p{L})/gu,
    (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`,
  );
}

/** A license type as the spec shows it: 'multi-user' → 'Multi-User'. */
export const formatLicenseType = titleCase;

/** A payment frequency as shown on rows: 'annually' → 'Annually'. */
export const formatFrequency = titleCase;

/** A calendar date for reading: '2026-03-05' → 'Mar 5, 2026'; null → '—'. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "—";
  if (!isIsoDate(value)) return "Invalid Date";
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  // Built from its parts in local time, so no time zone can move it to the day before.
  return monthDayYear(new Date(year, month - 1, day));
}

/**
 * An instant in the viewer's local time (the access history's format): 'Jan 5, 2025 at 2:03:09 PM'.
 * A missing value is 'Unknown'; a value that is not a date is 'Invalid Date'.
 */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return "Unknown";
  const date = parseISO(value);
  if (!isValid(date)) return "Invalid Date";
  const hours = date.getHours();
  const time = `${hours % 12 || 12}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
  return `${monthDayYear(date)} at ${time} ${hours < 12 ? "AM" : "PM"}`;
}

const countFormat = new Intl.NumberFormat("en-US");

/** A count with thousands separators: 2000 → '2,000'. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
