// Expense Analysis (decision 0015): totals, one table per source (the EXPENSE_TABLE_LIMIT
// largest rows and the full count), spend by month and the largest costs. SQL sums each
// source's amounts per currency and frequency exactly (numeric, returned as text); the domain
// applies the monthly factors and the stored rates once per group (domain/expenses/costs.ts).
import { sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../domain/dates";
import type { RateCurrency } from "../../domain/enums";
import { chartMonths, cumulativeByMonth, type StartGroup } from "../../domain/expenses/by-month";
import { monthOf, shiftMonth } from "../../domain/expenses/calendar";
import {
  annualisedCost,
  averageCostPerSeat,
  type CostGroup,
  directoryFactor,
  directoryMonthlyCost,
  licenseFactor,
  licenseMonthlyCost,
  monthlyTotal,
  toCents,
  yearlyFromMonthly,
} from "../../domain/expenses/costs";
import type { EventSource } from "../../domain/expenses/schedule";
import { upcomingWindow } from "../../domain/expenses/schedule";
import {
  type DisplayCurrencyCode,
  EXPENSE_TABLE_LIMIT,
  type ExpenseSource,
  type ExpenseSourceFilter,
  type ExpenseSummaryResponse,
  LARGEST_COSTS_LIMIT,
} from "../../domain/expenses/schemas";
import { type CurrencyRates, convertWith, MONTHLY_FACTOR, roundMoney } from "../../domain/money";
import { nextOccurrence, step } from "../../domain/recurrence";
import type { Executor } from "../db/client";
import { loadCurrencyRates } from "../money/currency-rates";
import { type RateSql, rateSql } from "../money/rates-sql";
import { eventsSql } from "./events-sql";
import { gsuitePlanGroups } from "./gsuite-plan-groups";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

const licenseFactorSql = sql.raw(
  `(case l.payment_frequency ${Object.entries(MONTHLY_FACTOR)
    .map(([frequency, factor]) => `when '${frequency}' then ${factor}::numeric`)
    .join(" ")} else 0 end)`,
);
const directoryDivisorSql = sql`(case when d.is_one_time then 12 else greatest(d.payment_frequency_months, 1) end)`;

/**
 * An executor that runs its statements one after another. The sections are written as if they
 * ran side by side, but they share one transaction (withoutJit), that is one connection, where
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

export interface Context {
  db: Pick<Executor, "execute">;
  rates: CurrencyRates;
  rate: RateSql;
  currency: DisplayCurrencyCode;
  today: IsoDate;
  windowStart: string;
  windowEnd: string;
}

const convert = (c: Context, amount: number, from: string) =>
  convertWith(c.rates, amount, from as RateCurrency, c.currency);

// --- licenses -----------------------------------------------------------------------------

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
 * The licenses' part in one statement that reads the table once: the licenses are first grouped
 * by start date, currency and frequency (a few hundred groups, whatever the table size), and the
 * cost groups, counts and chart groups are sums of those groups. The largest rows come from the
 * index on (currency, frequency, amount): within one currency and frequency the monthly cost in
 * the display currency is the amount times one positive factor, so each pair's largest amounts
 * (an index walk with a LIMIT) hold the overall largest, which the last sort picks.
 */
async function licenseSection(c: Context) {
  const start = sql`coalesce(l.purchase_date, (l.created_at at time zone 'UTC')::date)`;
  const [result] = rows<{
    groups: { currency: RateCurrency; frequency: string; amount: string }[] | null;
    count: number | null;
    seats: number | null;
    starts: { month: string; currency: RateCurrency; frequency: string; amount: string }[] | null;
    top: LicenseRow[] | null;
  }>(
    await c.db.execute(sql`
      with g as materialized (
        select ${start} as start, l.payment_currency as currency,
          l.payment_frequency as frequency, count(*)::int as n,
          sum(l.total_seats)::int as seats, sum(l.payment_amount) as amount
        from licenses l group by 1, 2, 3
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
  const monthly = monthlyTotal(costGroups, c.rates, c.currency);
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

// --- directories --------------------------------------------------------------------------

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

export const directoryOrder = (c: Context) =>
  sql`d.payment_amount / ${directoryDivisorSql} * ${c.rate(sql`d.payment_currency`)} desc, lower(d.name), d.id`;

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

async function directorySection(c: Context) {
  const [groups, top, [counts], starts] = await Promise.all([
    c.db.execute(sql`
      select d.payment_currency as currency, d.payment_frequency_months as months,
        d.is_one_time, sum(d.payment_amount)::text as amount
      from directories d where ${billingDirectories} group by 1, 2, 3`),
    c.db.execute(sql`
      select ${directoryRowColumns} from directories d where ${billingDirectories}
      order by ${directoryOrder(c)} limit ${EXPENSE_TABLE_LIMIT}`),
    c.db
      .execute(sql`select count(*)::int as count from directories d where ${billingDirectories}`)
      .then((r) => rows<{ count: number }>(r)),
    c.db.execute(sql`
      select to_char(greatest(date_trunc('month', d.created_at at time zone 'UTC'), ${c.windowStart}::date), 'YYYY-MM') as month,
        d.payment_currency as currency, d.payment_frequency_months as months, d.is_one_time,
        sum(d.payment_amount)::text as amount
      from directories d
      where ${billingDirectories} and (d.created_at at time zone 'UTC')::date <= ${c.windowEnd}::date
      group by 1, 2, 3, 4`),
  ]);
  type Group = { currency: RateCurrency; months: number; is_one_time: boolean; amount: string };
  const costGroups: CostGroup[] = rows<Group>(groups).map((g) => ({
    currency: g.currency,
    factor: directoryFactor(g.months, g.is_one_time),
    amount: g.amount,
  }));
  const monthly = monthlyTotal(costGroups, c.rates, c.currency);
  const table = rows<DirectoryRow>(top).map((row) => directoryRow(c, row));
  const startGroups: StartGroup[] = rows<Group & { month: string }>(starts).map((g) => ({
    month: g.month,
    currency: g.currency,
    factor: directoryFactor(g.months, g.is_one_time),
    amount: g.amount,
  }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: counts?.count ?? 0,
    rows: table,
    startGroups,
  };
}

// --- G Suite ------------------------------------------------------------------------------

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
    // Accounts are summed per day added and plan first (one row per day and plan, whatever the
    // number of accounts), then priced and grouped by month.
    c.db.execute(sql`
      select to_char(greatest(date_trunc('month', a.day), ${c.windowStart}::date), 'YYYY-MM') as month,
        coalesce(p.currency, a.currency) as currency,
        sum(coalesce(p.base_price * a.users, a.amount))::text as amount
      from (
        select (created_at at time zone 'UTC')::date as day, plan_id,
          case when plan_id is null then payment_currency end as currency,
          count(*)::int as users, sum(price) as amount
        from gsuite_accounts
        where (created_at at time zone 'UTC')::date <= ${c.windowEnd}::date
        group by 1, 2, 3
      ) a left join gsuite_plans p on p.id = a.plan_id
      group by 1, 2`),
  ]);
  const planRows = rows<PlanRow>(plans);
  // One row per plan (and currency): never more than the plans there are, so no LIMIT is
  // needed for the total, only for the table.
  const monthly = monthlyTotal(
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
  const startGroups: StartGroup[] = rows<{ month: string; currency: RateCurrency; amount: string }>(
    starts,
  ).map((g) => ({ month: g.month, currency: g.currency, factor: 1, amount: g.amount }));
  return {
    monthly,
    yearly: roundMoney(yearlyFromMonthly(monthly)),
    count: planRows.reduce((sum, row) => sum + row.users, 0),
    rows: table.slice(0, limit),
    startGroups,
  };
}

// --- hosting ------------------------------------------------------------------------------

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
  const byMonth = rows<{ month: string; droplets: number; amount: string }>(months);
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
    largest: rows<{ name: string; amount: string }>(droplets).map((row) => ({
      source: "hosting" as const,
      name: row.name,
      monthly: convert(c, toCents(row.amount) / 100, "USD"),
    })),
  };
}

// --- together -----------------------------------------------------------------------------

const EVENT_SOURCE_OF: Partial<Record<ExpenseSource, EventSource>> = {
  licenses: "license",
  directories: "directory",
  gsuite: "gsuite",
};

async function upcoming(c: Context, sources: readonly ExpenseSource[]): Promise<number> {
  const eventSources = sources.flatMap((s) => EVENT_SOURCE_OF[s] ?? []);
  if (eventSources.length === 0) return 0;
  const { from, to } = upcomingWindow(c.today);
  const events = eventsSql({
    from,
    to,
    today: c.today,
    rate: c.rate,
    sources: eventSources,
    paymentsOnly: true,
    grouped: true,
  });
  const [row] = rows<{ amount: string | null }>(
    await c.db.execute(sql`select sum(amount)::text as amount from (${events}) e`),
  );
  return toCents(row?.amount ?? "0") / 100;
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

export async function expenseSummary(
  db: Executor,
  query: { currency: DisplayCurrencyCode; source: ExpenseSourceFilter; today: IsoDate },
): Promise<ExpenseSummaryResponse> {
  const { source, today } = query;
  const c = await expenseContext(db, query.currency, today);
  const { rates, currency } = c;
  const currentMonth = monthOf(today);
  const months = chartMonths(currentMonth);
  const wanted: ExpenseSource[] =
    source === "all" ? ["licenses", "directories", "gsuite", "hosting"] : [source];
  const has = (s: ExpenseSource) => wanted.includes(s);

  const [licenses, directories, gsuite, hosting, upcoming30Days] = await Promise.all([
    has("licenses") ? licenseSection(c) : null,
    has("directories") ? directorySection(c) : null,
    has("gsuite") ? gsuiteSection(c) : null,
    has("hosting") ? hostingSection(c) : null,
    upcoming(c, wanted),
  ]);

  const monthlyCents =
    toCents(licenses?.monthly ?? 0) +
    toCents(directories?.monthly ?? 0) +
    toCents(gsuite?.monthly ?? 0) +
    toCents(hosting?.monthly ?? 0);
  const monthly = monthlyCents / 100;

  const cumulative = (section: { startGroups: StartGroup[] } | null) =>
    section ? cumulativeByMonth(months, section.startGroups, rates, currency) : months.map(() => 0);
  const licenseByMonth = cumulative(licenses);
  const directoryByMonth = cumulative(directories);
  const gsuiteByMonth = cumulative(gsuite);
  const byMonth = months.map((month, i) => ({
    month,
    licenses: licenseByMonth[i]!,
    directories: directoryByMonth[i]!,
    gsuite: gsuiteByMonth[i]!,
    hosting: hosting
      ? month > currentMonth
        ? hosting.monthly
        : (hosting.invoiced.get(month) ?? 0)
      : 0,
  }));

  const largest = [
    ...(licenses?.rows ?? []).map((row) => ({
      source: "licenses" as const,
      name: row.name,
      monthly: row.monthly,
    })),
    ...(directories?.rows ?? []).map((row) => ({
      source: "directories" as const,
      name: row.name,
      monthly: row.monthly,
    })),
    ...(gsuite?.rows ?? []).map((row) => ({
      source: "gsuite" as const,
      name: row.plan,
      monthly: row.monthly,
    })),
    ...(hosting?.largest ?? []),
  ]
    .sort((a, b) => b.monthly - a.monthly || a.name.localeCompare(b.name))
    .slice(0, LARGEST_COSTS_LIMIT);

  const strip = <T extends { startGroups: unknown }>(section: T | null) => {
    if (!section) return null;
    const { startGroups: _, ...rest } = section;
    return rest;
  };
  return {
    currency,
    source,
    today,
    totals: {
      monthly,
      yearly: roundMoney(yearlyFromMonthly(monthly)),
      upcoming30Days,
      averageCostPerSeat: licenses
        ? averageCostPerSeat(licenses.monthly, licenses.totalSeats)
        : null,
    },
    licenses: strip(licenses),
    directories: strip(directories),
    gsuite: strip(gsuite),
    hosting: hosting
      ? {
          monthly: hosting.monthly,
          yearly: hosting.yearly,
          count: hosting.count,
          month: hosting.month,
          rows: hosting.rows,
        }
      : null,
    byMonth,
    largest,
  };
}
