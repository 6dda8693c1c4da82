// The spec's factor tables, each named after where the spec uses it. They are different rules
// (a one-time license is spread over 12 months on the dashboard but over 36 in trust reviews),
// so they stay different tables; every other file, and every SQL twin (server/money/), reads
// them from here.

/**
 * A license payment per month, by frequency (spec part 1, section 9: the dashboard's and Expense
 * Analysis's monthly cost, and the license list's cost sort): monthly ×1, annually ÷12,
 * quarterly ÷3, weekly ×4.33, daily ×30.44, one-time spread over 12 months; any other
 * frequency counts 0.
 */
export const LICENSE_MONTHLY_FACTOR: Readonly<Record<string, number>> = {
  daily: 30.44,
  weekly: 4.33,
  monthly: 1,
  quarterly: 1 / 3,
  annually: 1 / 12,
  "one-time": 1 / 12,
};

/**
 * A license payment's annualisation on the directory and expense screens (spec part 2,
 * section 9): payments a year by frequency; one-time has none.
 */
export const LICENSE_ANNUAL_FACTOR: Readonly<Record<string, number>> = {
  daily: 365,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  annually: 1,
};

/** The default payment frequency of a directory listing, in months (spec part 2, section 9). */
export const DEFAULT_DIRECTORY_MONTHS = 12;

/**
 * Months a directory listing's payment covers (spec part 1, section 9): its frequency (12 when
 * missing), 12 when one-time.
 */
export function directoryMonths(
  paymentFrequencyMonths: number | null | undefined,
  isOneTime: boolean,
): number {
  if (isOneTime) return 12;
  return paymentFrequencyMonths && paymentFrequencyMonths > 0
    ? paymentFrequencyMonths
    : DEFAULT_DIRECTORY_MONTHS;
}

/** Multipliers from a payment to a year and to a month. */
export interface PeriodFactors {
  yearly: number;
  monthly: number;
}

/**
 * A lent license's cost in trust reviews (spec part 2, section 9): to a year monthly ×12,
 * quarterly ×4, annually ×1, one-time ÷3 (spread over three years), any other frequency as
 * annually; to a month ×1, ÷3, ÷12, ÷36.
 */
export const TRUST_REVIEW_LICENSE_FACTORS: Readonly<Record<string, PeriodFactors>> = {
  monthly: { yearly: 12, monthly: 1 },
  quarterly: { yearly: 4, monthly: 1 / 3 },
  annually: { yearly: 1, monthly: 1 / 12 },
  "one-time": { yearly: 1 / 3, monthly: 1 / 36 },
};

/**
 * A client's payment in trust reviews (spec part 2, section 9): annually ÷12 a month and as is a
 * year; monthly (and anything else) as is a month, ×12 a year.
 */
export const CLIENT_REVENUE_FACTORS: Readonly<Record<string, PeriodFactors>> = {
  monthly: { yearly: 12, monthly: 1 },
  annually: { yearly: 1, monthly: 1 / 12 },
};

/** A year of a monthly figure (the spec's "yearly figure is 12 times monthly"). */
export const yearlyFromMonthly = (monthly: number) => monthly * 12;

/** A table's factor for a key it lists (never an inherited property such as "toString"). */
export function factorOf<T>(table: Readonly<Record<string, T>>, key: string | null | undefined) {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}
