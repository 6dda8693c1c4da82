// A file as rows of cells, whichever kind it was (CSV text, an Excel sheet), and its columns mapped
// onto the area's fields: the person's choices first, then the suggestions from the headers
// (domain/imports/mapping.ts). What checking a row needs, and nothing of where it came from.
import { IMPORT_COLUMNS, type ImportArea, type ImportColumn } from "../../domain/imports/columns";
import {
  type ColumnMapping,
  columnNames,
  isMappableField,
  mapColumns,
} from "../../domain/imports/mapping";
import { type CsvSeparator, MAX_IMPORT_ROWS } from "../../domain/schemas/imports";
import { badRequest } from "../http/errors";

export interface FileRecord {
  /** The line (CSV, as a text editor numbers the file) or row (Excel) where the record starts. */
  line: number;
  cells: string[];
}

export interface FileTable {
  header: string[];
  records: FileRecord[];
  /** CSV: the separator used. */
  separator?: CsvSeparator;
  /** Excel: the workbook's sheets and the one read. */
  sheets?: string[];
  sheet?: string;
}

export interface MappedTable {
  /** The fields the file fills, in template order, with their position in the record. */
  columns: { column: ImportColumn; position: number }[];
  /** Every column of the file with the field it goes to. */
  mapping: ColumnMapping[];
  /** Headers of the file's columns that go nowhere. */
  ignoredColumns: string[];
  /** Required fields no column goes to (the template's headers). */
  missingFields: string[];
  headerLength: number;
  /** CSV: a record with more or fewer cells than the header is a problem (not in a workbook). */
  countsCells: boolean;
  records: FileRecord[];
}

/** Refuses a mapping that names a column the file lacks, a field the area lacks, or one twice. */
function checkedMapping(
  area: ImportArea,
  names: string[],
  chosen: Record<string, string | null>,
): Record<string, string | null> {
  const unknownColumns = Object.keys(chosen).filter((name) => !names.includes(name));
  if (unknownColumns.length > 0) {
    throw badRequest(
      `The mapping names ${unknownColumns.map((name) => `'${name}'`).join(", ")}, which the file's first row does not: map the file's own column names.`,
      unknownColumns.map((name) => ({ path: `mapping.${name}`, message: "No such column" })),
      "IMPORT_MAPPING",
    );
  }
  const unknownFields = Object.entries(chosen).filter(
    ([, field]) => field !== null && !isMappableField(area, field),
  );
  if (unknownFields.length > 0) {
    const fields = IMPORT_COLUMNS[area].map((column) => column.field).join(", ");
    throw badRequest(
      `The mapping sends ${unknownFields.map(([name, field]) => `'${name}' to '${field}'`).join(", ")}, which ${unknownFields.length === 1 ? "is not a field" : "are not fields"} of this import. The fields are: ${fields} (or null to ignore a column).`,
      unknownFields.map(([name]) => ({ path: `mapping.${name}`, message: "No such field" })),
      "IMPORT_MAPPING",
    );
  }
  const seen = new Map<string, string>();
  for (const [name, field] of Object.entries(chosen)) {
    if (field === null) continue;
    const first = seen.get(field);
    if (first !== undefined) {
      throw badRequest(
        `The mapping sends both '${first}' and '${name}' to '${field}': one column per field.`,
        [{ path: `mapping.${name}`, message: "Field already mapped" }],
        "IMPORT_MAPPING",
      );
    }
    seen.set(field, name);
  }
  return chosen;
}

/** The file's columns mapped onto the area's fields; its blank records dropped. */
export function mapTable(
  area: ImportArea,
  file: FileTable,
  chosen: Record<string, string | null> = {},
): MappedTable {
  const names = columnNames(file.header);
  const mapping = mapColumns(area, names, checkedMapping(area, names, chosen));
  const positionOf = new Map(
    mapping.flatMap((entry, position) => (entry.field ? [[entry.field, position] as const] : [])),
  );
  const records = file.records.filter((row) => row.cells.some((cell) => cell.trim() !== ""));
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
      const position = positionOf.get(column.field);
      return position === undefined ? [] : [{ column, position }];
    }),
    mapping,
    ignoredColumns: mapping
      .filter((entry, index) => entry.field === null && file.header[index]?.trim())
      .map((entry) => entry.column),
    missingFields: IMPORT_COLUMNS[area]
      .filter((column) => column.required && !positionOf.has(column.field))
      // A type can come from a category instead (cells.ts folds it).
      .filter((column) => !(column.field === "type" && positionOf.has("category")))
      .map((column) => column.header),
    headerLength: file.header.length,
    countsCells: file.separator !== undefined,
    records,
  };
}

/** The commit's refusal of a file whose required fields have no column. */
export function missingFieldsError(missing: string[]) {
  return badRequest(
    `The file has no ${missing.map((header) => `'${header}'`).join(", ")} ${missing.length === 1 ? "column: choose the column of the file that holds it" : "columns: choose the columns of the file that hold them"}, or download the template to see the columns.`,
    [],
    "IMPORT_COLUMNS",
  );
}
