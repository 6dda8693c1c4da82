// Expense Analysis's tables as exports (administrators only): every row of one source's table in
// the display currency, as the page computes it for the viewer's day, through the expenses
// area's own reads (expenses/export.ts). Each source is one table, named as its download
// ('directories-expenses-<date>.csv').
import { todayIso } from "../../../domain/dates";
import type {
  DirectoryExpenseRow,
  ExpenseExportQuery,
  GsuiteExpenseRow,
  HostingExpenseRow,
  LicenseExpenseRow,
} from "../../../domain/expenses/schemas";
import type { Db } from "../../db/client";
import { lightRead } from "../../db/light-read";
import {
  everyDirectoryRow,
  everyGsuiteRow,
  everyHostingRow,
  everyLicenseRow,
} from "../../expenses/export";
import { type Context, expenseContext } from "../../expenses/section-context";
import { describeFilters } from "../filters";
import type { ExportColumn, ExportTable } from "../table";

const licenseColumns = (currency: string): ExportColumn<LicenseExpenseRow>[] => [
  { header: "Name", type: "text", value: (r) => r.name, weight: 2 },
  { header: "Amount", type: "money", value: (r) => r.amount },
  { header: "Currency", type: "currency", value: (r) => r.currency, weight: 0.6 },
  { header: "Frequency", type: "text", value: (r) => r.frequency },
  { header: "Seats", type: "number", value: (r) => r.totalSeats, weight: 0.6 },
  { header: `Monthly (${currency})`, type: "money", value: (r) => r.monthly },
  { header: `Yearly (${currency})`, type: "money", value: (r) => r.yearly },
  { header: "Next Payment", type: "date", value: (r) => r.nextPaymentDate },
];

const directoryColumns = (currency: string): ExportColumn<DirectoryExpenseRow>[] => [
  { header: "Name", type: "text", value: (r) => r.name, weight: 2 },
  { header: "Amount", type: "money", value: (r) => r.amount },
  { header: "Currency", type: "currency", value: (r) => r.currency, weight: 0.6 },
  { header: "Frequency (months)", type: "number", value: (r) => r.frequencyMonths },
  { header: "One-time", type: "boolean", value: (r) => r.isOneTime, weight: 0.6 },
  { header: `Monthly (${currency})`, type: "money", value: (r) => r.monthly },
  { header: `Yearly (${currency})`, type: "money", value: (r) => r.yearly },
  { header: "Next Payment", type: "date", value: (r) => r.nextPaymentDate },
];

const gsuiteColumns = (currency: string): ExportColumn<GsuiteExpenseRow>[] => [
  { header: "Plan", type: "text", value: (r) => r.plan, weight: 2 },
  { header: "Users", type: "number", value: (r) => r.users, weight: 0.6 },
  { header: "Price per User", type: "money", value: (r) => r.pricePerUser },
  { header: "Currency", type: "currency", value: (r) => r.currency, weight: 0.6 },
  { header: "Billing Cycle", type: "text", value: (r) => r.billingCycle },
  { header: `Monthly (${currency})`, type: "money", value: (r) => r.monthly },
  { header: `Yearly (${currency})`, type: "money", value: (r) => r.yearly },
];

const hostingColumns = (currency: string): ExportColumn<HostingExpenseRow>[] => [
  { header: "Month", type: "text", value: (r) => r.month },
  { header: "Droplets", type: "number", value: (r) => r.droplets },
  { header: "Amount (USD)", type: "money", value: (r) => r.amountUsd },
  { header: `Amount (${currency})`, type: "money", value: (r) => r.amount },
];

/** One source's table: its title and columns, and its rows read in one go (the page's way). */
function sourceTable<Row>(
  db: Db,
  query: ExpenseExportQuery,
  title: string,
  columns: ExportColumn<Row>[],
  read: (c: Context) => Promise<Row[]>,
): ExportTable<Row> {
  const today = query.today ?? todayIso();
  return {
    name: `${query.source}-expenses`,
    title,
    filters: describeFilters([
      ["Currency", query.currency],
      ["As of", today],
    ]),
    columns,
    pages: async function* () {
      yield await lightRead(db, async (tx) =>
        read(await expenseContext(tx, query.currency, today)),
      );
    },
  };
}

export function expenseTable(db: Db, query: ExpenseExportQuery): ExportTable<unknown> {
  const currency = query.currency;
  switch (query.source) {
    case "licenses":
      return sourceTable(db, query, "License Expenses", licenseColumns(currency), everyLicenseRow);
    case "directories":
      return sourceTable(
        db,
        query,
        "Directory Expenses",
        directoryColumns(currency),
        everyDirectoryRow,
      );
    case "gsuite":
      return sourceTable(db, query, "G Suite Expenses", gsuiteColumns(currency), everyGsuiteRow);
    case "hosting":
      return sourceTable(db, query, "Hosting Expenses", hostingColumns(currency), everyHostingRow);
  }
}
