// Reading an uploaded CSV file: the bytes checked (not binary, UTF-8), the separator detected (or
// the one chosen), then parsed into records with csv-parse, which reports broken quoting with its
// line. Every refusal is a 400 with a code and a message that says what to do; nothing has been
// written when one is thrown.
import { CsvError, parse } from "csv-parse/sync";
import {
  type CsvSeparator,
  MAX_IMPORT_ROWS,
  SEPARATOR_CHARACTERS,
} from "../../domain/schemas/imports";
import { badRequest } from "../http/errors";
import { recordStartLines } from "./line-numbers";
import type { FileRecord, FileTable } from "./table";

const SAVE_AS_CSV = "Save it from your spreadsheet as 'CSV UTF-8 (comma delimited)' and try again.";

// Files people pick by mistake, by their first bytes.
const BINARY_SIGNATURES: { bytes: number[]; what: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: "a zip archive (an Excel workbook? choose it as an .xlsx file)",
  },
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

const SEPARATOR_NAMES: Record<CsvSeparator, string> = {
  comma: "','",
  semicolon: "';'",
  tab: "a tab",
};

/** The separators the first line (outside quotes) holds, each with its count. */
function separatorsOnFirstLine(text: string): Map<CsvSeparator, number> {
  const counts = new Map<CsvSeparator, number>();
  const byCharacter = new Map(
    Object.entries(SEPARATOR_CHARACTERS).map(([name, character]) => [character, name]),
  ) as Map<string, CsvSeparator>;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === "\n" || character === "\r")) break;
    else if (!quoted) {
      const name = byCharacter.get(character);
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return counts;
}

/** The separator the header row uses most (',' first on a tie, and for a one-column file). */
export function detectSeparator(text: string): CsvSeparator {
  let best: CsvSeparator = "comma";
  let most = 0;
  for (const [name, count] of separatorsOnFirstLine(text)) {
    if (count > most) [best, most] = [name, count];
  }
  return best;
}

/** "The file seems to use ';' between columns: choose ';' as the separator." or "". */
function otherSeparatorHint(text: string, used: CsvSeparator): string {
  const counts = separatorsOnFirstLine(text);
  const other = detectSeparator(text);
  if (other === used || (counts.get(other) ?? 0) <= (counts.get(used) ?? 0)) return "";
  const name = SEPARATOR_NAMES[other];
  return ` The file seems to use ${name} between columns: choose ${name} as the separator.`;
}

// csv-parse's messages name the problem in its own words; these say what to do about it.
const CSV_ERROR_ADVICE: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED:
    'A quote (") opens a cell and is never closed: close it, or remove the stray quote.',
  INVALID_OPENING_QUOTE:
    'A cell has a quote (") in its middle: a cell holding quotes must start and end with one, with each quote inside it doubled ("").',
  CSV_INVALID_CLOSING_QUOTE:
    'A quoted cell goes on after its closing quote: put the whole cell in quotes, with each quote inside it doubled ("").',
};

/** The records of CSV text, split by the chosen separator or the one the header row uses. */
export function readCsvRecords(text: string, chosen?: CsvSeparator): FileTable {
  const separator = chosen ?? detectSeparator(text);
  // Parsed from these very bytes, so that csv-parse's byte offsets index them.
  const bytes = Buffer.from(text, "utf8");
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    // With info: true each record comes with the offset just past it (the typings do not follow
    // the option).
    parsed = parse(bytes, {
      delimiter: SEPARATOR_CHARACTERS[separator],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // Stop reading early: more rows than allowed is refused anyway.
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      const hint = otherSeparatorHint(text, separator);
      if (hint) {
        throw badRequest(
          `The file cannot be read with ${SEPARATOR_NAMES[separator]} between columns.${hint}`,
          [],
          "IMPORT_SEPARATOR",
        );
      }
      const advice = CSV_ERROR_ADVICE[error.code];
      throw badRequest(
        `The file is not valid CSV: ${error.message}.${advice ? ` ${advice}` : ""}`,
        [],
        "IMPORT_MALFORMED_CSV",
      );
    }
    throw error;
  }
  const [header, ...rest] = parsed;
  if (!header) throw badRequest("The file is empty.", [], "IMPORT_EMPTY");
  if (header.record.length === 1 && chosen) {
    const hint = otherSeparatorHint(text, separator);
    if (hint) throw badRequest(`The file has one column.${hint}`, [], "IMPORT_SEPARATOR");
  }

  const startLineAfter = recordStartLines(bytes);
  let previousEnd = header.info.bytes;
  const records: FileRecord[] = rest.map((row) => {
    const line = startLineAfter(previousEnd);
    previousEnd = row.info.bytes;
    return { line, cells: row.record };
  });
  return { header: header.record, records, separator };
}
