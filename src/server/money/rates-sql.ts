// Currency conversion inside a query: a CASE over the currency column with the stored rates
// (loadCurrencyRates, the same figures convertWith uses) bound as numeric parameters, so SQL can
// order and sum amounts of mixed currencies in the display currency.
import { type SQL, sql } from "drizzle-orm";
import { RATE_CURRENCIES, type RateCurrency } from "../../domain/enums";
import { type CurrencyRates, rateBetween } from "../../domain/money/rates";

export type RateSql = (currency: SQL) => SQL;

/** The factor a currency column holding `from` is multiplied by (rateSql's), as numeric text. */
export function rateText(rates: CurrencyRates, from: string, target: RateCurrency): string {
  // A currency without a rate converts one to one: rateSql's `else`.
  return (RATE_CURRENCIES as readonly string[]).includes(from)
    ? String(rateBetween(rates, from as RateCurrency, target))
    : "1";
}

/** rate(currencyColumn): the factor from that row's currency to `target`. */
export function rateSql(rates: CurrencyRates, target: RateCurrency): RateSql {
  const branches = sql.join(
    RATE_CURRENCIES.map((from) => sql`when ${from} then ${rateText(rates, from, target)}::numeric`),
    sql` `,
  );
  return (currency) => sql`(case ${currency} ${branches} else 1::numeric end)`;
}
