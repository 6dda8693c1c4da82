// The expense calendar's events between two dates, as one SQL statement (the SQL twin of
// domain/expenses/schedule.ts, tested against it in events-sql.test.ts):
// - license payments: purchase date + n periods, only the 12 occurrences from today on;
// - G Suite payments: one per plan (price per user × users), from the first of the month the plan
//   was created, every month (annual plans: every year, 12 months' worth), the 12 from today on;
// - directory payments: the next payment date and up to 3 more (one-time: the next only);
// - license expiries and their renewal reminders 30 days before;
// - office accounts' renewal dates; hardware warranty expiries (no amount).
// Amounts are converted to the display currency and rounded to cents in SQL. A recurring item's
// occurrences are never enumerated beyond the window: the range of n that can fall in it is
// computed and intersected with the 12 future ones, so a month costs at most a few rows an item.
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import { DIRECTORY_FREQUENCY_MONTHS } from "../../domain/enums";
import type { EventSource } from "../../domain/expenses/schedule";
import {
  DIRECTORY_FURTHER_OCCURRENCES,
  LICENSE_FUTURE_OCCURRENCES,
  RENEWAL_REMINDER_DAYS,
} from "../../domain/expenses/schedule";
import type { RateSql } from "./rates-sql";

export interface EventWindow {
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  rate: RateSql;
  /** The sources to include (all when absent). */
  sources?: readonly EventSource[];
  /** Only payment events. */
  paymentsOnly?: boolean;
}

const months = (from: SQL, to: SQL) =>
  sql`((extract(year from ${to})::int - extract(year from ${from})::int) * 12 + extract(month from ${to})::int - extract(month from ${from})::int)`;

/**
 * Occurrences of recurring items (a subquery with columns source, name, amount, currency, s,
 * pd (period in days, 0 if in months), pm (period in months, 0 if in days)) in the window,
 * limited to the 12 from today on.
 */
function recurringSql(items: SQL, w: EventWindow): SQL {
  const from = sql`${w.from}::date`;
  const to = sql`${w.to}::date`;
  const today = sql`${w.today}::date`;
  const last = LICENSE_FUTURE_OCCURRENCES - 1;
  return sql`
    select occ.date, 'payment' as kind, r.source, r.name,
      round(r.amount * ${w.rate(sql`r.currency`)}, 2) as amount
    from (${items}) r
    cross join lateral (
      select case
        when r.s >= ${today} then 0
        when r.pd > 0 then ceil((${today} - r.s)::numeric / r.pd)::int
        else (select k + (case when (r.s + make_interval(months => k * r.pm))::date < ${today} then 1 else 0 end)
              from (select ceil(${months(sql`r.s`, today)}::numeric / r.pm)::int as k) c)
      end as k0,
      case when r.pd > 0 then ceil((${from} - r.s)::numeric / r.pd)::int
        else ceil(${months(sql`r.s`, from)}::numeric / r.pm)::int end as lo,
      case when r.pd > 0 then floor((${to} - r.s)::numeric / r.pd)::int
        else floor(${months(sql`r.s`, to)}::numeric / r.pm)::int end as hi
    ) k
    cross join lateral generate_series(greatest(k.k0, k.lo), least(k.k0 + ${last}, k.hi)) n
    cross join lateral (
      select case when r.pd > 0 then r.s + n * r.pd
        else (r.s + make_interval(months => n * r.pm))::date end as date
    ) occ
    where occ.date between ${from} and ${to}`;
}

// A listing's last occurrence is at most 3 × its frequency (at most 12 months, the form's longest)
// after its next payment date: the index on next_payment_date then bounds the scan.
const LONGEST_DIRECTORY_SPAN =
  Math.max(...DIRECTORY_FREQUENCY_MONTHS) * DIRECTORY_FURTHER_OCCURRENCES;

const PERIOD_DAYS = sql`case l.payment_frequency when 'daily' then 1 when 'weekly' then 7 else 0 end`;
const PERIOD_MONTHS = sql`case l.payment_frequency when 'monthly' then 1 when 'quarterly' then 3 when 'annually' then 12 else 0 end`;

