// Expense Analysis's directory listings (decision 0015): the billing listings' monthly and
// yearly totals, the EXPENSE_TABLE_LIMIT most expensive and the starts for the chart.
import { sql } from "drizzle-orm";
import type { RateCurrency } from "../../domain/enums";
import type { StartGroup } from "../../domain/expenses/by-month";
import { directoryFactor, directoryMonthlyCost } from "../../domain/expenses/costs";
import { EXPENSE_TABLE_LIMIT } from "../../domain/expenses/schemas";
import { roundMoney } from "../../domain/money/amounts";
import { yearlyFromMonthly } from "../../domain/money/factors";
import { type CostGroup, convertedTotal } from "../../domain/money/grouped-total";
import { rowsOf } from "../db/rows-of";
import { directoryMonthsSql } from "../money/factors-sql";
import { type Context, convert } from "./section-context";

export interface DirectoryRow {
  id: number;
  name: string;
  amount: string;
  currency: string;
  months: number;
  is_one_time: boolean;
  next_payment_date: string | null;
}

export const billingDirectories = sql`d.deleted_at is null and not d.is_cancelled and d.payment_amount is not null`;

export const directoryRowColumns = sql`d.id, d.name, d.payment_amount::text as amount,
  d.payment_currency as currency, d.payment_frequency_months as months, d.is_one_time,
  d.next_payment_date::text as next_payment_date`;

/** A listing's monthly cost in the display currency. */
const directoryCost = (c: Context) =>
  sql`d.payment_amount / ${directoryMonthsSql} * ${c.rate(sql`d.payment_currency`)}`;

export const directoryOrder = (c: Context) => sql`${directoryCost(c)} desc, lower(d.name), d.id`;

export function directoryRow(c: Context, row: DirectoryRow) {
  const amount = Number(row.amount);
  const monthly = convert(
    c,
    directoryMonthlyCost(amount, row.months, row.is_one_time),
    row.currency,
  );
  return {
    id: row.id,
    name: row.name,
    amount,
    currency: row.currency,
    frequencyMonths: row.months,
    isOneTime: row.is_one_time,
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    nextPaymentDate: row.next_payment_date,
  };
}

/**
 * The listings' part in two statements that never read every listing: the billing listings
 * summed per day added, currency, frequency and one-time are kept by triggers
 * (directory_cost_groups, migration 0048), and the cost groups, the count and the chart's starts
 * are sums of those groups. The largest rows are the second: within one currency, frequency and
 * one-time the monthly cost is the amount times one positive factor, so each such group's largest
 * amounts (an index walk with a LIMIT) hold the overall largest, which the last sort picks.
 */
export async function directorySection(c: Context) {
  type Group = { currency: RateCurrency; months: number; is_one_time: boolean; amount: string };
  const [[sums], top] = await Promise.all([
    c.db
      .execute(sql`
        with g as materialized (
          select day, currency, months, is_one_time, listings as n, amount
          from directory_cost_groups
        )
        select
          (select json_agg(json_build_object('currency', currency, 'months', months,
              'is_one_time', is_one_time, 'amount', amount::text))
            from (select currency, months, is_one_time, sum(amount) as amount
              from g group by 1, 2, 3) x) as groups,
          (select sum(n) from g)::int as count,
          (select json_agg(json_build_object('month', month, 'currency', currency,
              'months', months, 'is_one_time', is_one_time, 'amount', amount::text))
            from (
              select to_char(greatest(date_trunc('month', day), ${c.windowStart}::date), 'YYYY-MM') as month,
                currency, months, is_one_time, sum(amount) as amount
              from g where day <= ${c.windowEnd}::date
              group by 1, 2, 3, 4
            ) s) as starts`)
      .then((r) =>
        rowsOf<{
          groups: Group[] | null;
          count: number | null;
          starts: (Group & { month: string })[] | null;
        }>(r),
      ),
    c.db.execute(sql`
      select t.* from (
        select distinct currency, months, is_one_time from directory_cost_groups
      ) p cross join lateral (
        select ${directoryRowColumns}, ${directoryCost(c)} as cost, lower(d.name) as sort_name
        from directories d
        where ${billingDirectories} and d.payment_currency = p.currency
          and d.payment_frequency_months = p.months and d.is_one_time = p.is_one_time
        order by d.payment_amount desc nulls last, lower(d.name), d.id
        limit ${EXPENSE_TABLE_LIMIT}
      ) t
      order by t.cost desc, t.sort_name, t.id limit ${EXPENSE_TABLE_LIMIT}`),
  ]);
  const costGroups: CostGroup[] = (sums?.groups ?? []).map((g) => ({
    currency: g.currency,
    factor: directoryFactor(g.months, g.is_one_time),
    amount: g.amount,
  }));
  const monthly = convertedTotal(costGroups, c.rates, c.currency);
  const table = rowsOf<DirectoryRow>(top).map((row) => directoryRow(c, row));
  const startGroups: StartGroup[] = (sums?.starts ?? []).map((g) => ({
    month: g.month,
    currency: g.currency,
    factor: directoryFactor(g.months, g.is_one_time),
    amount: g.amount,
  }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: sums?.count ?? 0,
    rows: table,
    startGroups,
  };
}
