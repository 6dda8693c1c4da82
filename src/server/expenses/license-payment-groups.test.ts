// The calendar's kept license payment groups (migration 0057, decision 0062): after every kind of
// write to licenses (many rows at once, rows moved between groups, into and out of paying, a
// change that moves nothing, deletes) and after the rates change, they must be exactly a fresh
// grouping of the paying licenses with each amount converted and rounded as the calendar's events
// are; and the calendar's events read through them must be those read from the licenses (the
// statement they replace), cents included.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { IsoDate } from "../../domain/dates";
import { DISPLAY_CURRENCIES } from "../../domain/expenses/schemas";
import { monthBounds, shiftMonth } from "../../domain/money/months";
import { type CurrencyRates, DEFAULT_CURRENCY_RATES } from "../../domain/money/rates";
import { rowsOf } from "../db/rows-of";
import { rateSql } from "../money/rates-sql";
import { eventsSql } from "../obligations/events-sql";
import { keepLicensePaymentGroups } from "./license-payment-groups";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const run = (statement: SQL) => t.app.db.execute(statement);
const rows = async (statement: SQL) => rowsOf<Record<string, unknown>>(await run(statement));

const keptGroups = () =>
  rows(sql`select target, start::text, frequency, licenses, amount::text as amount
    from license_payment_groups order by 1, 2, 3`);
const freshGroups = (rates: CurrencyRates) =>
  rows(
    sql
      .join(
        DISPLAY_CURRENCIES.map(
          (target) => sql`select ${target}::text as target, purchase_date::text as start,
        payment_frequency as frequency, count(*)::int as licenses,
        sum(round(payment_amount * ${rateSql(rates, target)(sql`payment_currency`)}, 2))::text
          as amount
      from licenses
      where purchase_date is not null and payment_amount is not null
        and renewal_status <> 'cancelled'
        and payment_frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'annually')
      group by 1, 2, 3`,
        ),
        sql` union all `,
      )
      .append(sql` order by 1, 2, 3`),
  );

async function expectKept(step: string, rates: CurrencyRates = DEFAULT_CURRENCY_RATES) {
  const fresh = await freshGroups(rates);
  expect(fresh.length, step).toBeGreaterThan(0);
  expect(await keptGroups(), step).toEqual(fresh);
}

/** Each date's events per kind and source: their count and the payments' sum, as text. */
async function calendarLines(
  window: { from: IsoDate; to: IsoDate; today: IsoDate },
  rates: CurrencyRates,
  target: (typeof DISPLAY_CURRENCIES)[number],
  kept: boolean,
  grouped: boolean,
) {
  const events = eventsSql({
    ...window,
    rate: rateSql(rates, target),
    grouped,
    ...(kept && { keptLicensePayments: target }),
  });
  const lines = await rows(sql`
    select to_char(date, 'YYYY-MM-DD') || ' ' || kind || ' ' || source || ' '
      || (${grouped ? sql`sum(n)` : sql`count(*)`})::text || ' '
      || coalesce(sum(amount) filter (where kind = 'payment'), 0)::text
      ${grouped ? sql`` : sql`|| ' ' || string_agg(item_id || ':' || amount, ',' order by item_id)`}
      as line
    from (${events}) e group by date, kind, source order by 1`);
  return lines.map((row) => row.line as string);
}

/** The calendar through the kept groups is the calendar from the licenses, month by month. */
async function expectSameCalendar(step: string, rates: CurrencyRates) {
  let compared = 0;
  for (const today of ["2026-03-15", "2026-02-28"] as IsoDate[]) {
    for (const offset of [-1, 0, 1, 11]) {
      const { first, last } = monthBounds(shiftMonth(today.slice(0, 7), offset));
      for (const target of DISPLAY_CURRENCIES) {
        for (const grouped of [true, false]) {
          const window = { from: first, to: last, today };
          const old = await calendarLines(window, rates, target, false, grouped);
          const kept = await calendarLines(window, rates, target, true, grouped);
          expect(kept, `${step}: ${today} ${first} ${target} ${grouped}`).toEqual(old);
          compared += old.length;
        }
      }
    }
  }
  expect(compared, step).toBeGreaterThan(100);
}

