// Expense Analysis's license table takes the largest amounts of each currency and frequency from
// an index and sorts only those (summary.ts). With more licenses than the table shows, its rows
// must be exactly the first rows of a sort of every license by cost in the display currency:
// first when one currency and frequency holds the whole table (its own order and ties decide),
// then with costly licenses of every currency and frequency mixed in (the final sort decides).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { CURRENCIES, PAYMENT_FREQUENCIES } from "../../domain/enums";
import { EXPENSE_TABLE_LIMIT, type ExpenseSummaryResponse } from "../../domain/expenses/schemas";
import { licenses } from "../db/schema";
import { licenseOrder } from "./licenses-section";
import { expenseContext } from "./section-context";

let t: TestApp;
let cookie: string;
const TODAY = "2026-03-15";

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await t.signedInUser({ role: "admin", username: "largest-admin" }));
});
afterAll(() => t.close());

/** Licenses named so that name order and id order differ; amounts repeat, so ties occur. */
function rows(count: number, row: (i: number) => Partial<typeof licenses.$inferInsert>) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Largest ${String((i * 7) % 50).padStart(2, "0")}`,
    licenseKeyCiphertext: "x",
    licenseKeyMasked: "x",
    ...row(i),
  }));
}

async function expectFirstRowsOfFullSort() {
  for (const currency of ["AUD", "USD"] as const) {
    const response = await t.request({
      method: "GET",
      url: `/api/expenses/summary?today=${TODAY}&source=licenses&currency=${currency}`,
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown = (response.json() as ExpenseSummaryResponse).licenses!.rows.map((r) => r.id);
    const c = await expenseContext(t.app.db, currency, TODAY);
    const all = (await t.app.db.execute(sql`
      select l.id from licenses l where l.payment_amount is not null
      order by ${licenseOrder(c)} limit ${EXPENSE_TABLE_LIMIT}`)) as unknown as {
      rows: { id: number }[];
    };
    expect(shown).toHaveLength(EXPENSE_TABLE_LIMIT);
    expect(shown, currency).toEqual(all.rows.map((r) => r.id));
  }
}

describe("the largest licenses", () => {
  it("are the first rows of every license sorted by cost, in AUD and in USD", async () => {
    // GBP daily is the costliest pair in both currencies: twice the table's rows of it in three
    // amounts (so the table ends inside a run of equal costs), and cheap licenses of every other
    // kind.
    await t.app.db.insert(licenses).values([
      ...rows(EXPENSE_TABLE_LIMIT * 2, (i) => ({
        paymentAmount: i % 11 === 0 ? null : 10 + (i % 3) * 7.5,
        paymentCurrency: "GBP",
        paymentFrequency: "daily",
      })),
      ...rows(EXPENSE_TABLE_LIMIT, (i) => ({
        paymentAmount: 1 + (i % 5),
        paymentCurrency: CURRENCIES[i % CURRENCIES.length]!,
        paymentFrequency: PAYMENT_FREQUENCIES[i % PAYMENT_FREQUENCIES.length]!,
      })),
    ]);
    await expectFirstRowsOfFullSort();

    // Now costly licenses of every currency and frequency compete with them.
    await t.app.db.insert(licenses).values(
      rows(EXPENSE_TABLE_LIMIT, (i) => ({
        paymentAmount: 100 + (i % 13) * 400,
        paymentCurrency: CURRENCIES[i % CURRENCIES.length]!,
        paymentFrequency: PAYMENT_FREQUENCIES[(i * 5) % PAYMENT_FREQUENCIES.length]!,
      })),
    );
    await expectFirstRowsOfFullSort();
  });
});
