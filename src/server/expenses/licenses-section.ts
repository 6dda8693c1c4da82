// Expense Analysis's licenses (decision 0015): the monthly and yearly totals, the seats, the
// EXPENSE_TABLE_LIMIT most expensive licenses and the starts for the chart. SQL sums the amounts
// per currency and frequency exactly (numeric, returned as text); the domain applies the monthly
// factors and the stored rates once per group (domain/expenses/costs.ts).
import { sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import type { RateCurrency } from "../../domain/enums";
import type { StartGroup } from "../../domain/expenses/by-month";
import { annualisedCost, licenseFactor, licenseMonthlyCost } from "../../domain/expenses/costs";
import { EXPENSE_TABLE_LIMIT } from "../../domain/expenses/schemas";
import { roundMoney } from "../../domain/money/amounts";
import { yearlyFromMonthly } from "../../domain/money/factors";
import { type CostGroup, convertedTotal } from "../../domain/money/grouped-total";
import { nextOccurrence, step } from "../../domain/recurrence";
import { rowsOf } from "../db/rows-of";
import { licenseMonthlyFactorSql } from "../money/factors-sql";
import { type Context, convert } from "./section-context";

const licenseFactorSql = licenseMonthlyFactorSql(sql`l.payment_frequency`);

export interface LicenseRow {
  id: number;
  name: string;
  amount: string;
  currency: string;
  frequency: string;
  total_seats: number;
  purchase_date: string | null;
}

/** Selects a license row's columns (aliased for LicenseRow). */
export const licenseRowColumns = sql`l.id, l.name, l.payment_amount::text as amount,
  l.payment_currency as currency, l.payment_frequency as frequency, l.total_seats,
  l.purchase_date::text as purchase_date`;

/** The table row of a license: amounts converted to the display currency, to cents. */
export function licenseRow(c: Context, row: LicenseRow) {
  const amount = Number(row.amount);
  const annual = annualisedCost(amount, row.frequency);
  return {
    id: row.id,
    name: row.name,
    amount,
    currency: row.currency,
    frequency: row.frequency,
    totalSeats: row.total_seats,
    monthly: convert(c, licenseMonthlyCost(amount, row.frequency), row.currency),
    yearly: annual === null ? null : convert(c, annual, row.currency),
    nextPaymentDate: licenseNextPayment(row.purchase_date, row.frequency, c.today),
  };
}

/** A license's monthly cost in the display currency. */
const licenseCost = (c: Context) =>
  sql`l.payment_amount * ${licenseFactorSql} * ${c.rate(sql`l.payment_currency`)}`;

/** Licenses with largest monthly cost in the display currency first. */
export const licenseOrder = (c: Context) => sql`${licenseCost(c)} desc, lower(l.name), l.id`;

/**
 * The licenses' part in one statement that never reads every license: the licenses summed per
 * start date (purchase date, else the day added), currency and frequency are kept by triggers
 * (license_cost_groups, migration 0048: a few hundred groups, whatever the table size), and the
 * cost groups, counts and chart groups are sums of those groups. The largest rows come from the
 * index on (currency, frequency, amount): within one currency and frequency the monthly cost in
 * the display currency is the amount times one positive factor, so each pair's largest amounts
 * (an index walk with a LIMIT) hold the overall largest, which the last sort picks.
 */
export async function licenseSection(c: Context) {
  const [result] = rowsOf<{
    groups: { currency: RateCurrency; frequency: string; amount: string }[] | null;
    count: number | null;
    seats: number | null;
    starts: { month: string; currency: RateCurrency; frequency: string; amount: string }[] | null;
    top: LicenseRow[] | null;
  }>(
    await c.db.execute(sql`
      with g as materialized (
        select start, currency, frequency, licenses as n, seats,
          case when paid > 0 then amount end as amount
        from license_cost_groups
      ),
      paid as (
        select currency, frequency, sum(amount) as amount
        from g where amount is not null group by 1, 2
      )
      select
        (select json_agg(json_build_object('currency', currency, 'frequency', frequency,
          'amount', amount::text)) from paid) as groups,
        (select sum(n) from g)::int as count,
        (select sum(seats) from g)::int as seats,
        (select json_agg(json_build_object('month', month, 'currency', currency,
            'frequency', frequency, 'amount', amount::text))
          from (
            select to_char(greatest(date_trunc('month', start), ${c.windowStart}::date), 'YYYY-MM') as month,
              currency, frequency, sum(amount) as amount
            from g where amount is not null and start <= ${c.windowEnd}::date
            group by 1, 2, 3
          ) s) as starts,
        (select json_agg(t order by t.cost desc, t.sort_name, t.id) from (
          select t.* from paid p cross join lateral (
            select ${licenseRowColumns}, ${licenseCost(c)} as cost, lower(l.name) as sort_name
            from licenses l
            where l.payment_currency = p.currency and l.payment_frequency = p.frequency
              and l.payment_amount is not null
            order by l.payment_amount desc nulls last, lower(l.name), l.id
            limit ${EXPENSE_TABLE_LIMIT}
          ) t
          order by t.cost desc, t.sort_name, t.id limit ${EXPENSE_TABLE_LIMIT}
        ) t) as top`),
  );
  const costGroups: CostGroup[] = (result?.groups ?? []).map((g) => ({
    currency: g.currency,
    factor: licenseFactor(g.frequency),
    amount: g.amount,
  }));
  const monthly = convertedTotal(costGroups, c.rates, c.currency);
  const table = (result?.top ?? []).map((row) => licenseRow(c, row));
  const startGroups: StartGroup[] = (result?.starts ?? []).map((g) => ({
    month: g.month,
    currency: g.currency,
    factor: licenseFactor(g.frequency),
    amount: g.amount,
  }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: result?.count ?? 0,
    totalSeats: result?.seats ?? 0,
    rows: table,
    startGroups,
  };
}

/**
 * A license's next payment: its next occurrence from the purchase date; without a purchase
 * date, the spec's today plus one period (part 2, section 9); none for one-time.
 */
export function licenseNextPayment(
  purchaseDate: IsoDate | null,
  frequency: string,
  today: IsoDate,
): IsoDate | null {
  if (purchaseDate) return nextOccurrence(purchaseDate, frequency, today);
  return step(today, frequency, 1);
}
