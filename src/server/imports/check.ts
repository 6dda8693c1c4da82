// Checking an import file row by row: each record through the area's form schema, then
// duplicates inside the file, then against the database. The preview shows the result; the
// commit runs it again (never trusting a preview) before writing.

import { recordToInput } from "../../domain/imports/cells";
import { type DateFormat, detectDateFormat, detectDecimalMark } from "../../domain/imports/values";
import { maskSecret } from "../../domain/masking";
import type { Executor } from "../db/client";
import type { Secrets } from "../lib/secrets";
import type { ImportAreaDefinition } from "./areas/area";
import type { MappedTable } from "./table";

export interface CheckedRow {
  line: number;
  /** Cells by header, secrets masked: what the preview shows beside the problems. */
  values: Record<string, string>;
  problems: string[];
  /** The parsed row, when the schema accepted it. */
  row?: unknown;
  /** The duplicate key, when the row has one. */
  key?: string | null;
}

export interface CheckedFile {
  columns: string[];
  ignoredColumns: string[];
  rows: CheckedRow[];
  dateFormat: { used: DateFormat | null; ambiguous: boolean };
}

/**
 * How the file's cells read as a whole: the order of its slashed dates (the request's choice, or
 * what the dates themselves show) and each amount column's decimal mark.
 */
function cellContextOf(table: MappedTable, chosen: DateFormat | undefined) {
  const cellsOf = (kind: string) =>
    table.columns
      .filter(({ column }) => column.kind === kind)
      .map(({ column, position }) => ({
        field: column.field,
        cells: table.records.map((record) => record.cells[position] ?? ""),
      }));
  const detected = detectDateFormat(cellsOf("date").flatMap(({ cells }) => cells));
  const used = chosen ?? detected.format ?? (detected.ambiguous ? "mdy" : null);
  return {
    dateFormat: { used, ambiguous: !chosen && detected.ambiguous },
    context: {
      dateFormat: used ?? "mdy",
      decimalMarks: new Map(
        cellsOf("amount").map(({ field, cells }) => [field, detectDecimalMark(cells)]),
      ),
    },
  };
}

/** Everything that can be checked without the database. */
export function checkFile(
  definition: ImportAreaDefinition<unknown>,
  table: MappedTable,
  dateFormat?: DateFormat,
): CheckedFile {
  const { dateFormat: dates, context } = cellContextOf(table, dateFormat);
  const positions = new Map(table.columns.map(({ column, position }) => [column.field, position]));
  const headerOf = new Map(table.columns.map(({ column }) => [column.field, column.header]));
  const fieldOrder = new Map(table.columns.map(({ column, position }) => [column.field, position]));
  const firstLineOf = new Map<string, number>();

  const rows = table.records.map((record): CheckedRow => {
    const values: Record<string, string> = {};
    for (const { column, position } of table.columns) {
      const cell = record.cells[position] ?? "";
      values[column.header] = column.secret && cell.trim() !== "" ? maskSecret(cell) : cell;
    }
    const problems: string[] = [];
    const extra = record.cells.slice(table.headerLength).some((cell) => cell.trim() !== "");
    // A workbook's rows end at their last filled cell; only a CSV row can lose or gain a cell.
    if (table.countsCells && (record.cells.length < table.headerLength || extra)) {
      problems.push(
        `This row has ${record.cells.length} cells but the header has ${table.headerLength}: a cell may be missing or hold an unquoted separator.`,
      );
    }
    const { input, problems: cellProblems } = recordToInput(
      table.columns.map(({ column }) => column),
      positions,
      record.cells,
      context,
    );
    // In the file's column order, as a person reads the row.
    const order = (field: PropertyKey | undefined) =>
      fieldOrder.get(String(field)) ?? Number.MAX_SAFE_INTEGER;
    const found = cellProblems.map(({ field, message }) => ({ at: order(field), message }));
    const parsed = definition.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const header = typeof field === "string" ? (headerOf.get(field) ?? field) : undefined;
        found.push({
          at: order(field),
          message: header ? `${header}: ${issue.message}` : issue.message,
        });
      }
    }
    problems.push(...found.sort((a, b) => a.at - b.at).map(({ message }) => message));
    if (!parsed.success) return { line: record.line, values, problems };
    problems.push(...(definition.extraProblems?.(parsed.data) ?? []));
    const key = definition.duplicate.keyOf(parsed.data);
    if (key !== null) {
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, record.line);
      else problems.push(`Same ${definition.duplicate.label} as line ${first}.`);
    }
    return { line: record.line, values, problems, row: parsed.data, key };
  });
  return {
    columns: table.columns.map(({ column }) => column.header),
    ignoredColumns: table.ignoredColumns,
    rows,
    dateFormat: dates,
  };
}

/**
 * Adds the problem "already exists" to each row whose key the database holds, and resolves the
 * names of other records a row gives (the area's `resolve`): the row to write takes their ids, or
 * the row gets the problems of names that match no record or several.
 */
export async function checkAgainstDatabase(
  db: Executor,
  secrets: Secrets,
  definition: ImportAreaDefinition<unknown>,
  rows: CheckedRow[],
) {
  const keys = [...new Set(rows.flatMap((row) => (row.key ? [row.key] : [])))];
  if (keys.length > 0) {
    const existing = await definition.duplicate.existing(db, keys, secrets);
    for (const row of rows) {
      if (row.key && existing.has(row.key)) row.problems.push(definition.duplicate.existsMessage);
    }
  }
  if (!definition.resolve) return;
  const parsed = rows.filter((row) => row.row !== undefined);
  if (parsed.length === 0) return;
  const resolved = await definition.resolve(
    db,
    parsed.map((row) => row.row),
    parsed.map(({ line, problems }) => ({ line, problems: [...problems] })),
  );
  parsed.forEach((row, index) => {
    const answer = resolved[index]!;
    if ("row" in answer) row.row = answer.row;
    else row.problems.push(...answer.problems);
  });
}
