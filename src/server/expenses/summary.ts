// Expense Analysis (decision 0015): totals, one table per source (the EXPENSE_TABLE_LIMIT
// largest rows and the full count), spend by month and the largest costs. Each source is a
// section of its own (<source>-section.ts); this file asks the wanted ones and puts them together.
import type { IsoDate } from "../../domain/dates";
import { budgetInDisplayCurrency } from "../../domain/expenses/budgets";
import { chartMonths, cumulativeByMonth, type StartGroup } from "../../domain/expenses/by-month";
import { averageCostPerSeat } from "../../domain/expenses/costs";
import {
  type DisplayCurrencyCode,
  type ExpenseSource,
  type ExpenseSourceFilter,
  type ExpenseSummaryResponse,
  LARGEST_COSTS_LIMIT,
} from "../../domain/expenses/schemas";
import { roundMoney, toCents } from "../../domain/money/amounts";
import { yearlyFromMonthly } from "../../domain/money/factors";
import { monthOf } from "../../domain/money/months";
import type { Executor } from "../db/client";
import { readBudgets } from "./budgets-service";
import { directorySection } from "./directories-section";
import { gsuiteSection } from "./gsuite-section";
import { hostingSection } from "./hosting-section";
import { licenseSection } from "./licenses-section";
import { convert, expenseContext } from "./section-context";
import { upcomingPayments } from "./upcoming-section";

export async function expenseSummary(
  db: Executor,
  query: { currency: DisplayCurrencyCode; source: ExpenseSourceFilter; today: IsoDate },
): Promise<ExpenseSummaryResponse> {
  const { source, today } = query;
  const c = await expenseContext(db, query.currency, today);
  const { rates, currency } = c;
  const currentMonth = monthOf(today);
  const months = chartMonths(currentMonth);
  const wanted: ExpenseSource[] =
    source === "all" ? ["licenses", "directories", "gsuite", "hosting"] : [source];
  const has = (s: ExpenseSource) => wanted.includes(s);

  const [licenses, directories, gsuite, hosting, upcoming30Days, budgets] = await Promise.all([
    has("licenses") ? licenseSection(c) : null,
    has("directories") ? directorySection(c) : null,
    has("gsuite") ? gsuiteSection(c) : null,
    has("hosting") ? hostingSection(c) : null,
    upcomingPayments(c, wanted),
    readBudgets(db),
  ]);

  const monthlyCents =
    toCents(licenses?.monthly ?? 0) +
    toCents(directories?.monthly ?? 0) +
    toCents(gsuite?.monthly ?? 0) +
    toCents(hosting?.monthly ?? 0);
  const monthly = monthlyCents / 100;

  const cumulative = (section: { startGroups: StartGroup[] } | null) =>
    section ? cumulativeByMonth(months, section.startGroups, rates, currency) : months.map(() => 0);
  const licenseByMonth = cumulative(licenses);
  const directoryByMonth = cumulative(directories);
  const gsuiteByMonth = cumulative(gsuite);
  const byMonth = months.map((month, i) => ({
    month,
    licenses: licenseByMonth[i]!,
    directories: directoryByMonth[i]!,
    gsuite: gsuiteByMonth[i]!,
    hosting: hosting
      ? month > currentMonth
        ? hosting.monthly
        : (hosting.invoiced.get(month) ?? 0)
      : 0,
  }));

  const largest = [
    ...(licenses?.rows ?? []).map((row) => ({
      source: "licenses" as const,
      name: row.name,
      monthly: row.monthly,
    })),
    ...(directories?.rows ?? []).map((row) => ({
      source: "directories" as const,
      name: row.name,
      monthly: row.monthly,
    })),
    ...(gsuite?.rows ?? []).map((row) => ({
      source: "gsuite" as const,
      name: row.plan,
      monthly: row.monthly,
    })),
    ...(hosting?.largest ?? []),
  ]
    .sort((a, b) => b.monthly - a.monthly || a.name.localeCompare(b.name))
    .slice(0, LARGEST_COSTS_LIMIT);

  const strip = <T extends { startGroups: unknown }>(section: T | null) => {
    if (!section) return null;
    const { startGroups: _, ...rest } = section;
    return rest;
  };
  return {
    currency,
    source,
    today,
    totals: {
      monthly,
      yearly: roundMoney(yearlyFromMonthly(monthly)),
      upcoming30Days,
      averageCostPerSeat: licenses
        ? averageCostPerSeat(licenses.monthly, licenses.totalSeats)
        : null,
    },
    licenses: strip(licenses),
    directories: strip(directories),
    gsuite: strip(gsuite),
    hosting: hosting
      ? {
          monthly: hosting.monthly,
          yearly: hosting.yearly,
          count: hosting.count,
          month: hosting.month,
          rows: hosting.rows,
        }
      : null,
    byMonth,
    largest,
    budget: budgetInDisplayCurrency(budgets, (amount) =>
      roundMoney(convert(c, amount, budgets.currency)),
    ),
  };
}
