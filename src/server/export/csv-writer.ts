// CSV (RFC 4180: comma, double quotes, CRLF, a header row; UTF-8) through csv-stringify.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { cellText, type ExportColumn, type ExportTable, type RowCounter } from "./table";

// A spreadsheet runs a cell that starts with one of these as a formula ('=HYPERLINK(...)' typed
// into a license name). OWASP's advice: prefix such a cell with a single quote, which shows the
// text as it was and runs nothing. Tab and carriage return are in OWASP's list too.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet. Numbers and money come from numeric columns
 * (a negative amount is not a formula) and are written as they are.
 */
export function csvCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row);
  const text = cellText(column.type, value);
  if (typeof value === "string" && FORMULA_START.test(text)) return `'${text}`;
  return text;
}

async function* records<Row>(table: ExportTable<Row>, counter: RowCounter) {
  yield table.columns.map((column) => column.header);
  for await (const page of table.pages()) {
    for (const row of page) {
      counter.rows += 1;
      yield table.columns.map((column) => csvCell(column, row));
    }
  }
}

/**
 * The table as a CSV byte stream. Rows are pulled from the database only as fast as the reader
 * takes the text (Readable.from stops asking while csv-stringify's buffer is full).
 */
export function csvStream<Row>(
  table: ExportTable<Row>,
  counter: RowCounter = { rows: 0 },
  options: { bom?: boolean } = {},
) {
  // A line break inside a cell is quoted whatever it is: csv-stringify quotes only the record
  // delimiter (CRLF) by itself, and a bare LF or CR would split the row in a spreadsheet.
  // A byte-order mark by default: Excel on Windows reads a CSV without one in the system's code
  // page, so every letter outside ASCII comes out garbled (csv-stringify writes it first).
  const csv = stringify({
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
    bom: options.bom ?? true,
  });
  // A failure while reading (the database gone mid-export) destroys `csv` with that error, so
  // the download breaks off instead of ending as if it were complete.
  pipeline(Readable.from(records(table, counter)), csv).catch(() => {});
  return csv;
}
