// One record of a file → the object the area's create schema parses. Pure, shared by the server's
// preview and commit (and unit-tested at its edges).
import { parseSpecs } from "../hardware-specs";
import { hardwareTypeKey } from "../hardware-types";
import { type ImportColumn, normalizeHeader } from "./columns";
import {
  type DateFormat,
  type DecimalMark,
  parseAmountCell,
  parseDateCell,
  parseFlagCell,
} from "./values";

/** What the whole file says about its cells: how it orders dates, where its amounts' decimals go. */
export interface CellContext {
  dateFormat: DateFormat;
  /** By field; '.' when not named. */
  decimalMarks: ReadonlyMap<string, DecimalMark>;
}

const DEFAULT_CONTEXT: CellContext = { dateFormat: "mdy", decimalMarks: new Map() };

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
export function cellValue(
  column: ImportColumn,
  raw: string,
  context: CellContext = DEFAULT_CONTEXT,
): CellResult {
  // Never a secret's: exports mask secrets, so a secret in a file was typed, apostrophe and all.
  const cell = column.secret ? raw : unescapeFormula(raw);
  if (cell.trim() === "") return { value: undefined };
  switch (column.kind) {
    case "flag": {
      const flag = parseFlagCell(cell);
      return { value: flag === undefined ? cell : flag };
    }
    case "date": {
      const parsed = parseDateCell(cell, context.dateFormat);
      return "date" in parsed ? { value: parsed.date } : { problem: parsed.problem };
    }
    case "amount": {
      const parsed = parseAmountCell(cell, context.decimalMarks.get(column.field) ?? ".");
      return "amount" in parsed ? { value: parsed.amount } : { problem: parsed.problem };
    }
    case "specs": {
      const parsed = parseSpecs(cell);
      return parsed.ok ? { value: parsed.specs } : { problem: parsed.message };
    }
    default: {
      if (!column.choices) return { value: cell };
      const wanted = normalizeHeader(cell);
      const value =
        column.choices.find((choice) => normalizeHeader(choice) === wanted) ??
        (column.choiceWords && Object.hasOwn(column.choiceWords, wanted)
          ? column.choiceWords[wanted]
          : undefined);
      return { value: value ?? cell };
    }
  }
}

/** A cell that gives its field no value, and why (named after its column). */
export interface CellProblem {
  field: string;
  message: string;
}

/** Where each known column sits in the file (index into a record), by field. */
export type ColumnPositions = Map<string, number>;

export function recordToInput(
  columns: readonly ImportColumn[],
  positions: ColumnPositions,
  record: readonly string[],
  context: CellContext = DEFAULT_CONTEXT,
): { input: Record<string, unknown>; problems: CellProblem[] } {
  const input: Record<string, unknown> = {};
  const problems: CellProblem[] = [];
  for (const column of columns) {
    const position = positions.get(column.field);
    if (position === undefined) continue;
    const result = cellValue(column, record[position] ?? "", context);
    if ("problem" in result) {
      problems.push({ field: column.field, message: `${column.header}: ${result.problem}` });
    } else if (result.value !== undefined) input[column.field] = result.value;
  }
  foldExtras(input);
  return { input, problems };
}

/**
 * The extra fields a file may fill (columns.ts `extra`) folded into the area's own: First Name and
 * Last Name make the full name when the file has none; a category names the type when it is one
 * ('Laptops', 'Monitor') and is kept in the specs otherwise (the type then 'other').
 */
function foldExtras(input: Record<string, unknown>) {
  const { firstName, lastName, category } = input as Record<string, string | undefined>;
  delete input.firstName;
  delete input.lastName;
  delete input.category;
  if ((firstName || lastName) && input.fullName === undefined) {
    input.fullName = [firstName, lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ");
  }
  if (category?.trim()) {
    const named = typeOfCategory(category);
    if (input.type === undefined) input.type = named ?? "other";
    if (!named || input.type !== named) {
      const specs = (input.specs ?? {}) as Record<string, string | number>;
      if (!("Category" in specs)) input.specs = { ...specs, Category: category.trim() };
    }
  }
}

/** 'Laptops' → laptop, 'Mobile Phones' → phone; undefined for a category that is no type. */
function typeOfCategory(category: string) {
  const text = category.trim().toLowerCase();
  const words = [text, text.replace(/e?s$/, ""), text.replace(/s$/, "")];
  const last = text.split(/\s+/).pop() ?? text;
  words.push(last, last.replace(/e?s$/, ""), last.replace(/s$/, ""));
  for (const word of words) {
    const key = hardwareTypeKey(word);
    if (key) return key;
  }
  return undefined;
}
