// nextOccurrence (domain/recurrence.ts) as a plain SQL expression, for Renews Soon. The database
// function qm_next_occurrence (migration 0001) answers the same, but as PL/pgSQL it costs a
// call per row: at 20,000 licenses Renews Soon evaluated it about 15,000 times (filter, count,
// order) for 100 ms. Built-in date arithmetic inlined in the query does the same work in a few
// milliseconds. No loop is needed: with n = whole periods between the start's month and today's,
// start + n periods is in today's month or earlier and start + (n + 1) periods in a later month,
// so the answer is one of the two. Checked against the domain function at the edges in
// summary.test.ts.
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type Operand = SQL | AnyPgColumn;

export function nextOccurrenceSql(
  start: Operand,
  frequency: Operand,
  today: Operand,
): SQL<string | null> {
  const months = sql`((extract(year from ${today})::int - extract(year from ${start})::int) * 12 + extract(month from ${today})::int - extract(month from ${start})::int)`;
  const step = sql`(case ${frequency} when 'monthly' then 1 when 'quarterly' then 3 else 12 end)`;
  const periods = sql`(${months} / ${step})`;
  const after = (count: SQL) => sql`(${start} + make_interval(months => ${count} * ${step}))::date`;
  const first = after(periods);
  return sql<string | null>`(case
    when ${start} is null or ${frequency} is null or ${today} is null then null
    when ${frequency} not in ('daily', 'weekly', 'monthly', 'quarterly', 'annually') then null
    when ${start} >= ${today} then ${start}
    when ${frequency} = 'daily' then ${today}
    when ${frequency} = 'weekly' then ${start} + ((${today} - ${start} + 6) / 7) * 7
    when ${first} >= ${today} then ${first}
    else ${after(sql`(${periods} + 1)`)}
  end)`;
}
