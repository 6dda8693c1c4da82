// The calendar's SQL against the domain's rules (domain/expenses/schedule.ts): the payment
// dates of licenses of every frequency, started on month ends, leap days and ordinary days,
// seen from several "todays" through month-long windows, must be the same dates.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, type IsoDate } from "../../domain/dates";
import { directoryPaymentDates, futurePaymentDates } from "../../domain/expenses/schedule";
import { monthBounds, shiftMonth } from "../../domain/money/months";
import { DEFAULT_CURRENCY_RATES } from "../../domain/money/rates";
import { directories, licenses } from "../db/schema";
import { rateSql } from "../money/rates-sql";
import { eventsSql } from "./events-sql";

let t: TestApp;
const STARTS = ["2023-01-31", "2024-02-29", "2025-08-31", "2025-11-30", "2026-03-15", "2026-06-01"];
const FREQUENCIES = ["daily", "weekly", "monthly", "quarterly", "annually"] as const;
const TODAYS = ["2026-03-15", "2026-02-28", "2028-02-29"];
// The form's frequencies, and two outside them (read by another range of the listings' index).
const LISTING_MONTHS = [1, 2, 3, 5, 6, 12];

beforeAll(async () => {
  t = await buildTestApp();
  const rows = STARTS.flatMap((start) =>
    FREQUENCIES.map((frequency) => ({
      name: `${frequency} ${start}`,
      licenseKeyCiphertext: "x",
      licenseKeyMasked: "x",
      purchaseDate: start,
      paymentFrequency: frequency,
      paymentAmount: 1,
    })),
  );
  await t.app.db.insert(licenses).values(rows);
  await t.app.db.insert(directories).values(
    LISTING_MONTHS.flatMap((months) =>
      STARTS.map((next) => ({
        name: `listing ${months} ${next}`,
        paymentAmount: 1,
        paymentFrequencyMonths: months,
        nextPaymentDate: next,
      })),
    ),
  );
});
afterAll(() => t.close());

async function sqlDates(
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
  source: "license" | "directory",
) {
  const events = eventsSql({
    from,
    to,
    today,
    rate: rateSql(DEFAULT_CURRENCY_RATES, "USD"),
    sources: [source],
    paymentsOnly: true,
  });
  const result = await t.app.db.execute(
    sql`select name, to_char(date, 'YYYY-MM-DD') as date from (${events}) e order by 1, 2`,
  );
  return (result as unknown as { rows: { name: string; date: string }[] }).rows
    .map((row) => `${row.name} ${row.date}`)
    .sort();
}

describe("events in SQL agree with the domain's schedule", () => {
  it("license payments: the 12 from today, month by month", async () => {
    for (const today of TODAYS) {
      for (let offset = -2; offset <= 14; offset++) {
        const month = shiftMonth(today.slice(0, 7), offset);
        const { first, last } = monthBounds(month);
        const expected = STARTS.flatMap((start) =>
          FREQUENCIES.flatMap((frequency) =>
            futurePaymentDates(start, frequency, today)
              .filter((date) => date >= first && date <= last)
              .map((date) => `${frequency} ${start} ${date}`),
          ),
        ).sort();
        expect(await sqlDates(first, last, today, "license"), `${today} ${month}`).toEqual(
          expected,
        );
      }
    }
  });

  it("license payments in a window that is not a month (the upcoming 30 days)", async () => {
    for (const today of TODAYS) {
      const to = addDays(today, 30);
      const expected = STARTS.flatMap((start) =>
        FREQUENCIES.flatMap((frequency) =>
          futurePaymentDates(start, frequency, today)
            .filter((date) => date >= today && date <= to)
            .map((date) => `${frequency} ${start} ${date}`),
        ),
      ).sort();
      expect(await sqlDates(today, to, today, "license"), today).toEqual(expected);
    }
  });

  it("directory payments: the next and up to 3 more", async () => {
    for (let offset = -1; offset <= 40; offset += 3) {
      const { first, last } = monthBounds(shiftMonth("2023-01", offset));
      const expected = LISTING_MONTHS.flatMap((months) =>
        STARTS.flatMap((next) =>
          directoryPaymentDates({
            nextPaymentDate: next,
            paymentFrequencyMonths: months,
            isOneTime: false,
            isCancelled: false,
          })
            .filter((date) => date >= first && date <= last)
            .map((date) => `listing ${months} ${next} ${date}`),
        ),
      ).sort();
      expect(await sqlDates(first, last, "2026-03-15", "directory"), first).toEqual(expected);
    }
  });
});

describe("grouped events stand for the same events", () => {
  // Every source and kind, over months where licenses of one purchase date and frequency pay
  // together: the grouped rows' n and payment amounts add up to the event rows' count and
  // amounts (grouped expiries and renewals are counts: no caller sums their amounts).
  it("per date, kind and source: n is the count of events and a payment's amount their sum", async () => {
    await t.app.db.insert(licenses).values(
      STARTS.flatMap((start) =>
        FREQUENCIES.map((frequency, i) => ({
          name: `twin ${frequency} ${start}`,
          licenseKeyCiphertext: "x",
          licenseKeyMasked: "x",
          purchaseDate: start,
          paymentFrequency: frequency,
          paymentAmount: 10.005 + i,
          paymentCurrency: i % 2 ? ("EUR" as const) : ("AUD" as const),
          expiryDate: addDays(start, 400),
        })),
      ),
    );
    const rate = rateSql(DEFAULT_CURRENCY_RATES, "AUD");
    let compared = 0;
    for (const today of TODAYS) {
      for (const offset of [-1, 0, 1, 5, 12]) {
        const { first, last } = monthBounds(shiftMonth(today.slice(0, 7), offset));
        const window = { from: first, to: last, today, rate };
        const totals = async (
          events: ReturnType<typeof eventsSql>,
          count: ReturnType<typeof sql>,
        ) =>
          (
            (await t.app.db.execute(sql`
              select to_char(date, 'YYYY-MM-DD') || ' ' || kind || ' ' || source || ' '
                || (${count})::text || ' '
                || coalesce(sum(amount) filter (where kind = 'payment'), 0)::text as line
              from (${events}) e group by date, kind, source order by 1`)) as unknown as {
              rows: { line: string }[];
            }
          ).rows.map((row) => row.line);
        const grouped = await totals(eventsSql({ ...window, grouped: true }), sql`sum(n)`);
        const single = await totals(eventsSql(window), sql`count(*)`);
        expect(grouped, `${today} ${first}`).toEqual(single);
        compared += single.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
