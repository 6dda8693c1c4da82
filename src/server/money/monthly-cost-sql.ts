// A license's cost per month in USD as one SQL expression, shared by the list's ORDER BY
// (licenses/list-query.ts) and the two btree indexes that serve that sort (db/schema.ts).
// PostgreSQL uses an expression index only when the query's expression is the same tree, so the
// factors and rates are inlined as literals (a bound parameter would not match) and both sides
// build it here. It imports only the domain, so the schema may use it: money's `*-sql.ts` files
// are the SQL twins of domain rules, which the ground floor may import (decision 0038), unlike
// the currency-rates area beside them.
// The figures are the domain's (LICENSE_MONTHLY_FACTOR through factors-sql.ts, convert at the
// spec's fixed rates): change them there and `npm run db:generate` rebuilds the indexes with the
// new literals.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { CURRENCIES } from "../../domain/enums";
import { convert } from "../../domain/money/rates";
import { licenseMonthlyFactorSql, literal } from "./factors-sql";

const usdRate = CURRENCIES.map(
  (currency) => `when ${literal(currency)} then ${convert(1, currency, "USD")}::numeric`,
).join(" ");

/** Cost per month in USD (null without an amount), as comparableCost computes it in memory. */
export function monthlyUsdCostSql(columns: {
  paymentAmount: PgColumn;
  paymentFrequency: PgColumn;
  paymentCurrency: PgColumn;
}): SQL {
  return sql`(${columns.paymentAmount} * ${licenseMonthlyFactorSql(columns.paymentFrequency)} * (case ${columns.paymentCurrency} ${sql.raw(usdRate)} else 1 end))`;
}
