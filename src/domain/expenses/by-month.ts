// The chart's monthly spend by source over the last 12 months and the next 12: an item counts
// from the month it started (a license's purchase date, else when it was added) at its monthly
// cost; hosting counts what was invoiced, and its latest complete month for the months ahead.
// SQL groups the items by starting month (items that started before the window are in its first
// month); this accumulates them.
import type { RateCurrency } from "../enums";
import { type CostGroup, convertedTotal } from "../money/grouped-total";
import { type IsoMonth, shiftMonth } from "../money/months";
import type { CurrencyRates } from "../money/rates";

export interface StartGroup extends CostGroup {
  /** The first month the group's items count in ('YYYY-MM'). */
  month: IsoMonth;
}

/** The 24 months of the chart: 12 before the current one, the current one, 11 after. */
export function chartMonths(currentMonth: IsoMonth): IsoMonth[] {
  return Array.from({ length: 24 }, (_, i) => shiftMonth(currentMonth, i - 12));
}

/** For each month, the monthly total of the groups that started in or before it. */
export function cumulativeByMonth(
  months: readonly IsoMonth[],
  groups: readonly StartGroup[],
  rates: CurrencyRates,
  currency: RateCurrency,
): number[] {
  return months.map((month) =>
    convertedTotal(
      groups.filter((group) => group.month <= month),
      rates,
      currency,
    ),
  );
}
