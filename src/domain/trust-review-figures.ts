// The Trust Reviews summary cards' figures (spec part 2, section 9), as pure functions over the
// per-currency sums the server reads in SQL (server/trust-reviews/summary.ts):
// - license cost: to yearly monthly ×12, quarterly ×4, annually ×1, one-time ÷3 (spread over
//   three years), anything else as annual; to monthly ×1, ÷3, ÷12, ÷36, anything else ÷12;
// - client revenue: only paying and partial rows; monthly as is (×12 a year), annually ÷12 a
//   month (as is a year);
// - each converted into the display currency, summed, and rounded to 2 decimals at the end.
import type { RateCurrency } from "./enums";
import { type CurrencyRates, rateBetween, roundMoney } from "./money";

/** Multipliers from a license's payment to a year and to a month. */
export function licenseCostFactors(frequency: string): { yearly: number; monthly: number } {
  switch (frequency) {
    case "monthly":
      return { yearly: 12, monthly: 1 };
    case "quarterly":
      return { yearly: 4, monthly: 1 / 3 };
    case "one-time":
      return { yearly: 1 / 3, monthly: 1 / 36 };
    default:
      // annually, and (as the spec says) any other frequency
      return { yearly: 1, monthly: 1 / 12 };
  }
}

/** Multipliers from a client's payment to a year and to a month. */
export function clientRevenueFactors(frequency: string): { yearly: number; monthly: number } {
  return frequency === "annually" ? { yearly: 1, monthly: 1 / 12 } : { yearly: 12, monthly: 1 };
}

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
  factors: (frequency: string) => { yearly: number; monthly: number },
  period: "yearly" | "monthly",
  rates: CurrencyRates,
  currency: RateCurrency,
): number {
  let sum = 0;
  for (const group of groups) {
    sum +=
      group.amount *
      factors(group.frequency)[period] *
      rateBetween(rates, group.currency, currency);
  }
  return sum;
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
  const period = (which: "yearly" | "monthly"): PeriodFigures => {
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
