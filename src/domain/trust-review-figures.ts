// The Trust Reviews summary cards' figures (spec part 2, section 9), as pure functions over the
// per-currency sums the server reads in SQL (server/trust-reviews/summary.ts):
// - license cost: TRUST_REVIEW_LICENSE_FACTORS, any frequency it does not list as annually;
// - client revenue: only paying and partial rows; CLIENT_REVENUE_FACTORS, anything but annually
//   as monthly;
// - each converted into the display currency, summed, and rounded to 2 decimals at the end
//   (domain/money/grouped-total.ts).
import type { RateCurrency } from "./enums";
import { roundMoney } from "./money/amounts";
import {
  CLIENT_REVENUE_FACTORS,
  factorOf,
  type PeriodFactors,
  TRUST_REVIEW_LICENSE_FACTORS,
} from "./money/factors";
import { convertedSum } from "./money/grouped-total";
import type { CurrencyRates } from "./money/rates";

/** Multipliers from a license's payment to a year and to a month. */
export const licenseCostFactors = (frequency: string): PeriodFactors =>
  factorOf(TRUST_REVIEW_LICENSE_FACTORS, frequency) ?? TRUST_REVIEW_LICENSE_FACTORS.annually!;

/** Multipliers from a client's payment to a year and to a month. */
export const clientRevenueFactors = (frequency: string): PeriodFactors =>
  factorOf(CLIENT_REVENUE_FACTORS, frequency) ?? CLIENT_REVENUE_FACTORS.monthly!;

/** A sum of amounts that share a currency and a frequency. */
export interface AmountGroup {
  currency: RateCurrency;
  frequency: string;
  amount: number;
}

export interface PeriodFigures {
  revenue: number;
  cost: number;
  net: number;
}

export interface TrustReviewFigures {
  monthly: PeriodFigures;
  annual: PeriodFigures;
}

function total(
  groups: AmountGroup[],
  factors: (frequency: string) => PeriodFactors,
  period: keyof PeriodFactors,
  rates: CurrencyRates,
  currency: RateCurrency,
): number {
  const costGroups = groups.map((group) => ({
    currency: group.currency,
    factor: factors(group.frequency)[period],
    amount: group.amount,
  }));
  return convertedSum(costGroups, rates, currency);
}

/**
 * The Monthly and Annual Financial Summary cards: revenue from the paying and partial client
 * rows (`revenue`, already filtered), cost of the licenses lent to clients (`cost`, each license
 * once), net = revenue − cost; all in `currency`, rounded to cents.
 */
export function trustReviewFigures(
  input: { revenue: AmountGroup[]; cost: AmountGroup[] },
  rates: CurrencyRates,
  currency: RateCurrency,
): TrustReviewFigures {
  const period = (which: keyof PeriodFactors): PeriodFigures => {
    const revenue = total(input.revenue, clientRevenueFactors, which, rates, currency);
    const cost = total(input.cost, licenseCostFactors, which, rates, currency);
    return {
      revenue: roundMoney(revenue),
      cost: roundMoney(cost),
      net: roundMoney(revenue - cost),
    };
  };
  return { monthly: period("monthly"), annual: period("yearly") };
}
