// Currency conversion inside a query: a CASE over the currency column with the stored rates
// (loadCurrencyRates, the same figures convertWith uses) bound as numeric parameters, so SQL can
// order and sum amounts of mixed currencies in the display currency.
import { type SQL, sql } from "drizzle-orm";
import { RATE_CURRENCIES, type RateCurrency } from "../../domain/enums";
import { type CurrencyRates, rateBetween } from "../../domain/money/rates";

export type RateSql = (currency: SQL) => SQL;

/** The factor from `from` to `target` as the numeric literal SQL multiplies by. */
export function rateFactor(rates: CurrencyRates, from: RateCurrency, target: RateCurrency): string {
  return String(rateBetween(rates, from, target));
}

/** rate(currencyColumn): the factor from that row's currency to `target`. */
export function rateSql(rates: CurrencyRates, target: RateCurrency): RateSql {
  const branches = sql.join(
    RATE_CURRENCIES.map(
      (from) => sql`when ${from} then ${rateFactor(rates, from, target)}::numeric`,
    ),
    sql` `,
  );
  return (currency) => sql`(case ${currency} ${branches} else 1::numeric end)`;
}
