// Every row of one source's table for the CSV export (the page's tables show the largest
// EXPENSE_TABLE_LIMIT): the same columns and conversions as the tables, in the same order.
import { sql } from "drizzle-orm";
import type { IsoDate } from "../../domain/dates";
import type {
  DisplayCurrencyCode,
  ExpenseExportResponse,
  ExpenseSource,
} from "../../domain/expenses/schemas";
import type { Executor } from "../db/client";
import {
  billingDirectories,
  type DirectoryRow,
  directoryOrder,
  directoryRow,
  directoryRowColumns,
} from "./directories-section";
import { gsuiteSection } from "./gsuite-section";
import { hostingSection } from "./hosting-section";
import { type LicenseRow, licenseOrder, licenseRow, licenseRowColumns } from "./licenses-section";
import { expenseContext } from "./section-context";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function expenseExport(
  db: Executor,
  source: ExpenseSource,
  currency: DisplayCurrencyCode,
  today: IsoDate,
): Promise<ExpenseExportResponse> {
  const c = await expenseContext(db, currency, today);
  switch (source) {
    case "licenses": {
      const result = await db.execute(sql`
        select ${licenseRowColumns} from licenses l where l.payment_amount is not null
        order by ${licenseOrder(c)}`);
      return {
        header: [
          "Name",
          "Amount",
          "Currency",
          "Frequency",
          "Seats",
          `Monthly (${currency})`,
          `Yearly (${currency})`,
          "Next Payment",
        ],
        rows: rows<LicenseRow>(result).map((raw) => {
          const row = licenseRow(c, raw);
          return [
            row.name,
            row.amount,
            row.currency,
            row.frequency,
            row.totalSeats,
            row.monthly,
            row.yearly,
            row.nextPaymentDate,
          ];
        }),
      };
    }
    case "directories": {
      const result = await db.execute(sql`
        select ${directoryRowColumns} from directories d where ${billingDirectories}
        order by ${directoryOrder(c)}`);
      return {
        header: [
          "Name",
          "Amount",
          "Currency",
          "Frequency (months)",
          "One-time",
          `Monthly (${currency})`,
          `Yearly (${currency})`,
          "Next Payment",
        ],
        rows: rows<DirectoryRow>(result).map((raw) => {
          const row = directoryRow(c, raw);
          return [
            row.name,
            row.amount,
            row.currency,
            row.frequencyMonths,
            row.isOneTime,
            row.monthly,
            row.yearly,
            row.nextPaymentDate,
          ];
        }),
      };
    }
    case "gsuite": {
      const section = await gsuiteSection(c, Number.POSITIVE_INFINITY);
      return {
        header: [
          "Plan",
          "Users",
          "Price per User",
          "Currency",
          "Billing Cycle",
          `Monthly (${currency})`,
          `Yearly (${currency})`,
        ],
        rows: section.rows.map((row) => [
          row.plan,
          row.users,
          row.pricePerUser,
          row.currency,
          row.billingCycle,
          row.monthly,
          row.yearly,
        ]),
      };
    }
    case "hosting": {
      const section = await hostingSection(c);
      return {
        header: ["Month", "Droplets", "Amount (USD)", `Amount (${currency})`],
        rows: section.rows.map((row) => [row.month, row.droplets, row.amountUsd, row.amount]),
      };
    }
  }
}
