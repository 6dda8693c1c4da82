// The SQL twins of the money rules against the domain's: each factor table's CASE and the rates'
// CASE give, for every key, the figure the domain computes (to numeric's precision).
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { RATE_CURRENCIES } from "../../domain/enums";
import { licenseFactor } from "../../domain/expenses/costs";
import { directoryMonths, LICENSE_MONTHLY_FACTOR } from "../../domain/money/factors";
import { DEFAULT_CURRENCY_RATES, rateBetween } from "../../domain/money/rates";
import { rowsOf } from "../db/rows-of";
import { directoryMonthsSql, licenseMonthlyFactorSql } from "./factors-sql";
import { rateSql } from "./rates-sql";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function value(expression: SQL): Promise<number> {
  const result = await t.app.db.execute(sql`select (${expression})::float8 as value`);
  return rowsOf<{ value: number }>(result)[0]!.value;
}

describe("the factor tables' SQL", () => {
  it("gives LICENSE_MONTHLY_FACTOR for every frequency and 0 for any other", async () => {
    for (const frequency of [...Object.keys(LICENSE_MONTHLY_FACTOR), "fortnightly", "toString"]) {
      const inSql = await value(licenseMonthlyFactorSql(sql`${frequency}::text`));
      expect(inSql).toBeCloseTo(licenseFactor(frequency), 12);
    }
  });

  it("gives directoryMonths for a listing's frequency and one-time flag", async () => {
    for (const months of [1, 3, 6, 12]) {
      for (const isOneTime of [false, true]) {
        const inSql = await value(
          sql`select ${directoryMonthsSql} from (select ${isOneTime}::boolean as is_one_time, ${months}::int as payment_frequency_months) d`,
        );
        expect(inSql).toBe(directoryMonths(months, isOneTime));
      }
    }
  });

  it("converts every currency at the domain's rates", async () => {
    for (const target of RATE_CURRENCIES) {
      const rate = rateSql(DEFAULT_CURRENCY_RATES, target);
      for (const from of RATE_CURRENCIES) {
        const inSql = await value(rate(sql`${from}::text`));
        expect(inSql).toBeCloseTo(rateBetween(DEFAULT_CURRENCY_RATES, from, target), 12);
      }
    }
  });
});
