// Reading an uploaded Excel workbook (.xlsx) with exceljs: the chosen sheet (the first by default)
// as rows of text cells, each numbered by its row in Excel, so a problem names the row a person
// sees. Dates become 'YYYY-MM-DD', numbers their shortest exact text, formulas their result.
import ExcelJS from "exceljs";
import { MAX_IMPORT_ROWS } from "../../domain/schemas/imports";
import { badRequest } from "../http/errors";
import type { FileRecord, FileTable } from "./table";

type CellValue = ExcelJS.CellValue;

/** One cell as the text a CSV export of it would hold. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    // Excel's dates carry no zone: exceljs gives them as midnight UTC.
    return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value;
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    return cellText((value as { result?: CellValue }).result ?? null);
  }
  if ("hyperlink" in value) return cellText((value as { text?: CellValue }).text ?? null);
  if ("error" in value) return "";
  return String(value);
}

/** The sheet's rows; refuses bytes that are no workbook and a sheet the workbook lacks. */
export async function readXlsxRecords(bytes: Uint8Array, sheetName?: string): Promise<FileTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(
      "The file is not an Excel workbook (.xlsx) that can be read. Open it in your spreadsheet and save it again as an Excel workbook, or as 'CSV UTF-8'.",
      [],
      "IMPORT_NOT_CSV",
    );
  }
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  const sheet = sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheetName);
  if (!sheet) {
    throw badRequest(
      sheetName === undefined
        ? "The workbook has no sheets."
        : `The workbook has no sheet named '${sheetName}'. Its sheets: ${sheets.map((name) => `'${name}'`).join(", ")}.`,
      [],
      sheetName === undefined ? "IMPORT_EMPTY" : "IMPORT_SHEET",
    );
  }
  const rows: FileRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length > MAX_IMPORT_ROWS + 1) return;
    // row.values is 1-based (index 0 unused).
    const values = (row.values as CellValue[]).slice(1);
    rows.push({ line: rowNumber, cells: Array.from(values, (value) => cellText(value ?? null)) });
  });
  const [header, ...records] = rows;
  if (!header) throw badRequest(`The sheet '${sheet.name}' is empty.`, [], "IMPORT_EMPTY");
  return { header: header.cells, records, sheets, sheet: sheet.name };
}
