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
// A license's payment dates depend only on its purchase date and frequency, so they are computed
// once per (purchase date, frequency) pair, not once per license: the counts and sums (`grouped`)
// take each pair's licenses as one row standing for `n` events, and the event rows join the pairs
// that pay in the window back to their licenses by purchase date (an index walk). The calendar
// reads the pairs with their counts and sums from groups kept by triggers (keptLicensePayments,
// decision 0062), so a month no longer reads every paying license.
// Every event also names its item (item_id: the license, listing, account, hardware or G Suite
// plan; null for accounts grouped by plan type without a plan, and for grouped license payments)
// and the amount's own currency, so the list of obligations (server/obligations) reads the same
// events instead of a second copy.
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import { DIRECTORY_FREQUENCY_MONTHS } from "../../domain/enums";
import type { EventSource } from "../../domain/expenses/schedule";
import {
  DIRECTORY_FURTHER_OCCURRENCES,
  LICENSE_FUTURE_OCCURRENCES,
  RENEWAL_REMINDER_DAYS,
} from "../../domain/expenses/schedule";
import type { DisplayCurrencyCode } from "../../domain/expenses/schemas";
import { monthBounds, monthOf } from "../../domain/money/months";
import { gsuitePlanGroups } from "../gsuite/plan-groups-sql";
import type { RateSql } from "../money/rates-sql";

export interface EventWindow {
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  rate: RateSql;
  /** The sources to include (all when absent). */
  sources?: readonly EventSource[];
  /** Only payment events. */
  paymentsOnly?: boolean;
  /**
   * For counts and sums only: each row stands for `n` events of one date, kind and source, its
   * amount their sum (name is null for grouped license payments). Without it, one row an event.
   */
  grouped?: boolean;
  /** Leave out licenses' recurring payments (the obligations list has expiries and renewals). */
  withoutLicensePayments?: boolean;
  /**
   * The display currency whose kept license payment groups (license_payment_groups, made current
   * for `rate` by keepLicensePaymentGroups) stand for the paying licenses: grouped license
   * payments are read from them instead of grouping every paying license, and event rows join
   * only the licenses of the groups that pay in the window.
   */
  keptLicensePayments?: DisplayCurrencyCode;
}

// 0..11: the offsets from an item's first occurrence in the window (a join with a constant list
// is far cheaper per item than a set-returning function, which builds a tuple store each call).
const OFFSETS = sql.raw(
  Array.from({ length: LICENSE_FUTURE_OCCURRENCES }, (_, i) => `(${i})`).join(", "),
);