/** The events in [from, to] (both included): date, kind, source, name, amount (display). */
export function eventsSql(w: EventWindow): SQL {
  const want = (source: EventSource) => !w.sources || w.sources.includes(source);
  const from = sql`${w.from}::date`;
  const to = sql`${w.to}::date`;
  const parts: SQL[] = [];

  if (want("license")) {
    parts.push(
      recurringSql(
        sql`select 'license' as source, l.name, l.payment_amount as amount,
            l.payment_currency as currency, l.purchase_date as s,
            ${PERIOD_DAYS} as pd, ${PERIOD_MONTHS} as pm
          from licenses l
          where l.purchase_date is not null and l.purchase_date <= ${to}
            and l.payment_amount is not null and l.renewal_status <> 'cancelled'
            and l.payment_frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'annually')`,
        w,
      ),
    );
    if (!w.paymentsOnly) {
      parts.push(sql`
        select l.expiry_date as date, 'expiry' as kind, 'license' as source, l.name,
          round(l.payment_amount * ${w.rate(sql`l.payment_currency`)}, 2) as amount
        from licenses l where l.expiry_date between ${from} and ${to}`);
      parts.push(sql`
        select l.expiry_date - ${RENEWAL_REMINDER_DAYS}::int as date, 'renewal' as kind,
          'license' as source, l.name,
          round(l.payment_amount * ${w.rate(sql`l.payment_currency`)}, 2) as amount
        from licenses l
        where l.expiry_date between ${from} + ${RENEWAL_REMINDER_DAYS}::int
          and ${to} + ${RENEWAL_REMINDER_DAYS}::int`);
    }
  }

  if (want("gsuite")) {
    parts.push(
      recurringSql(
        sql`select 'gsuite' as source, g.name,
            g.amount * (case g.cycle when 'annually' then 12 else 1 end) as amount,
            g.currency, g.s, 0 as pd, (case g.cycle when 'annually' then 12 else 1 end) as pm
          from (
            select coalesce(min(p.name), min(a.plan_type)) as name,
              sum(coalesce(p.base_price, a.price)) as amount,
              coalesce(p.currency, a.payment_currency) as currency,
              coalesce(min(p.billing_cycle), 'monthly') as cycle,
              date_trunc('month', coalesce(min(p.created_at), min(a.created_at)) at time zone 'UTC')::date as s
            from gsuite_accounts a left join gsuite_plans p on p.id = a.plan_id
            group by coalesce(p.id::text, 'type:' || a.plan_type), coalesce(p.currency, a.payment_currency)
          ) g
          where g.s <= ${to}`,
        w,
      ),
    );
  }

  if (want("directory")) {
    const step = sql`greatest(d.payment_frequency_months, 1)`;
    parts.push(sql`
      select occ.date, 'payment' as kind, 'directory' as source, d.name,
        round(d.payment_amount * ${w.rate(sql`d.payment_currency`)}, 2) as amount
      from directories d
      cross join lateral generate_series(0, case when d.is_one_time then 0 else ${DIRECTORY_FURTHER_OCCURRENCES}::int end) k
      cross join lateral (
        select (d.next_payment_date + make_interval(months => k * ${step}))::date as date
      ) occ
      where d.deleted_at is null and not d.is_cancelled and d.next_payment_date is not null
        and d.next_payment_date between ${from} - ${`${LONGEST_DIRECTORY_SPAN} months`}::interval and ${to}
        and occ.date between ${from} and ${to}`);
  }

  if (want("account") && !w.paymentsOnly) {
    parts.push(sql`
      select a.renewal_date as date, 'renewal' as kind, 'account' as source, a.email as name,
        round(a.payment_amount * ${w.rate(sql`a.payment_currency`)}, 2) as amount
      from accounts a
      where a.renewal_date between ${from} and ${to} and a.status = 'active'`);
  }

  if (want("hardware") && !w.paymentsOnly) {
    parts.push(sql`
      select h.warranty_expiry as date, 'expiry' as kind, 'hardware' as source, h.name,
        null::numeric as amount
      from hardware h
      where h.warranty_expiry between ${from} and ${to} and h.status <> 'retired'`);
  }

  if (parts.length === 0) {
    return sql`select null::date as date, null::text as kind, null::text as source,
      null::text as name, null::numeric as amount where false`;
  }
  return sql.join(parts, sql` union all `);
}
