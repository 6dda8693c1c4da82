// What an export writes, whatever the format: a titled table whose rows arrive page by page.
// One description per area (tables/), three writers (csv-, xlsx-, pdf-writer.ts) and the zip.
//
// Values are plain: dates as 'YYYY-MM-DD' strings, money as numbers of the area's response (two
// decimals) with the currency in its own column. Each writer types them its own way (an .xlsx
// date cell, a CSV text). Secrets never get here: tables read the areas' API responses, which
// carry keys and passwords masked or not at all.

export type ColumnType = "text" | "date" | "money" | "number" | "currency" | "boolean";
export type CellValue = string | number | boolean | null;

export interface ExportColumn<Row> {
  header: string;
  type: ColumnType;
  // A method, not a function property: so a table of licenses is also an ExportTable<unknown>.
  value(row: Row): CellValue;
  /** Relative width in the PDF table (default 1). */
  weight?: number;
  /** false: in the CSV and .xlsx only, left out of the PDF's narrower table. */
  pdf?: boolean;
}

export interface ExportTable<Row = unknown> {
  /** File and sheet name ('licenses'). */
  name: string;
  /** Heading of the PDF and of the sheet ('Licenses'). */
  title: string;
  /** The list's filters in words ('Status: expiring'), printed under the PDF's title. */
  filters: string[];
  columns: ExportColumn<Row>[];
  /** The rows, one page at a time, read lazily: the next page is asked for when it is needed. */
  pages: () => AsyncIterable<Row[]>;
}

/** Counts what a writer has written, for the activity log and the bench. */
export interface RowCounter {
  rows: number;
}

/** A cell as text (CSV, PDF): empty for null, money with its two decimals, booleans as Yes/No. */
export function cellText(type: ColumnType, value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (type === "money" && typeof value === "number") return value.toFixed(2);
  return String(value);
}