/** A date's month as a whole number (year × 12 + month − 1), computed here for the window. */
const monthIndex = (date: IsoDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The same for an item's start date, once per row . */
const startMonthSql = (start: SQL) =>
  sql`(extract(year from ${start})::int * 12 + extract(month from ${start})::int - 1)`;

/** Whole months from the item's start month to a window date's month. */
const months = (date: IsoDate) => sql`(${monthIndex(date)}::int - r.sm)`;

/**
 * Occurrences of recurring items in the window, limited to the 12 from today on: `items` is a
 * subquery with columns s (first payment date), sm (s's month index), sd (s's day), pd (period in
 * days, 0 if in months), pm (period in months, 0 if in days) and any others, which are passed on;
 * the answer has the items' columns and `date`, one row per occurrence.
 */
function recurringSql(items: SQL, w: EventWindow): SQL {
  const from = sql`${w.from}::date`;
  const to = sql`${w.to}::date`;
  const today = sql`${w.today}::date`;
  const last = LICENSE_FUTURE_OCCURRENCES - 1;
  const todayIdx = monthIndex(w.today);
  const todayDay = Number(w.today.slice(8, 10));
  const todayMonthDays = Number(monthBounds(monthOf(w.today)).last.slice(8, 10));
  // Everything per item is integer arithmetic on the start's month index (sm) and day (sd); a
  // ceiling is (a + b - 1) / b. For months: the first n whose month is not before today's is
  // ceil(months / pm); that occurrence (its day clamped to the month's length) is still before
  // today only in today's own month, when its day is earlier. Negative numerators only occur for
  // the lower bound lo, which greatest(k0, lo) with k0 >= 0 makes harmless.
  const monthsToToday = months(w.today);
  const ceilMonths = sql`((${monthsToToday} + r.pm - 1) / r.pm)`;
  const k0 = sql`case
      when r.s >= ${today} then 0
      when r.pd > 0 then ((${today} - r.s) + r.pd - 1) / r.pd
      else ${ceilMonths} + (case when r.sm + ${ceilMonths} * r.pm = ${todayIdx}::int
        and least(r.sd, ${todayMonthDays}::int) < ${todayDay}::int then 1 else 0 end)
    end`;
  // The candidates are computed once and kept (materialized): the offsets' join would otherwise
  // evaluate these expressions again for each of the 12 offsets.
  return sql`
    select * from (
      with c as materialized (
        select b.*, greatest(b.k0, b.lo) as first_n,
          least(b.k0 + ${last}, b.hi) - greatest(b.k0, b.lo) as span
        from (
          select r.*, ${k0} as k0,
            case when r.pd > 0 then ((${from} - r.s) + r.pd - 1) / r.pd
              else (${months(w.from)} + r.pm - 1) / r.pm end as lo,
            case when r.pd > 0 then (${to} - r.s) / r.pd
              else ${months(w.to)} / r.pm end as hi
          from (${items}) r
          -- offset 0 keeps this a subquery, so k0, lo and hi are computed once per item
          offset 0
        ) b
        where greatest(b.k0, b.lo) <= least(b.k0 + ${last}, b.hi)
      )
      select c.*, occ.date
      from c
      join (values ${OFFSETS}) j(j) on j.j <= c.span
      cross join lateral (
        select case when c.pd > 0 then c.s + (c.first_n + j.j) * c.pd
          else (c.s + make_interval(months => (c.first_n + j.j) * c.pm))::date end as date
      ) occ
      where occ.date between ${from} and ${to}
    ) recurring`;
}

// A listing's last occurrence is at most 3 × its frequency (at most 12 months, the form's longest)
// after its next payment date: the index on next_payment_date then bounds the scan.
const LONGEST_DIRECTORY_SPAN =
  Math.max(...DIRECTORY_FREQUENCY_MONTHS) * DIRECTORY_FURTHER_OCCURRENCES;

// 0..3: a listing's next payment and the further ones (a constant list, as OFFSETS above).
const DIRECTORY_STEPS = sql.raw(
  Array.from({ length: DIRECTORY_FURTHER_OCCURRENCES + 1 }, (_, k) => `(${k})`).join(", "),
);

const periodDays = (frequency: SQL) =>
  sql`case ${frequency} when 'daily' then 1 when 'weekly' then 7 else 0 end`;
const periodMonths = (frequency: SQL) =>
  sql`case ${frequency} when 'monthly' then 1 when 'quarterly' then 3 when 'annually' then 12 else 0 end`;

/** An event's name, amount (display currency), item and the amount's own currency. */
interface EventRow {
  name: SQL;
  amount: SQL;
  itemId: SQL;
  currency: SQL;
}

/**
 * Events of one kind dated by a column of one table (`from`: the table and its condition, `row`:
 * name, amount, item_id and currency). With `grouped`, one row a date with its count and no
 * amount: no caller sums these kinds' amounts, and a count per date is read from the date's
 * index alone (an index-only scan) instead of every event's row.
 */
function datedSql(
  w: EventWindow,
  e: { kind: string; source: EventSource; date: SQL; from: SQL; row: EventRow },
): SQL {
  return w.grouped
    ? sql`select ${e.date} as date, ${e.kind}::text as kind, ${e.source}::text as source,
        null::text as name, null::numeric as amount, null::int as item_id, null::text as currency,
        count(*)::int as n
      from ${e.from} group by 1`
    : sql`select ${e.date} as date, ${e.kind}::text as kind, ${e.source}::text as source,
        ${e.row.name} as name, ${e.row.amount} as amount, ${e.row.itemId} as item_id,
        ${e.row.currency} as currency
      from ${e.from}`;
}

/**
 * The listings that can pay in the window: those whose next payment date is in it, and for each
 * step of the form's frequencies (1, 3, 6, 12 months) those whose next payment date is k steps
 * (k = 1..3) before the window, each a range of the index on frequency and next payment date. A
 * window then reads the listings that pay in it, not every listing whose next payment date is in
 * the 3 years before it. Frequencies outside the form's keep the 3 years' range (as many
 * occurrences as before).
 */
function payingInWindow(w: EventWindow): SQL {
  const from = sql`${w.from}::date`;
  const to = sql`${w.to}::date`;
  // A date plus whole months is clamped to the month's last day (Aug 31 + 1 month = Sep 30), so
  // the window moved back by k steps is widened by 3 days each side: a superset, the dates
  // themselves are checked below.
  const shifted = (months: number) =>
    sql`d.next_payment_date between (${from} - ${`${months} months 3 days`}::interval)::date
      and (${to} - ${`${months} months`}::interval)::date + 3`;
  const steps = DIRECTORY_FREQUENCY_MONTHS.map((months) => {
    // A frequency of 0 or less steps by a month (greatest(months, 1) above).
    const frequency =
      months === 1
        ? sql`d.payment_frequency_months <= 1`
        : sql`d.payment_frequency_months = ${months}::int`;
    const ranges = Array.from({ length: DIRECTORY_FURTHER_OCCURRENCES }, (_, k) =>
      shifted((k + 1) * months),
    );
    return sql`(${frequency} and (${sql.join(ranges, sql` or `)}))`;
  });
  // The frequencies between and above the form's, each a range of the same index.
  const gaps = DIRECTORY_FREQUENCY_MONTHS.flatMap((months, i) => {
    const next = DIRECTORY_FREQUENCY_MONTHS[i + 1];
    if (next === undefined) return [sql`d.payment_frequency_months > ${months}::int`];
    return next > months + 1
      ? [sql`d.payment_frequency_months between ${months + 1}::int and ${next - 1}::int`]
      : [];
  });
  const others = sql`((${sql.join(gaps, sql` or `)})
    and d.next_payment_date between ${from} - ${`${LONGEST_DIRECTORY_SPAN} months`}::interval and ${to})`;
  return sql`(d.next_payment_date between ${from} and ${to} or ${sql.join(steps, sql` or `)} or ${others})`;
}

/**
 * The events in [from, to] (both included): date, kind, source, name, amount (display), item_id,
 * currency (the item's own), and with `grouped` the number of events n each row stands for.
 */
export function eventsSql(w: EventWindow): SQL {
  const want = (source: EventSource) => !w.sources || w.sources.includes(source);
  const from = sql`${w.from}::date`;
  const to = sql`${w.to}::date`;
  // One row per event; license payments (grouped or not) are added at the end.
  const parts: SQL[] = [];
  // Payments of listings and G Suite plans are one row an event, grouped or not.
  const oneEach = w.grouped ? sql`, 1 as n` : sql``;
  let licensePayments: SQL | null = null;

  if (want("license") && !w.withoutLicensePayments) {
    const payingLicenses = sql`l.purchase_date is not null and l.purchase_date <= ${to}
      and l.payment_amount is not null and l.renewal_status <> 'cancelled'
      and l.payment_frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'annually')`;
    const licenseAmount = sql`round(l.payment_amount * ${w.rate(sql`l.payment_currency`)}, 2)`;
    const pairColumns = (
      start: SQL,
      frequency: SQL,
    ) => sql`${start} as s, ${frequency} as frequency,
      ${startMonthSql(start)} as sm, extract(day from ${start})::int as sd,
      ${periodDays(frequency)} as pd, ${periodMonths(frequency)} as pm`;
    // One row per (purchase date, frequency) pair; with `grouped`, its licenses' count and the sum
    // of their amounts (each converted and rounded as its own event would be): from the kept
    // groups when the caller has them, else by grouping the paying licenses.
    const pairs = recurringSql(
      w.keptLicensePayments !== undefined
        ? sql`select ${pairColumns(sql`g.start`, sql`g.frequency`)}
            ${w.grouped ? sql`, g.licenses as n, g.amount` : sql``}
          from license_payment_groups g
          where g.target = ${w.keptLicensePayments} and g.start <= ${to}`
        : sql`select ${pairColumns(sql`l.purchase_date`, sql`l.payment_frequency`)}
            ${w.grouped ? sql`, count(*)::int as n, sum(${licenseAmount}) as amount` : sql``}
          from licenses l where ${payingLicenses}
          group by l.purchase_date, l.payment_frequency`,
      w,
    );
    // Event rows: each paying pair's licenses, looked up by the pair (an index walk per pair; a
    // hash join instead read every license to find the few pairs' ones).
    licensePayments = w.grouped
      ? sql`select o.date, 'payment' as kind, 'license' as source, null::text as name,
            o.amount, null::int as item_id, null::text as currency, o.n from (${pairs}) o`
      : sql`select o.date, 'payment' as kind, 'license' as source, l.name,
            ${licenseAmount} as amount, l.id as item_id, l.payment_currency::text as currency
          from (${pairs}) o
          cross join lateral (
            select l.name, l.id, l.payment_amount, l.payment_currency from licenses l
            where l.purchase_date = o.s and l.payment_frequency = o.frequency and ${payingLicenses}
          ) l`;
  }
  if (want("license") && !w.paymentsOnly) {
    const licenseRow = {
      name: sql`l.name`,
      amount: sql`round(l.payment_amount * ${w.rate(sql`l.payment_currency`)}, 2)`,
      itemId: sql`l.id`,
      currency: sql`l.payment_currency::text`,
    };
    parts.push(
      datedSql(w, {
        kind: "expiry",
        source: "license",
        date: sql`l.expiry_date`,
        from: sql`licenses l where l.expiry_date between ${from} and ${to}`,
        row: licenseRow,
      }),
      datedSql(w, {
        kind: "renewal",
        source: "license",
        date: sql`l.expiry_date - ${RENEWAL_REMINDER_DAYS}::int`,
        from: sql`licenses l where l.expiry_date between ${from} + ${RENEWAL_REMINDER_DAYS}::int
          and ${to} + ${RENEWAL_REMINDER_DAYS}::int`,
        row: licenseRow,
      }),
    );
  }

  if (want("gsuite")) {
    const plans = recurringSql(
      sql`select g.item_id, g.name, g.amount * (case g.cycle when 'annually' then 12 else 1 end) as amount,
          g.currency, g.s, ${startMonthSql(sql`g.s`)} as sm, 1 as sd, 0 as pd,
          (case g.cycle when 'annually' then 12 else 1 end) as pm
        from (
          select plan_id as item_id, name, amount, currency, cycle,
            date_trunc('month', first_day)::date as s
          from ${gsuitePlanGroups} plan_groups
        ) g
        where g.s <= ${to}`,
      w,
    );
    parts.push(sql`select o.date, 'payment' as kind, 'gsuite' as source, o.name,
        round(o.amount * ${w.rate(sql`o.currency`)}, 2) as amount, o.item_id,
        o.currency::text as currency ${oneEach}
      from (${plans}) o`);
  }

  if (want("directory")) {
    const step = sql`greatest(d.payment_frequency_months, 1)`;
    parts.push(sql`
      select occ.date, 'payment' as kind, 'directory' as source, d.name,
        round(d.payment_amount * ${w.rate(sql`d.payment_currency`)}, 2) as amount,
        d.id as item_id, d.payment_currency::text as currency ${oneEach}
      from directories d
      join (values ${DIRECTORY_STEPS}) k(k)
        on k.k <= case when d.is_one_time then 0 else ${DIRECTORY_FURTHER_OCCURRENCES}::int end
      cross join lateral (
        select (d.next_payment_date + make_interval(months => k * ${step}))::date as date
      ) occ
      where d.deleted_at is null and not d.is_cancelled and d.next_payment_date is not null
        and ${payingInWindow(w)}
        and occ.date between ${from} and ${to}`);
  }

  if (want("account") && !w.paymentsOnly) {
    parts.push(
      datedSql(w, {
        kind: "renewal",
        source: "account",
        date: sql`a.renewal_date`,
        from: sql`accounts a
          where a.renewal_date between ${from} and ${to} and a.status = 'active'`,
        row: {
          name: sql`a.email`,
          amount: sql`round(a.payment_amount * ${w.rate(sql`a.payment_currency`)}, 2)`,
          itemId: sql`a.id`,
          currency: sql`a.payment_currency::text`,
        },
      }),
    );
  }

  if (want("hardware") && !w.paymentsOnly) {
    parts.push(
      datedSql(w, {
        kind: "expiry",
        source: "hardware",
        date: sql`h.warranty_expiry`,
        from: sql`hardware h
          where h.warranty_expiry between ${from} and ${to} and h.status <> 'retired'`,
        row: {
          name: sql`h.name`,
          amount: sql`null::numeric`,
          itemId: sql`h.id`,
          currency: sql`null::text`,
        },
      }),
    );
  }

  const all = licensePayments ? [licensePayments, ...parts] : parts;
  if (all.length === 0) {
    return sql`select null::date as date, null::text as kind, null::text as source,
      null::text as name, null::numeric as amount, null::int as item_id, null::text as currency
      ${w.grouped ? sql`, 0 as n` : sql``} where false`;
  }
  return sql.join(all, sql` union all `);
}
