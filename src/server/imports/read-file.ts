// An uploaded file (CSV text or an Excel workbook's bytes, as the routes' body parsers left it) read
// into rows and mapped onto the area's fields, the way the request asks (mapping, separator, sheet).
import type { ImportArea } from "../../domain/imports/columns";
import type { ImportReadQuery } from "../../domain/schemas/imports";
import { readCsvRecords } from "./csv-file";
import { type MappedTable, mapTable } from "./table";
import { readXlsxRecords } from "./xlsx-file";

/** What the routes hand over: CSV text, or a workbook's bytes. */
export type ImportBody = string | Uint8Array;

export interface ReadFile extends MappedTable {
  separator: ImportReadQuery["separator"] | null;
  sheets: string[];
  sheet: string | null;
}

export async function readImportFile(
  area: ImportArea,
  body: ImportBody,
  options: ImportReadQuery = {},
): Promise<ReadFile> {
  const file =
    typeof body === "string"
      ? readCsvRecords(body, options.separator)
      : await readXlsxRecords(body, options.sheet);
  return {
    ...mapTable(area, file, options.mapping),
    separator: file.separator ?? null,
    sheets: file.sheets ?? [],
    sheet: file.sheet ?? null,
  };
}
