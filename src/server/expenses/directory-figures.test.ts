// Expense Analysis's directory listings are read from groups kept by triggers (directories-section.ts):
// listings grouped by day added, currency, frequency and one-time, and the cost groups, count and
// chart starts summed from those groups. Its figures must be exactly those of reading every
// listing for each (the statements it replaced, kept here as the reference), on listings of every
// currency and frequency, one-time, cancelled, deleted and unpriced ones, and added on either
// side of a month's end and of the chart's window.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { RateCurrency } from "../../domain/enums";
import { directoryFactor } from "../../domain/expenses/costs";
import { EXPENSE_TABLE_LIMIT } from "../../domain/expenses/schemas";
import { convertedTotal } from "../../domain/money/grouped-total";
import { rowsOf } from "../db/rows-of";
import { billingDirectories, directoryOrder, directorySection } from "./directories-section";
import { expenseContext } from "./section-context";

let t: TestApp;
const TODAY = "2026-03-15";

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CURRENCIES = ["AUD", "USD", "EUR", "GBP"];
const MONTHS = [1, 3, 6, 12];
// Around month ends (UTC), inside and before the chart's window, and after today.
const ADDED = [
  "2023-01-31T23:59:59Z",
  "2024-02-29T12:00:00Z",
  "2025-03-31T23:59:59.999Z",
  "2025-04-01T00:00:00Z",
  "2025-12-31T23:30:00Z",
  "2026-01-01T00:00:00Z",
  "2026-03-15T08:00:00Z",
  "2026-05-01T00:00:00Z",
];

async function seed() {
  // The chart window's own edges too: its first instant, the instant before, its last day.
  const { windowStart, windowEnd } = await expenseContext(t.app.db, "AUD", TODAY);
  const added = [
    ...ADDED,
    `${windowStart}T00:00:00Z`,
    `${windowStart}T00:00:00Z`.replace("T00:00:00Z", "T00:00:00.000Z"),
    new Date(Date.parse(`${windowStart}T00:00:00Z`) - 1).toISOString(),
    `${windowEnd}T23:59:59Z`,
    `${windowEnd}T00:00:00Z`,
  ];
  const values: SQL[] = [];
  for (let i = 0; i < 320; i++) {
    const amount =
      i % 23 === 0 ? "null" : `${(i * 37) % 1000}.${String((i * 13) % 100).padStart(2, "0")}`;
    values.push(sql`(${`Listing ${String((i * 7) % 90).padStart(2, "0")}`},
      ${MONTHS[i % MONTHS.length]!}, ${sql.raw(amount)}::numeric, ${CURRENCIES[(i >> 2) % 4]!},
      ${i % 5 === 0}, ${i % 7 === 0}, ${added[i % added.length]!}::timestamptz,
      ${i % 11 === 0 ? sql`now()` : sql`null`})`);
  }
  await t.app.db.execute(sql`
    insert into directories (name, payment_frequency_months, payment_amount, payment_currency,
      is_one_time, is_cancelled, created_at, deleted_at)
    values ${sql.join(values, sql`, `)}`);
}

/** The figures as the statements before the grouped pass computed them, one read each. */
async function reference(currency: "AUD" | "USD") {
  const c = await expenseContext(t.app.db, currency, TODAY);
  type Group = { currency: RateCurrency; months: number; is_one_time: boolean; amount: string };
  const groups = rowsOf<Group>(
    await t.app.db.execute(sql`
      select d.payment_currency as currency, d.payment_frequency_months as months,
        d.is_one_time, sum(d.payment_amount)::text as amount
      from directories d where ${billingDirectories} group by 1, 2, 3`),
  );
  const [count] = rowsOf<{ count: number }>(
    await t.app.db.execute(
      sql`select count(*)::int as count from directories d where ${billingDirectories}`,
    ),
  );
  const starts = rowsOf<Group & { month: string }>(
    await t.app.db.execute(sql`
      select to_char(greatest(date_trunc('month', d.created_at at time zone 'UTC'), ${c.windowStart}::date), 'YYYY-MM') as month,
        d.payment_currency as currency, d.payment_frequency_months as months, d.is_one_time,
        sum(d.payment_amount)::text as amount
      from directories d
      where ${billingDirectories} and (d.created_at at time zone 'UTC')::date <= ${c.windowEnd}::date
      group by 1, 2, 3, 4`),
  );
  const monthly = convertedTotal(
    groups.map((g) => ({
      currency: g.currency,
      factor: directoryFactor(g.months, g.is_one_time),
      amount: g.amount,
    })),
    c.rates,
    c.currency,
  );
  return {
    monthly,
    count: count!.count,
    starts: starts
      .map((g) => ({
        month: g.month,
        currency: g.currency,
        factor: directoryFactor(g.months, g.is_one_time),
        amount: Number(g.amount),
      }))
      .sort(byKey),
  };
}

type Start = { month: string; currency: string; factor: number; amount: number };
const byKey = (a: Start, b: Start) =>
  `${a.month}${a.currency}${a.factor}`.localeCompare(`${b.month}${b.currency}${b.factor}`) ||
  a.amount - b.amount;

describe("Expense Analysis's directory figures", () => {
  it("are those of reading every listing, in each display currency", async () => {
    await seed();
    for (const currency of ["AUD", "USD"] as const) {
      const expected = await reference(currency);
      const c = await expenseContext(t.app.db, currency, TODAY);
      const section = await directorySection(c);
      expect(expected.count).toBeGreaterThan(100);
      expect(expected.starts.length).toBeGreaterThan(20);
      expect(section.monthly, currency).toBe(expected.monthly);
      expect(section.count, currency).toBe(expected.count);
      expect(
        section.startGroups.map((g) => ({ ...g, amount: Number(g.amount) })).sort(byKey),
        currency,
      ).toEqual(expected.starts);
    }
  });

  it("show as the largest listings the first rows of every listing sorted by cost", async () => {
    // The seed above: each currency, frequency and one-time group walks its own index, and the
    // last sort picks from their largest (directories-section.ts).
    for (const currency of ["AUD", "USD"] as const) {
      const c = await expenseContext(t.app.db, currency, TODAY);
      const section = await directorySection(c);
      const all = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`
          select d.id from directories d where ${billingDirectories}
          order by ${directoryOrder(c)} limit ${EXPENSE_TABLE_LIMIT}`),
      );
      expect(all.length, currency).toBeGreaterThan(0);
      expect(
        section.rows.map((row) => row.id),
        currency,
      ).toEqual(all.map((row) => row.id));
    }
  });
});
