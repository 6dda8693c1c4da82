// G Suite billing per plan, shared by Expense Analysis (expenses/gsuite-section.ts) and the
// calendar's payments (obligations/events-sql.ts), so both count an account the same way: at
// its plan's base price when it has a plan, else at its own price, grouped per plan type and
// currency.
import { sql } from "drizzle-orm";

/**
 * What a G Suite plan is billed, one row per plan (accounts without a plan: per plan type and
 * currency): plan_id (null without a plan), name, users, amount (the price per user summed over its accounts, in `currency`),
 * cycle, created_at (the plan's, else its first account's). The accounts are counted before the
 * plans are joined, so the join and the grouping keys cost one row per plan, not per account.
 */
export const gsuitePlanGroups = sql`(
  select p.id as plan_id, coalesce(p.name, a.plan_type) as name, a.users,
    coalesce(p.base_price * a.users, a.amount) as amount,
    coalesce(p.currency, a.currency) as currency,
    coalesce(p.billing_cycle, 'monthly') as cycle,
    coalesce(p.created_at, a.created_at) as created_at
  from (
    select plan_id, min(plan_type) as plan_type,
      case when plan_id is null then payment_currency end as currency,
      count(*)::int as users, sum(price) as amount, min(created_at) as created_at
    from gsuite_accounts
    group by plan_id, case when plan_id is null then plan_type end,
      case when plan_id is null then payment_currency end
  ) a
  left join gsuite_plans p on p.id = a.plan_id
)`;
