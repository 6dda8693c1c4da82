// Readers for the exports' tests, none of them the code that wrote the file: csv-parse for CSV,
// exceljs's full reader for .xlsx (not the streaming writer), pdf-parse (pdf.js) for the PDF's
// text and JSZip for the zip.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { PDFParse } from "pdf-parse";

export function readCsv(body: Buffer | string): string[][] {
  // bom: as Excel does, a leading byte-order mark is not part of the first cell.
  return parse(body, { relax_column_count: false, bom: true }) as string[][];
}

/** Every sheet's rows as cell values (row 1 is the header); dates come back as Date. */
export async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    return { name: sheet.name, rows, sheet };
  });
}

export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The zip's files by name, as text. */
export async function readZip(body: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(body);
  const files: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) files[name] = await zip.file(name)!.async("string");
  return files;
}
