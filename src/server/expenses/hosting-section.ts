// Expense Analysis's hosting (decision 0015): the invoiced droplet costs per month; the latest
// complete month stands for the monthly cost and gives the largest costs.
import { sql } from "drizzle-orm";
import { LARGEST_COSTS_LIMIT } from "../../domain/expenses/schemas";
import { roundMoney, toCents } from "../../domain/money/amounts";
import { yearlyFromMonthly } from "../../domain/money/factors";
import { monthOf } from "../../domain/money/months";
import { rowsOf } from "../db/rows-of";
import { type Context, convert } from "./section-context";

export async function hostingSection(c: Context) {
  const currentMonth = monthOf(c.today);
  const [months, droplets] = await Promise.all([
    c.db.execute(sql`
      select invoice_month as month, count(*)::int as droplets, sum(amount_usd)::text as amount
      from droplet_costs where invoice_month >= ${c.windowStart.slice(0, 7)}
      group by 1 order by 1 desc limit 25`),
    // The latest complete month's droplets, for the largest costs.
    c.db.execute(sql`
      with ref as (
        select coalesce(max(invoice_month) filter (where invoice_month < ${currentMonth}),
          max(invoice_month)) as month from droplet_costs)
      select coalesce(dr.name, c.droplet_id) as name, c.amount_usd::text as amount
      from droplet_costs c join ref on c.invoice_month = ref.month
      left join droplets dr on dr.droplet_id = c.droplet_id
      order by c.amount_usd desc, 1 limit ${LARGEST_COSTS_LIMIT}`),
  ]);
  const byMonth = rowsOf<{ month: string; droplets: number; amount: string }>(months);
  const reference = byMonth.find((row) => row.month < currentMonth) ?? byMonth[0] ?? null;
  const monthly = reference ? convert(c, toCents(reference.amount) / 100, "USD") : 0;
  const table = byMonth.slice(0, 12).map((row) => ({
    month: row.month,
    droplets: row.droplets,
    amountUsd: toCents(row.amount) / 100,
    amount: convert(c, toCents(row.amount) / 100, "USD"),
  }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: byMonth.length,
    month: reference?.month ?? null,
    rows: table,
    invoiced: new Map(
      byMonth.map((row) => [row.month, convert(c, toCents(row.amount) / 100, "USD")]),
    ),
    largest: rowsOf<{ name: string; amount: string }>(droplets).map((row) => ({
      source: "hosting" as const,
      name: row.name,
      monthly: convert(c, toCents(row.amount) / 100, "USD"),
    })),
  };
}
