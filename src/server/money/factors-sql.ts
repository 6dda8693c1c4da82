// The SQL twins of the spec's factor tables (domain/money/factors.ts), built from those tables so
// a figure is written once: a CASE over the row's column with each factor inlined as a numeric
// literal. Literals, not bound parameters, because PostgreSQL uses an expression index only
// when the query's expression is the same tree (monthly-cost-sql.ts and its indexes). Tested
// against the domain's rules in factors-sql.test.ts.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { LICENSE_MONTHLY_FACTOR } from "../../domain/money/factors";

/** A string as an SQL literal, for values inlined into an expression an index must match. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

const licenseMonthlyCases = sql.raw(
  Object.entries(LICENSE_MONTHLY_FACTOR)
    .map(([frequency, factor]) => `when ${literal(frequency)} then ${factor}::numeric`)
    .join(" "),
);

/** LICENSE_MONTHLY_FACTOR of a payment frequency column; 0 for a frequency it does not list. */
export const licenseMonthlyFactorSql = (frequency: SQL | PgColumn): SQL =>
  sql`(case ${frequency} ${licenseMonthlyCases} else 0 end)`;

/**
 * directoryMonths of a directory listing's row (`d`): 12 when one-time, else its payment
 * frequency in months (at least 1; the column is never null).
 */
export const directoryMonthsSql = sql`(case when d.is_one_time then 12 else greatest(d.payment_frequency_months, 1) end)`;
