// Saves rows as a CSV file in the browser (RFC 4180 text from the domain's toCsv).
import { type CsvValue, toCsv } from "@/domain/expenses/csv";

export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
) {
  const blob = new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
