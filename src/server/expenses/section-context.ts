// What every Expense Analysis section (and the export of its tables) reads with: the stored
// rates, their SQL twin for sorting by cost, the display currency, today and the chart's window.
import { addDays, type IsoDate } from "../../domain/dates";
import type { RateCurrency } from "../../domain/enums";
import { chartMonths } from "../../domain/expenses/by-month";
import type { DisplayCurrencyCode } from "../../domain/expenses/schemas";
import { monthOf, shiftMonth } from "../../domain/money/months";
import { type CurrencyRates, convertWith } from "../../domain/money/rates";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Executor } from "../db/client";
import { type RateSql, rateSql } from "../money/rates-sql";

export interface Context {
  db: Pick<Executor, "execute">;
  rates: CurrencyRates;
  rate: RateSql;
  currency: DisplayCurrencyCode;
  today: IsoDate;
  windowStart: string;
  windowEnd: string;
}

/** An amount in the display currency, to cents. */
export const convert = (c: Context, amount: number, from: string) =>
  convertWith(c.rates, amount, from as RateCurrency, c.currency);

/**
 * An executor that runs its statements one after another. The sections are written as if they
 * ran side by side, but they share one transaction (lightRead), that is one connection, where
 * node-postgres would otherwise queue overlapping queries itself (deprecated in pg 8, gone in 9).
 */
function inTurn(db: Executor): Pick<Executor, "execute"> {
  let last: Promise<unknown> = Promise.resolve();
  return {
    execute: ((query: Parameters<Executor["execute"]>[0]) => {
      const run = last.then(() => db.execute(query));
      last = run.catch(() => {});
      return run;
    }) as Executor["execute"],
  };
}

/** What every section needs: the rates, the display currency, today and the chart's window. */
export async function expenseContext(
  db: Executor,
  currency: DisplayCurrencyCode,
  today: IsoDate,
): Promise<Context> {
  const rates = await loadCurrencyRates(db);
  const months = chartMonths(monthOf(today));
  return {
    db: inTurn(db),
    rates,
    rate: rateSql(rates, currency),
    currency,
    today,
    windowStart: `${months[0]}-01`,
    windowEnd: addDays(`${shiftMonth(months[months.length - 1]!, 1)}-01`, -1),
  };
}
