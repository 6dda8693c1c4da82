// The expense calendar's two calls (decision 0015): a month (per-day counts and payment totals,
// the month summary, and the Next Important Date with its events) and a day's events. Both are
// aggregates over eventsSql, so their size depends on the number of days, not of licenses: the
// paying licenses come from their kept groups (license-payment-groups.ts, decision 0062).
import { sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../domain/dates";
import type {
  CalendarDayResponse,
  CalendarMonthResponse,
  DisplayCurrencyCode,
} from "../../domain/expenses/schemas";
import { DAY_EVENTS_LIMIT } from "../../domain/expenses/schemas";
import { monthBounds } from "../../domain/money/months";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db, Executor } from "../db/client";
import { lightRead } from "../db/light-read";
import { rowsOf } from "../db/rows-of";
import { rateSql } from "../money/rates-sql";
import { type EventWindow, eventsSql } from "../obligations/events-sql";
import { keepLicensePaymentGroups } from "./license-payment-groups";

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

interface DayRow {
  date: string;
  payments: number;
  expiries: number;
  renewals: number;
  amount: string | null;
}

/** The rates to convert with and the kept groups that hold them (made current for them). */
type Rates = Pick<EventWindow, "rate" | "keptLicensePayments">;

/** The rates to convert with; the kept groups were made current for them (readCalendar). */
async function ratesOf(db: Executor, currency: DisplayCurrencyCode): Promise<Rates> {
  const rates = await loadCurrencyRates(db);
  return { rate: rateSql(rates, currency), keptLicensePayments: currency };
}

/**
 * A calendar read (calendarMonth, calendarDay): the kept license payments made current for the
 * rates first, in their own short transaction, then the read in one without JIT.
 */
export async function readCalendar<T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> {
  await keepLicensePaymentGroups(db, await loadCurrencyRates(db));
  return lightRead(db, read);
}

async function dayEvents(db: Executor, date: IsoDate, today: IsoDate, rates: Rates) {
  const events = eventsSql({ from: date, to: date, today, ...rates });
  const [result] = rowsOf<{
    count: number;
    amount: string | null;
    events: CalendarDayResponse["events"];
  }>(
    await db.execute(sql`
      with e as (${events})
      select count(*)::int as count,
        (sum(amount) filter (where kind = 'payment'))::text as amount,
        coalesce((select json_agg(json_build_object('date', to_char(x.date, 'YYYY-MM-DD'),
            'kind', x.kind, 'source', x.source, 'name', x.name, 'amount', x.amount)
            order by x.kind, x.amount desc nulls last, x.name)
          from (select * from e order by kind, amount desc nulls last, name
            limit ${DAY_EVENTS_LIMIT}) x), '[]') as events
      from e`),
  );
  return {
    date,
    count: num(result?.count),
    amount: num(result?.amount),
    events: (result?.events ?? []).map((event) => ({
      ...event,
      amount: event.amount === null ? null : Number(event.amount),
    })),
  };
}

export async function calendarDay(
  db: Executor,
  date: IsoDate,
  currency: DisplayCurrencyCode,
  today: IsoDate,
): Promise<CalendarDayResponse> {
  return { ...(await dayEvents(db, date, today, await ratesOf(db, currency))), currency };
}

// Windows searched in turn for the next day with an event: most data has one within days, and
// only an empty near future pays for the longer scans. The last reaches past the 12th annual
// payment from today, the furthest a recurring event goes.
const NEXT_DATE_HORIZONS = [7, 45, 400, 12 * 366 + 31];

async function nextEventDate(db: Executor, today: IsoDate, rates: Rates): Promise<IsoDate | null> {
  for (const days of NEXT_DATE_HORIZONS) {
    const to = addDays(today, days);
    const events = eventsSql({ from: today, to, today, ...rates, grouped: true });
    const [row] = rowsOf<{ date: string | null }>(
      await db.execute(sql`select to_char(min(date), 'YYYY-MM-DD') as date from (${events}) e`),
    );
    if (row?.date) return row.date;
  }
  return null;
}

export async function calendarMonth(
  db: Executor,
  month: string,
  currency: DisplayCurrencyCode,
  today: IsoDate,
): Promise<CalendarMonthResponse> {
  const rates = await ratesOf(db, currency);
  const { first, last } = monthBounds(month);
  const events = eventsSql({ from: first, to: last, today, ...rates, grouped: true });
  const days = rowsOf<DayRow>(
    await db.execute(sql`
      select to_char(date, 'YYYY-MM-DD') as date,
        (coalesce(sum(n) filter (where kind = 'payment'), 0))::int as payments,
        (coalesce(sum(n) filter (where kind = 'expiry'), 0))::int as expiries,
        (coalesce(sum(n) filter (where kind = 'renewal'), 0))::int as renewals,
        (sum(amount) filter (where kind = 'payment'))::text as amount
      from (${events}) e group by date order by date`),
  );
  // Viewing today's month (the usual case), its days already hold the next day with an event
  // when there is one before the month ends.
  const nextInMonth =
    today >= first && today <= last ? days.find((day) => day.date >= today)?.date : undefined;
  const next = nextInMonth ?? (await nextEventDate(db, today, rates));
  const summary = { payments: 0, expiries: 0, renewals: 0, amountCents: 0 };
  const dayList = days.map((day) => {
    summary.payments += day.payments;
    summary.expiries += day.expiries;
    summary.renewals += day.renewals;
    summary.amountCents += Math.round(num(day.amount) * 100);
    return { ...day, amount: num(day.amount) };
  });
  return {
    month,
    currency,
    today,
    days: dayList,
    summary: {
      payments: summary.payments,
      expiries: summary.expiries,
      renewals: summary.renewals,
      amount: summary.amountCents / 100,
    },
    nextImportantDate: next ? await dayEvents(db, next, today, rates) : null,
  };
}
