// The printable checklist of one offboarding: who left, who did it and when, then one line per
// item with a box to tick, what it is and what was done, and a line to sign. Its own small
// pdfkit layout rather than the export kit's table report (server/export/pdf-writer.ts): a
// checklist has tick boxes and a signature, not filters and pages of rows. Built whole in memory
// (a person holds tens of items, not thousands).
// Text in the exports' embedded DejaVu Sans (export/pdf-fonts.ts, decision 0044).
import PDFDocument from "pdfkit";
import { HOLDING_KIND_LABELS, outcomeText } from "../../domain/offboarding";
import type { OffboardingResponse } from "../../domain/schemas/offboarding";
import { BOLD, printable, REGULAR, registerPdfFonts } from "../export/pdf-fonts";

const MARGIN = 48;
const BOX = 9;
const COLUMNS = [
  { header: "What", weight: 1.1 },
  { header: "Item", weight: 2 },
  { header: "Done", weight: 2 },
];

const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function checklistPdf(offboarding: OffboardingResponse): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Offboarding checklist: ${offboarding.userName}`, Creator: "Quartermaster" },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.font(BOLD).fontSize(18).text("Offboarding checklist", MARGIN, MARGIN);
  doc
    .moveDown(0.5)
    .font(REGULAR)
    .fontSize(10)
    .text(printable(`Person: ${offboarding.userName}`))
    .text(printable(`Offboarded by: ${offboarding.performedByName}`))
    .text(`On: ${utcMinute(offboarding.performedAt)}`)
    .text("The account was deactivated and all its sessions were ended.")
    .moveDown();

  const textWidth = width - BOX - 8;
  const sum = COLUMNS.reduce((total, column) => total + column.weight, 0);
  const widths = COLUMNS.map((column) => (textWidth * column.weight) / sum);
  const row = (texts: string[], bold: boolean, box: boolean) => {
    const cells = texts.map(printable);
    doc.font(bold ? BOLD : REGULAR).fontSize(9);
    const height =
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || " ", { width: widths[i]! - 6 })),
      ) + 6;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    if (box)
      doc
        .rect(MARGIN, y + 3, BOX, BOX)
        .lineWidth(0.8)
        .strokeColor("#333333")
        .stroke();
    let x = MARGIN + BOX + 8;
    for (const [i, cell] of cells.entries()) {
      doc.text(cell, x, y + 3, { width: widths[i]! - 6 });
      x += widths[i]!;
    }
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.3)
      .strokeColor("#bbbbbb")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };

  row(
    COLUMNS.map((column) => column.header),
    true,
    false,
  );
  for (const outcome of offboarding.outcomes) {
    const item = outcome.detail ? `${outcome.label}\n${outcome.detail}` : outcome.label;
    row([HOLDING_KIND_LABELS[outcome.kind], item, outcomeText(outcome)], false, true);
  }
  if (offboarding.outcomes.length === 0) {
    doc.moveDown(0.5).font(REGULAR).fontSize(9).text("The person held nothing.", MARGIN);
  }

  doc
    .moveDown(2)
    .font(REGULAR)
    .fontSize(10)
    .text("Checked by: ______________________________     Date: ______________", MARGIN);
  doc.end();
  return done;
}
