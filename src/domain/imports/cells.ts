// One CSV record → the object the area's create schema parses. Pure, shared by the server's
// preview and commit (and unit-tested at its edges).
import { parseSpecs } from "../hardware-specs";
import { type ImportColumn, normalizeHeader } from "./columns";

const TRUE = new Set(["true", "yes", "y", "1"]);
const FALSE = new Set(["false", "no", "n", "0"]);

/**
 * A cell this app's export (or a careful spreadsheet user) prefixed with an apostrophe so that a
 * spreadsheet would not run it as a formula ('=1+1 written as '=1+1): the apostrophe goes, the
 * text comes back as it was stored.
 */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

type CellResult = { value: unknown } | { problem: string };

/**
 * The value a cell gives its field: undefined for a blank cell (the schema's default applies),
 * a cell the schema will refuse left as written (so the form's message names the problem).
 */
export function cellValue(column: ImportColumn, raw: string): CellResult {
  // Never a secret's: exports mask secrets, so a secret in a file was typed, apostrophe and all.
  const cell = column.secret ? raw : unescapeFormula(raw);
  if (cell.trim() === "") return { value: undefined };
  switch (column.kind) {
    case "flag": {
      const word = cell.trim().toLowerCase();
      if (TRUE.has(word)) return { value: true };
      if (FALSE.has(word)) return { value: false };
      return { value: cell };
    }
    case "specs": {
      const parsed = parseSpecs(cell);
      return parsed.ok ? { value: parsed.specs } : { problem: parsed.message };
    }
    default: {
      if (!column.choices) return { value: cell };
      const wanted = normalizeHeader(cell);
      return { value: column.choices.find((value) => normalizeHeader(value) === wanted) ?? cell };
    }
  }
}

/** Where each known column sits in the file (index into a record), by field. */
export type ColumnPositions = Map<string, number>;

export function recordToInput(
  columns: readonly ImportColumn[],
  positions: ColumnPositions,
  record: readonly string[],
): { input: Record<string, unknown>; problems: string[] } {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const column of columns) {
    const position = positions.get(column.field);
    if (position === undefined) continue;
    const result = cellValue(column, record[position] ?? "");
    if ("problem" in result) problems.push(`${column.header}: ${result.problem}`);
    else if (result.value !== undefined) input[column.field] = result.value;
  }
  return { input, problems };
}
