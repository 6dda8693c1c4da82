// What an import needs to know about one area: the form's create schema, what makes two rows
// the same record (in the file and against the database), and how a batch of checked rows is
// written. Each area's file fills this in; the import service does the rest the same way for all.
import type { z } from "zod";
import type { ActivityArea } from "../../../domain/activity";
import type { ImportArea } from "../../../domain/imports/columns";
import type { ActivityActor } from "../../activity/record";
import type { Executor, Tx } from "../../db/client";
import type { Secrets } from "../../lib/secrets";

/** A checked row's names made ids (the row as written), or why they cannot be. */
export type Resolved<Stored> = { row: Stored } | { problems: string[] };

/**
 * Where each row passed to `resolve` sits in the file and what is wrong with it already: a check
 * over the whole file (a license's seat limit) names the lines it counts and counts only the rows
 * that will be written.
 */
export interface RowContext {
  line: number;
  problems: readonly string[];
}

/** Who imports: what a form would take from the session (a trust review's approver). */
export interface ImportContext {
  actor: ActivityActor;
}

/**
 * Row: what the form's schema gives (names of other records as text, for an area that refers to
 * them); Stored: what is written (those names made ids by `resolve`). Without `resolve` they are
 * the same.
 */
export interface ImportAreaDefinition<Row, Stored = Row> {
  area: ImportArea;
  /** Where the activity log files the import. */
  activityArea: ActivityArea;
  /** The table the rows go into (its GIN indexes are bulk-loaded: gin-bulk-load.ts). */
  table: string;
  /** The create schema of the area's form (its rules and messages). */
  schema: z.ZodType<Row>;
  /** Problems the form's schema does not see (e.g. a masked key copied from an export). */
  extraProblems?: (row: Row) => string[];
  duplicate: {
    /** 'license key', 'username'... as a sentence names it. */
    label: string;
    /** The value that must be unique, normalized; null when the row has none (no check). */
    keyOf: (row: Row) => string | null;
    /** Which of these keys the database already holds. */
    existing: (db: Executor, keys: string[], secrets: Secrets) => Promise<Set<string>>;
    /** The problem shown beside a row whose key the database already holds. */
    existsMessage: string;
  };
  /**
   * Taken in the commit's transaction before the check: what keeps the form's own creates out
   * until the rows are written, where no unique index does (G Suite plan names).
   */
  lock?: (tx: Tx) => Promise<void>;
  /**
   * The other records a row names (an account's organization and plan, a trust review's
   * license), looked up in the database for a batch of rows, one answer per row in order. Runs
   * with the duplicates check: in the preview and again inside the commit's transaction.
   */
  resolve?: (db: Executor, rows: Row[], context: RowContext[]) => Promise<Resolved<Stored>[]>;
  /**
   * Writes one batch of valid rows (inside the import's transaction); answers the created rows'
   * ids, one per row (bulkInsert's answer): the import records them so it can be undone.
   */
  insert: (tx: Tx, rows: Stored[], secrets: Secrets, context?: ImportContext) => Promise<number[]>;
}

/** Keeps each area's row type while the service handles them alike. */
export const defineImportArea = <Row, Stored = Row>(
  definition: ImportAreaDefinition<Row, Stored>,
) => definition as unknown as ImportAreaDefinition<unknown>;

/** Values in groups small enough for one statement's parameters. */
export function chunked<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
