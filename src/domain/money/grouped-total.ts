// The one way money is added up across currencies: SQL sums the stored amounts of each group
// (one currency and one factor) exactly, in numeric; each group's factor and rate are applied
// here once, and the figure is rounded to cents at the very end. So 20,000 rows never
// accumulate float error: only a handful of multiplications happen in floating point.
import type { RateCurrency } from "../enums";
import { roundMoney, toCents } from "./amounts";
import { type CurrencyRates, rateBetween } from "./rates";

/**
 * A sum of stored amounts that share a currency and one factor (a license frequency's monthly
 * factor, a directory listing's months...), as SQL groups them. `amount` is the exact sum
 * ('1234.50').
 */
export interface CostGroup {
  currency: RateCurrency;
  /** Multiplier from the summed payments to the period wanted (a month, a year). */
  factor: number;
  amount: string | number;
}

/** The groups' sum in `currency`, each group's amount × its factor × its rate, not rounded. */
export function convertedSum(
  groups: readonly CostGroup[],
  rates: CurrencyRates,
  currency: RateCurrency,
): number {
  let total = 0;
  for (const group of groups) {
    total +=
      (toCents(group.amount) * group.factor * rateBetween(rates, group.currency, currency)) / 100;
  }
  return total;
}

/** The groups' total in `currency`, rounded to cents once at the end. */
export const convertedTotal = (
  groups: readonly CostGroup[],
  rates: CurrencyRates,
  currency: RateCurrency,
): number => roundMoney(convertedSum(groups, rates, currency));
