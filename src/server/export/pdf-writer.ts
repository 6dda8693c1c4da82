// PDF through pdfkit: per table a title, its filters and the date, then the rows as a table on
// landscape A4 pages, the header repeated on each page. A cell wraps onto up to three lines,
// then ends with an ellipsis: a report to read, not to re-import (the CSV and .xlsx keep every
// character and column).
// Text is in DejaVu Sans (pdf-fonts.ts), embedded; what it cannot draw prints as U+FFFD.
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { drained } from "./backpressure";
import { BOLD, printable, REGULAR, registerPdfFonts } from "./pdf-fonts";
import { cellText, type ExportTable, type RowCounter } from "./table";

const MARGIN = 36;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
// A cell wraps onto at most this many lines, then ends with an ellipsis.
const MAX_LINES = 3;

type Doc = PDFKit.PDFDocument;

function columnWidths(columns: { weight?: number }[], width: number) {
  const weights = columns.map((column) => column.weight ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (width * weight) / sum);
}

/** The row's height: its tallest cell, wrapped to its column's width, at most MAX_LINES lines. */
function rowHeight(doc: Doc, cells: string[], widths: number[]) {
  const lineHeight = doc.currentLineHeight(true);
  const tallest = Math.max(
    lineHeight,
    ...cells.map((text, index) =>
      doc.heightOfString(text || " ", { width: widths[index]! - 2 * CELL_PADDING }),
    ),
  );
  return Math.min(tallest, lineHeight * MAX_LINES) + 2 * CELL_PADDING;
}

function drawRow(doc: Doc, cells: string[], widths: number[], y: number, height: number) {
  let x = MARGIN;
  for (const [index, text] of cells.entries()) {
    const width = widths[index]!;
    doc.text(text, x + CELL_PADDING, y + CELL_PADDING, {
      width: width - 2 * CELL_PADDING,
      height: height - 2 * CELL_PADDING,
      ellipsis: true,
    });
    x += width;
  }
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(x, y + height)
    .lineWidth(0.3)
    .strokeColor("#bbbbbb")
    .stroke();
}

/** Draws the row on this page, or on a new one (with the header again) when it does not fit. */
function placeRow(
  doc: Doc,
  cells: string[],
  widths: number[],
  y: number,
  header: string[],
): number {
  doc.font(REGULAR).fontSize(FONT_SIZE);
  const height = rowHeight(doc, cells, widths);
  if (y + height > doc.page.height - MARGIN) {
    doc.addPage();
    y = placeHeader(doc, header, widths, MARGIN);
    doc.font(REGULAR).fontSize(FONT_SIZE);
  }
  drawRow(doc, cells, widths, y, height);
  return y + height;
}

function placeHeader(doc: Doc, header: string[], widths: number[], y: number) {
  doc.font(BOLD).fontSize(FONT_SIZE);
  const height = rowHeight(doc, header, widths);
  drawRow(doc, header, widths, y, height);
  return y + height;
}

async function writeTable<Row>(
  doc: Doc,
  out: Writable,
  table: ExportTable<Row>,
  generatedOn: string,
  counter: RowCounter,
) {
  const width = doc.page.width - 2 * MARGIN;
  // Columns marked pdf: false (long notes, ids) stay in the CSV and .xlsx only, so the report's
  // columns are wide enough to read.
  const columns = table.columns.filter((column) => column.pdf !== false);
  const widths = columnWidths(columns, width);
  const header = columns.map((column) => printable(column.header));

  doc.font(BOLD).fontSize(16).text(printable(table.title), MARGIN, MARGIN, { width });
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(printable(`Filters: ${table.filters.length > 0 ? table.filters.join("; ") : "none"}`), {
      width,
    })
    .text(`Exported on ${generatedOn}`, { width });
  let y = placeHeader(doc, header, widths, doc.y + 8);

  for await (const page of table.pages()) {
    for (const row of page) {
      counter.rows += 1;
      const cells = columns.map((column) => printable(cellText(column.type, column.value(row))));
      y = placeRow(doc, cells, widths, y, header);
    }
    await drained(out);
  }
  if (counter.rows === 0) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .text("No rows.", MARGIN, y + 6, { width });
  }
}

/** Writes the tables, each starting on its own page, into `out`, and ends it. */
export async function writePdf(
  out: Writable,
  tables: ExportTable<unknown>[],
  generatedOn: string,
  counters: RowCounter[] = tables.map(() => ({ rows: 0 })),
) {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    info: { Title: tables.map((table) => table.title).join(", "), Creator: "Quartermaster" },
  });
  registerPdfFonts(doc);
  doc.pipe(out);
  for (const [index, table] of tables.entries()) {
    if (index > 0) doc.addPage();
    await writeTable(doc, out, table, generatedOn, counters[index]!);
  }
  doc.end();
}
