// Excel through exceljs's streaming WorkbookWriter: rows are committed as they come and the
// .xlsx (a zip) flows out while the next pages are read. Cells are typed: dates are date cells,
// money and counts are numbers (the currency has its own column), booleans are booleans.
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { drained } from "./backpressure";
import type { CellValue, ColumnType, ExportTable, RowCounter } from "./table";

const NUMBER_FORMATS: Partial<Record<ColumnType, string>> = {
  date: "yyyy-mm-dd",
  money: "#,##0.00",
};

/** A cell value as exceljs types it: 'YYYY-MM-DD' becomes a Date (midnight UTC, as Excel's dates are). */
export function xlsxValue(type: ColumnType, value: CellValue): ExcelJS.CellValue {
  if (value === null) return null;
  if (type === "date" && typeof value === "string")
    return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if ((type === "money" || type === "number") && typeof value === "string") return Number(value);
  return value;
}

// Excel's limit is 31 characters and none of : \ / ? * [ ].
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31);

async function addSheet<Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  out: Writable,
  table: ExportTable<Row>,
  counter: RowCounter,
) {
  const sheet = workbook.addWorksheet(sheetName(table.title));
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const page of table.pages()) {
    for (const row of page) {
      counter.rows += 1;
      sheet
        .addRow(table.columns.map((column) => xlsxValue(column.type, column.value(row))))
        .commit();
    }
    await drained(out);
  }
  sheet.commit();
}

/** Writes one workbook with a sheet per table into `out`, and ends it. */
export async function writeXlsx(
  out: Writable,
  tables: ExportTable<unknown>[],
  counters: RowCounter[] = tables.map(() => ({ rows: 0 })),
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const [index, table] of tables.entries()) {
    await addSheet(workbook, out, table, counters[index]!);
  }
  await workbook.commit();
}
