// G Suite billing per plan, shared by Expense Analysis (expenses/gsuite-section.ts) and the
// calendar's payments (obligations/events-sql.ts), so both count an account the same way: at
// its plan's base price when it has a plan, else at its own price, grouped per plan type and
// currency.
import { sql } from "drizzle-orm";

/**
 * What a G Suite plan is billed, one row per plan (accounts without a plan: per plan type and
 * currency): plan_id (null without a plan), name, users, amount (the price per user summed over
 * its accounts, in `currency`), cycle, first_day (the day the plan was added, else its first
 * account's, in UTC). The accounts come summed per day and billing group (gsuite_cost_groups,
 * kept by triggers: migration 0050), so neither this nor the plans' join reads every account.
 */
export const gsuitePlanGroups = sql`(
  select p.id as plan_id, coalesce(p.name, a.plan_type) as name, a.users,
    coalesce(p.base_price * a.users, a.amount) as amount,
    coalesce(p.currency, a.currency) as currency,
    coalesce(p.billing_cycle, 'monthly') as cycle,
    coalesce((p.created_at at time zone 'UTC')::date, a.first_day) as first_day
  from (
    select nullif(plan_id, 0) as plan_id, plan_type, nullif(currency, '') as currency,
      sum(accounts)::int as users, sum(amount) as amount, min(day) as first_day
    from gsuite_cost_groups
    group by plan_id, plan_type, currency
  ) a
  left join gsuite_plans p on p.id = a.plan_id
)`;
