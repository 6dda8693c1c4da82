// The money rules of Expense Analysis (spec part 1 section 9, part 2 section 9), as pure functions
// over the sums the server reads in SQL (server/expenses/). The factor tables are the spec's
// (domain/money/factors.ts); the totals go through domain/money/grouped-total.ts.
//
// - license per month by frequency: LICENSE_MONTHLY_FACTOR, shared with the license list's cost
//   sort; any other frequency counts 0;
// - directory listing per month: amount ÷ directoryMonths (paymentFrequencyMonths, default 12;
//   one-time 12);
// - G Suite per month: the price per user × users (whatever the billing frequency), a year ×12;
// - a year is 12 × the month; the annualisation of one payment (part 2) is a different rule:
//   LICENSE_ANNUAL_FACTOR (one-time: none);
// - average cost per seat: the licenses' monthly total ÷ their total seats.
import { roundMoney, toAmount } from "../money/amounts";
import {
  directoryMonths,
  factorOf,
  LICENSE_ANNUAL_FACTOR,
  LICENSE_MONTHLY_FACTOR,
} from "../money/factors";

/** A license group's factor (0 for a frequency the monthly rule does not know). */
export const licenseFactor = (frequency: string | null | undefined) =>
  factorOf(LICENSE_MONTHLY_FACTOR, frequency) ?? 0;

/** What one payment of a license costs per month, in its own currency; 0 when unknown. */
export function licenseMonthlyCost(amount: unknown, frequency: string | null | undefined): number {
  const value = toAmount(amount);
  const factor = factorOf(LICENSE_MONTHLY_FACTOR, frequency);
  if (value === null || factor === undefined) return 0;
  return value * factor;
}

/** A directory group's factor: 1 ÷ the months its payment covers. */
export const directoryFactor = (months: number | null, isOneTime: boolean) =>
  1 / directoryMonths(months, isOneTime);

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

/** One payment annualised (daily ×365 ... annually ×1); null for one-time or unknown. */
export function annualisedCost(
  amount: unknown,
  frequency: string | null | undefined,
): number | null {
  const value = toAmount(amount);
  const factor = factorOf(LICENSE_ANNUAL_FACTOR, frequency);
  if (value === null || factor === undefined) return null;
  return value * factor;
}

/** The licenses' monthly total ÷ their total seats, to cents; 0 without seats. */
export function averageCostPerSeat(licenseMonthlyTotal: number, totalSeats: number): number {
  return totalSeats > 0 ? roundMoney(licenseMonthlyTotal / totalSeats) : 0;
}
