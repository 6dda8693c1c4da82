// Reading an uploaded CSV file: the bytes checked (not binary, UTF-8), then parsed into records
// with csv-parse, which reports broken quoting with its line. Every refusal is a 400 with a code
// and a message that says what to do; nothing has been written when one is thrown.
import { CsvError, parse } from "csv-parse/sync";
import {
  IMPORT_COLUMNS,
  type ImportArea,
  type ImportColumn,
  normalizeHeader,
} from "../../domain/imports/columns";
import { MAX_IMPORT_ROWS } from "../../domain/schemas/imports";
import { badRequest } from "../http/errors";
import { recordStartLines } from "./line-numbers";

const SAVE_AS_CSV = "Save it from your spreadsheet as 'CSV UTF-8 (comma delimited)' and try again.";

// Files people pick by mistake, by their first bytes.
const BINARY_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a zip archive (an Excel or Numbers workbook?)" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: "an old Excel (.xls) workbook" },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
  { bytes: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** The line (1-based) holding byte `offset`. */
const lineAt = (bytes: Uint8Array, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
};

/** The uploaded bytes as text, or a 400 saying why they are not a UTF-8 CSV file. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw badRequest("The file is empty.", [], "IMPORT_EMPTY");
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    throw badRequest(`The file is UTF-16 text, not UTF-8. ${SAVE_AS_CSV}`, [], "IMPORT_ENCODING");
  }
  const signature = BINARY_SIGNATURES.find((known) => startsWith(bytes, known.bytes));
  if (signature) {
    throw badRequest(
      `The file is ${signature.what}, not a CSV file. ${SAVE_AS_CSV}`,
      [],
      "IMPORT_NOT_CSV",
    );
  }
  // Text files never hold NUL; binary files nearly always do (and PostgreSQL cannot store it).
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw badRequest(
      `The file holds binary data (line ${lineAt(bytes, nul)}), not CSV text. ${SAVE_AS_CSV}`,
      [],
      "IMPORT_NOT_CSV",
    );
  }
  try {
    // ignoreBOM false: a UTF-8 byte-order mark (Excel writes one) is dropped.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder("utf-8").decode(bytes);
    const line = text.slice(0, text.indexOf("\uFFFD")).split("\n").length;
    throw badRequest(
      `The file is not UTF-8 text (line ${line} has a character in another encoding, such as Windows-1252). ${SAVE_AS_CSV}`,
      [],
      "IMPORT_ENCODING",
    );
  }
}

export interface CsvRecord {
  /** The line where the record starts, as a text editor numbers the file. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  /** The columns this area reads, in template order, with their position in the file. */
  columns: { column: ImportColumn; position: number }[];
  /** Headers of the file this area does not read. */
  ignoredColumns: string[];
  headerLength: number;
  records: CsvRecord[];
}

/** Parses the text into the area's columns and the data records (blank records skipped). */
export function readCsvTable(area: ImportArea, text: string): CsvTable {
  // Parsed from these very bytes, so that csv-parse's byte offsets index them.
  const bytes = Buffer.from(text, "utf8");
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    // With info: true each record comes with the offset just past it (the typings do not follow
    // the option).
    parsed = parse(bytes, {
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // Stop reading early: more rows than allowed is refused anyway.
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      throw badRequest(`The file is not valid CSV: ${error.message}.`, [], "IMPORT_MALFORMED_CSV");
    }
    throw error;
  }
  const [header, ...rest] = parsed;
  if (!header) throw badRequest("The file is empty.", [], "IMPORT_EMPTY");

  const known = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS[area]) {
    known.set(normalizeHeader(column.header), column);
    known.set(normalizeHeader(column.field), column);
  }
  const found = new Map<string, { column: ImportColumn; position: number }>();
  const ignoredColumns: string[] = [];
  const twice: string[] = [];
  header.record.forEach((name, position) => {
    const column = known.get(normalizeHeader(name));
    if (!column) {
      if (name.trim() !== "") ignoredColumns.push(name.trim());
      return;
    }
    if (found.has(column.field)) twice.push(column.header);
    else found.set(column.field, { column, position });
  });
  const missing = IMPORT_COLUMNS[area].filter(
    (column) => column.required && !found.has(column.field),
  );
  if (missing.length > 0 || twice.length > 0) {
    const parts = [
      missing.length > 0
        ? `The file has no ${missing.map((column) => `'${column.header}'`).join(", ")} column${missing.length === 1 ? "" : "s"}`
        : "",
      twice.length > 0
        ? `The column${twice.length === 1 ? "" : "s"} ${twice.map((header) => `'${header}'`).join(", ")} appear${twice.length === 1 ? "s" : ""} twice`
        : "",
    ].filter(Boolean);
    throw badRequest(
      `${parts.join(". ")}. The first row must name the columns; download the template to see them.`,
      [],
      "IMPORT_COLUMNS",
    );
  }

  const startLineAfter = recordStartLines(bytes);
  let previousEnd = header.info.bytes;
  const records = rest
    .map((row) => {
      const line = startLineAfter(previousEnd);
      previousEnd = row.info.bytes;
      return { line, cells: row.record };
    })
    .filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (records.length === 0) {
    throw badRequest("The file has a header row but no rows to import.", [], "IMPORT_EMPTY");
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw badRequest(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows. Split it into smaller files.`,
      [],
      "IMPORT_TOO_MANY_ROWS",
    );
  }
  return {
    columns: IMPORT_COLUMNS[area].flatMap((column) => {
      const at = found.get(column.field);
      return at ? [at] : [];
    }),
    ignoredColumns,
    headerLength: header.record.length,
    records,
  };
}
