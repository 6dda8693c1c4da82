// What an import needs to know about one area: the form's create schema, what makes two rows
// the same record (in the file and against the database), and how a batch of checked rows is
// written. Each area's file fills this in; the import service does the rest the same way for all.
import type { z } from "zod";
import type { ActivityArea } from "../../../domain/activity";
import type { ImportArea } from "../../../domain/imports/columns";
import type { Executor, Tx } from "../../db/client";
import type { Secrets } from "../../lib/secrets";

export interface ImportAreaDefinition<Row> {
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
  /** Writes one batch of valid rows (inside the import's transaction). */
  insert: (tx: Tx, rows: Row[], secrets: Secrets) => Promise<void>;
}

/** Keeps each area's row type while the service handles them alike. */
export const defineImportArea = <Row>(definition: ImportAreaDefinition<Row>) =>
  definition as unknown as ImportAreaDefinition<unknown>;

/** Values in groups small enough for one statement's parameters. */
export function chunked<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
