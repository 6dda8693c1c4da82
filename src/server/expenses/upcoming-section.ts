// Expense Analysis's "upcoming 30 days": the payments the calendar's events hold in the window,
// converted and summed in SQL.
import { sql } from "drizzle-orm";
import { type EventSource, upcomingWindow } from "../../domain/expenses/schedule";
import type { ExpenseSource } from "../../domain/expenses/schemas";
import { toCents } from "../../domain/money/amounts";
import { rowsOf } from "../db/rows-of";
import { eventsSql } from "../obligations/events-sql";
import type { Context } from "./section-context";

const EVENT_SOURCE_OF: Partial<Record<ExpenseSource, EventSource>> = {
  licenses: "license",
  directories: "directory",
  gsuite: "gsuite",
};

export async function upcomingPayments(
  c: Context,
  sources: readonly ExpenseSource[],
): Promise<number> {
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
  const [row] = rowsOf<{ amount: string | null }>(
    await c.db.execute(sql`select sum(amount)::text as amount from (${events}) e`),
  );
  return toCents(row?.amount ?? "0") / 100;
}
