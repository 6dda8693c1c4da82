// Expense Analysis's G Suite (decision 0015): one row per plan (accounts without a plan: per plan
// type and currency), billed as the calendar bills it (gsuite/plan-groups-sql.ts).
import { sql } from "drizzle-orm";
import type { RateCurrency } from "../../domain/enums";
import type { StartGroup } from "../../domain/expenses/by-month";
import { EXPENSE_TABLE_LIMIT } from "../../domain/expenses/schemas";
import { roundMoney, toCents } from "../../domain/money/amounts";
import { yearlyFromMonthly } from "../../domain/money/factors";
import { convertedTotal } from "../../domain/money/grouped-total";
import { rowsOf } from "../db/rows-of";
import { gsuitePlanGroups } from "../gsuite/plan-groups-sql";
import { type Context, convert } from "./section-context";

interface PlanRow {
  plan: string;
  users: number;
  amount: string;
  currency: RateCurrency;
  billing_cycle: string;
}

export async function gsuiteSection(c: Context, limit = EXPENSE_TABLE_LIMIT) {
  const [plans, starts] = await Promise.all([
    c.db.execute(sql`
      select g.name as plan, g.users, g.amount::text as amount, g.currency,
        g.cycle as billing_cycle
      from ${gsuitePlanGroups} g`),
    // The accounts summed per day added and billing group are kept (gsuite_cost_groups: one
    // row per day and plan, whatever the number of accounts); they are priced and grouped by
    // month.
    c.db.execute(sql`
      select to_char(greatest(date_trunc('month', a.day), ${c.windowStart}::date), 'YYYY-MM') as month,
        coalesce(p.currency, a.currency) as currency,
        sum(coalesce(p.base_price * a.users, a.amount))::text as amount
      from (
        select day, nullif(plan_id, 0) as plan_id, nullif(currency, '') as currency,
          sum(accounts)::int as users, sum(amount) as amount
        from gsuite_cost_groups
        where day <= ${c.windowEnd}::date
        group by 1, 2, 3
      ) a left join gsuite_plans p on p.id = a.plan_id
      group by 1, 2`),
  ]);
  const planRows = rowsOf<PlanRow>(plans);
  // One row per plan (and currency): never more than the plans there are, so no LIMIT is
  // needed for the total, only for the table.
  const monthly = convertedTotal(
    planRows.map((p) => ({ currency: p.currency, factor: 1, amount: p.amount })),
    c.rates,
    c.currency,
  );
  const table = planRows
    .map((row) => {
      const rowMonthly = convert(c, toCents(row.amount) / 100, row.currency);
      return {
        plan: row.plan,
        users: row.users,
        pricePerUser: roundMoney(toCents(row.amount) / 100 / Math.max(row.users, 1)),
        currency: row.currency,
        billingCycle: row.billing_cycle,
        monthly: rowMonthly,
        yearly: roundMoney(yearlyFromMonthly(rowMonthly)),
      };
    })
    .sort((a, b) => b.monthly - a.monthly || a.plan.localeCompare(b.plan));
  const startGroups: StartGroup[] = rowsOf<{
    month: string;
    currency: RateCurrency;
    amount: string;
  }>(starts).map((g) => ({ month: g.month, currency: g.currency, factor: 1, amount: g.amount }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: planRows.reduce((sum, row) => sum + row.users, 0),
    rows: table.slice(0, limit),
    startGroups,
  };
}