describe("the calendar's kept license payment groups", () => {
  it("follow every write to licenses and every change of rates", async () => {
    const currencies = ["AUD", "USD", "EUR", "GBP"];
    const frequencies = ["monthly", "annually", "weekly", "quarterly", "daily", "one-time"];
    const values: SQL[] = [];
    for (let i = 0; i < 300; i++) {
      // Odd cents and half cents after conversion, so rounding per license matters.
      const amount =
        i % 11 === 0 ? sql`null` : sql`${`${(i * 31) % 700}.${(i * 7) % 100}`}::numeric`;
      const purchase =
        i % 13 === 0
          ? sql`null`
          : sql`${`2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`}::date`;
      values.push(sql`(${`Paying ${i}`}, 'x', 'x', ${amount}, ${currencies[i % 4]!},
        ${frequencies[(i >> 1) % frequencies.length]!}, ${purchase},
        ${["auto", "manual", "cancelled"][i % 3 === 0 && i % 2 === 0 ? 2 : i % 2]!},
        ${`2026-0${1 + (i % 9)}-15`}::date)`);
    }
    // Written before the calendar first asks: no factors yet, so no groups.
    await run(sql`insert into licenses (name, license_key_ciphertext, license_key_masked,
        payment_amount, payment_currency, payment_frequency, purchase_date, renewal_status,
        expiry_date)
      values ${sql.join(values.slice(0, 100), sql`, `)}`);
    expect(await keptGroups()).toEqual([]);
    await keepLicensePaymentGroups(t.app.db, DEFAULT_CURRENCY_RATES);
    await expectKept("after the first keep");
    await run(sql`insert into licenses (name, license_key_ciphertext, license_key_masked,
        payment_amount, payment_currency, payment_frequency, purchase_date, renewal_status,
        expiry_date)
      values ${sql.join(values.slice(100), sql`, `)}`);
    await expectKept("after one insert of many rows");
    await expectSameCalendar("after inserts", DEFAULT_CURRENCY_RATES);

    await run(sql`update licenses set payment_currency = 'GBP' where id % 5 = 0`);
    await expectKept("after rows moved to another currency");
    await run(sql`update licenses set purchase_date = null where id % 7 = 0`);
    await run(sql`update licenses set purchase_date = '2026-02-28' where id % 17 = 0`);
    await expectKept("after start dates changed either way");
    await run(sql`update licenses set payment_amount = null where id % 6 = 0`);
    await run(sql`update licenses set payment_amount = 12.35 where id % 19 = 0`);
    await expectKept("after amounts changed");
    await run(sql`update licenses set renewal_status = 'cancelled' where id % 8 = 1`);
    await run(sql`update licenses set renewal_status = 'auto' where id % 9 = 0`);
    await run(sql`update licenses set payment_frequency = 'one-time' where id % 10 = 2`);
    await run(sql`update licenses set payment_frequency = 'daily' where id % 10 = 3`);
    await expectKept("after licenses stopped and started paying");
    const before = await keptGroups();
    await run(sql`update licenses set notes = 'nothing to do with payments' where id % 2 = 0`);
    expect(await keptGroups(), "a change of notes moves nothing").toEqual(before);

    // Every license of one group deleted: the group is gone, not left at zero.
    const [group] = await rows(sql`select start::text, frequency from license_payment_groups
      order by licenses, start limit 1`);
    await run(sql`delete from licenses where purchase_date = ${group!.start}::date
      and payment_frequency = ${group!.frequency}`);
    await run(sql`delete from licenses where id % 3 = 0`);
    await expectKept("after deletes");
    const [empty] = await rows(sql`select count(*)::int as n from license_payment_groups
      where licenses = 0`);
    expect(empty!.n).toBe(0);
    await expectSameCalendar("after updates and deletes", DEFAULT_CURRENCY_RATES);

    // New rates: the next keep converts every group again, and the triggers follow them.
    const rates: CurrencyRates = {
      ...DEFAULT_CURRENCY_RATES,
      USD: { AUD: 1.4567 },
      EUR: { USD: 1.0833, AUD: 1.6471 },
    };
    await keepLicensePaymentGroups(t.app.db, rates);
    await expectKept("after the rates changed", rates);
    await run(sql`update licenses set payment_amount = payment_amount + 0.01 where id % 4 = 1`);
    await expectKept("after a write at the new rates", rates);
    await expectSameCalendar("at the new rates", rates);
  });
});
