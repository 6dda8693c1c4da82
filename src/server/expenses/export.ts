// Every row of one source's table, for its export (the page's tables show the largest
// EXPENSE_TABLE_LIMIT): the same rows, conversions and order as the tables. The export kit
// describes their columns (export/tables/expenses.ts) and writes them as CSV, Excel or PDF.
import { sql } from "drizzle-orm";
import type {
  DirectoryExpenseRow,
  GsuiteExpenseRow,
  HostingExpenseRow,
  LicenseExpenseRow,
} from "../../domain/expenses/schemas";
import { rowsOf } from "../db/rows-of";
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
import type { Context } from "./section-context";

export async function everyLicenseRow(c: Context): Promise<LicenseExpenseRow[]> {
  const result = await c.db.execute(sql`
    select ${licenseRowColumns} from licenses l where l.payment_amount is not null
    order by ${licenseOrder(c)}`);
  return rowsOf<LicenseRow>(result).map((row) => licenseRow(c, row));
}

export async function everyDirectoryRow(c: Context): Promise<DirectoryExpenseRow[]> {
  const result = await c.db.execute(sql`
    select ${directoryRowColumns} from directories d where ${billingDirectories}
    order by ${directoryOrder(c)}`);
  return rowsOf<DirectoryRow>(result).map((row) => directoryRow(c, row));
}

export async function everyGsuiteRow(c: Context): Promise<GsuiteExpenseRow[]> {
  return (await gsuiteSection(c, Number.POSITIVE_INFINITY)).rows;
}

export async function everyHostingRow(c: Context): Promise<HostingExpenseRow[]> {
  return (await hostingSection(c)).rows;
}
