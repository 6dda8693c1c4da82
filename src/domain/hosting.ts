// Hosting cost rules (spec part 2, Hosting; issue 12): the month-to-date
// projection and the change against the previous month, and exact decimal arithmetic for the
// USD amounts DigitalOcean sends as strings. No floats touch money here: amounts are whole cents
// (bigint), and the one division (the projection) rounds half away from zero to the cent.
import { daysBetween, type IsoDate } from "./dates";
import { daysInMonth, type IsoMonth, isIsoMonth, monthOf, previousMonth } from "./money/months";

// Hosting speaks of billing months (DigitalOcean's invoice_period): they are plain months,
// counted by domain/money/months.ts; these names are hosting's words for them.
export { daysInMonth, monthOf, previousMonth, shiftMonth } from "./money/months";

/** A billing month, 'YYYY-MM' (DigitalOcean's invoice_period). */
export type BillingMonth = IsoMonth;

export const isBillingMonth = isIsoMonth;

/** Days of the month that have begun by `today`, counting today: 1 on the first. */
export function daysPassed(today: IsoDate): number {
  return daysBetween(`${monthOf(today)}-01`, today) + 1;
}

// ---------------------------------------------------------------------------------------------
// Exact USD amounts
// ---------------------------------------------------------------------------------------------

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Whole cents of a decimal string ('12.34', '-0.5', '7'); more than two decimals round half away from zero. */
export function parseCents(value: string): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ""] = match;
  const padded = `${fraction}000`;
  let cents = BigInt(whole!) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return minus ? -cents : cents;
}

/** Cents as a decimal string with two places: 1234n → '12.34', -5n → '-0.05'. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** a × numerator ÷ denominator in cents, rounded half away from zero. */
function scaleCents(cents: bigint, numerator: number, denominator: number): bigint {
  const n = cents * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const rounded = (abs * 2n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

// ---------------------------------------------------------------------------------------------
// The Cost Summary card
// ---------------------------------------------------------------------------------------------

export interface PercentChange {
  /** '12.5%' (magnitude, one decimal); 'N/A' when there is nothing to compare against. */
  formatted: string;
  is_increase: boolean;
}

/**
 * The change from the previous month's total to this month's projection. Without a previous
 * month there is no percentage: 'N/A', counted as an increase when anything is projected.
 */
export function percentChange(projected: bigint, previous: bigint): PercentChange {
  if (previous === 0n) return { formatted: "N/A", is_increase: projected > 0n };
  const delta = projected - previous;
  // Tenths of a percent, rounded half away from zero: |delta| × 1000 ÷ |previous|.
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const tenths = (abs(delta) * 1000n * 2n + abs(previous)) / (2n * abs(previous));
  return {
    formatted: `${tenths / 10n}.${tenths % 10n}%`,
    is_increase: delta > 0n,
  };
}

export interface HostingSummaryFigures {
  current_month: {
    month: BillingMonth;
    total: string;
    predicted: string;
    days_passed: number;
    days_in_month: number;
  };
  previous_month: { month: BillingMonth; total: string };
  all_time_total: string;
  percent_change: PercentChange;
}

/**
 * The Cost Summary from the month totals (decimal strings, as SQL sums them) and today's date:
 * predicted = month-to-date total ÷ days passed × days in the month.
 */
export function summarizeHosting(input: {
  today: IsoDate;
  currentTotal: string;
  previousTotal: string;
  allTimeTotal: string;
}): HostingSummaryFigures {
  const month = monthOf(input.today);
  const passed = daysPassed(input.today);
  const inMonth = daysInMonth(month);
  const current = parseCents(input.currentTotal) ?? 0n;
  const previous = parseCents(input.previousTotal) ?? 0n;
  const predicted = scaleCents(current, inMonth, passed);
  return {
    current_month: {
      month,
      total: formatCents(current),
      predicted: formatCents(predicted),
      days_passed: passed,
      days_in_month: inMonth,
    },
    previous_month: { month: previousMonth(month), total: formatCents(previous) },
    all_time_total: formatCents(parseCents(input.allTimeTotal) ?? 0n),
    percent_change: percentChange(predicted, previous),
  };
}

/** 'November 2026' for '2026-11' (English month names, as the rest of the UI). */
export function monthLabel(month: BillingMonth): string {
  if (!isIsoMonth(month)) return month;
  const names = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
