// The money rules of Expense Analysis (spec part 1 section 9, part 2 section 9), as pure functions
// over the sums the server reads in SQL (server/expenses/): SQL adds up the stored amounts of each
// group (currency and frequency) exactly, in numeric; a group's factor and its currency rate are
// applied here once per group, and the figure is rounded to cents at the very end. So 20,000 rows
// never accumulate float error: only a handful of multiplications happen in floating point.
//
// - license per month by frequency: monthly ×1, annually ÷12, quarterly ÷3, weekly ×4.33,
//   daily ×30.44, one-time spread over 12 months (MONTHLY_FACTOR in ../money.ts, shared with the
//   license list's cost sort); any other frequency counts 0;
// - directory listing per month: amount ÷ paymentFrequencyMonths (default 12), one-time ÷12;
// - G Suite per month: the price per user × users (whatever the billing frequency), a year ×12;
// - a year is 12 × the month; the annualisation of one payment (part 2) is a different rule:
//   daily ×365, weekly ×52, monthly ×12, quarterly ×4, annually ×1 (one-time: none);
// - average cost per seat: the licenses' monthly total ÷ their total seats.
import type { RateCurrency } from "../enums";
import { type CurrencyRates, MONTHLY_FACTOR, rateBetween, roundMoney, toAmount } from "../money";

export { MONTHLY_FACTOR };

/** What one payment of a license costs per month, in its own currency; 0 when unknown. */
export function licenseMonthlyCost(amount: unknown, frequency: string | null | undefined): number {
  const value = toAmount(amount);
  if (value === null || !frequency || !Object.hasOwn(MONTHLY_FACTOR, frequency)) return 0;
  return value * (MONTHLY_FACTOR[frequency] as number);
}

/** The default payment frequency of a directory listing, in months (spec part 2, section 9). */
export const DEFAULT_DIRECTORY_MONTHS = 12;

/** Months a directory listing's payment covers: its frequency (12 when missing), 12 when one-time. */
export function directoryMonths(
  paymentFrequencyMonths: number | null | undefined,
  isOneTime: boolean,
): number {
  if (isOneTime) return 12;
  return paymentFrequencyMonths && paymentFrequencyMonths > 0
    ? paymentFrequencyMonths
    : DEFAULT_DIRECTORY_MONTHS;
}

/** What a directory listing costs per month, in its own currency. */
export function directoryMonthlyCost(
  amount: unknown,
  paymentFrequencyMonths: number | null | undefined,
  isOneTime: boolean,
): number {
  const value = toAmount(amount);
  if (value === null) return 0;
  return value / directoryMonths(paymentFrequencyMonths, isOneTime);
}

/** A G Suite plan per month: price per user × users (the price is monthly whatever the cycle). */
export function gsuiteMonthlyCost(pricePerUser: unknown, users: number): number {
  return (toAmount(pricePerUser) ?? 0) * users;
}

/** A year of a monthly figure. */
export const yearlyFromMonthly = (monthly: number) => monthly * 12;

/** Payments a year by frequency (part 2, section 9's annualisation); one-time has none. */
export const ANNUAL_FACTOR: Readonly<Record<string, number>> = {
  daily: 365,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  annually: 1,
};

/** One payment annualised (daily ×365 ... annually ×1); null for one-time or unknown. */
export function annualisedCost(
  amount: unknown,
  frequency: string | null | undefined,
): number | null {
  const value = toAmount(amount);
  if (value === null || !frequency || !Object.hasOwn(ANNUAL_FACTOR, frequency)) return null;
  return value * (ANNUAL_FACTOR[frequency] as number);
}

/** The licenses' monthly total ÷ their total seats, to cents; 0 without seats. */
export function averageCostPerSeat(licenseMonthlyTotal: number, totalSeats: number): number {
  return totalSeats > 0 ? roundMoney(licenseMonthlyTotal / totalSeats) : 0;
}

/**
 * Cents of a stored amount or an exact SQL sum ('1234.56', 1234.56): integers, so sums of them
 * are exact. Rounds to the nearest cent (a numeric(12,2) sum has no more decimals anyway).
 */
export function toCents(value: unknown): number {
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    const [whole, fraction = ""] = value.trim().replace("-", "").split(".");
    const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
    const rest = fraction.slice(2);
    const roundedUp = rest !== "" && Number(rest[0]) >= 5 ? 1 : 0;
    const magnitude = cents + roundedUp;
    return value.trim().startsWith("-") ? -magnitude : magnitude;
  }
  const amount = toAmount(value);
  return amount === null ? 0 : Math.round(roundMoney(amount) * 100);
}

/** Exact sum of amounts, through integer cents. */
export function sumAmounts(values: readonly unknown[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value);
  return cents / 100;
}

/**
 * A sum of stored amounts that share a currency and one per-month factor (a license frequency,
 * a directory listing's months...), as SQL groups them. `amount` is the exact sum ('1234.50').
 */
export interface CostGroup {
  currency: RateCurrency;
  /** Multiplier from the summed payments to a month (licenses: MONTHLY_FACTOR[frequency]). */
  factor: number;
  amount: string | number;
}

/**
 * The groups' monthly total in `currency`: each group's exact sum × its factor × its rate,
 * added up, rounded to cents once at the end.
 */
export function monthlyTotal(
  groups: readonly CostGroup[],
  rates: CurrencyRates,
  currency: RateCurrency,
): number {
  let total = 0;
  for (const group of groups) {
    total +=
      (toCents(group.amount) * group.factor * rateBetween(rates, group.currency, currency)) / 100;
  }
  return roundMoney(total);
}

/** A license group's factor (0 for a frequency the monthly rule does not know). */
export const licenseFactor = (frequency: string) =>
  Object.hasOwn(MONTHLY_FACTOR, frequency) ? (MONTHLY_FACTOR[frequency] as number) : 0;

/** A directory group's factor: 1 ÷ the months its payment covers. */
export const directoryFactor = (months: number | null, isOneTime: boolean) =>
  1 / directoryMonths(months, isOneTime);
