// CSV as RFC 4180 says: fields separated by commas, records by CRLF; a field holding a comma, a
// double quote, CR or LF is quoted, its quotes doubled. Fields that a spreadsheet would run as a
// formula (starting with =, +, -, @, tab or CR) get a leading apostrophe (OWASP's CSV injection
// advice), except plain numbers such as -12.50.
export type CsvValue = string | number | boolean | null | undefined;

const NUMBER = /^-?\d+(\.\d+)?$/;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated, ending with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(",")}\r\n`).join("");
}
