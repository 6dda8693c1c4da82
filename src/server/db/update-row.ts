// Every edit of a row (the PATCH routes of every area) writes through updateRow, so an edit that
// names no field is a no-op in one place: `{}`, only unknown keys (the request schemas drop them),
// a blank secret (which means "keep it": an edit form sends one when nothing was changed). Drizzle
// refuses an UPDATE with nothing to set ("No values to set"), which answered 500 on the areas that
// passed the fields straight through, while the others wrote a bare `updated_at` and an activity
// record of no change.
import { getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/** The fields an edit names: a field left out (undefined) says nothing and is dropped. */
export function givenFields<T extends object>(fields: T): Partial<T> {
  const given: Partial<T> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) {
    if (fields[key] !== undefined) given[key] = fields[key];
  }
  return given;
}

/**
 * Writes the fields given to the row `where` selects and returns the row as it is now: with no
 * field given, no UPDATE is issued and `current` is returned as it was read. The caller has read
 * (and, where another request may race it, locked) `current` in this transaction, so an empty
 * edit leaves every column, `updated_at` too, as it was, and its `changesBetween(current, row)`
 * is null, which records nothing in the activity log.
 *
 * A table with an `updatedAt` column gets it set to now whenever a field is written, unless the
 * fields set it themselves: the edits do not each have to remember it.
 *
 * `returning` picks the columns to return (the same ones `current` holds); all by default.
 */
export async function updateRow<TTable extends PgTable, TRow extends object>(
  tx: Executor,
  table: TTable,
  where: SQL,
  current: TRow,
  fields: PgUpdateSetSource<TTable>,
  returning?: Record<string, PgColumn>,
): Promise<TRow> {
  const given = givenFields(fields) as Record<string, unknown>;
  if (Object.keys(given).length === 0) return current;
  if ("updatedAt" in getTableColumns(table) && given.updatedAt === undefined) {
    given.updatedAt = new Date();
  }
  const update = tx
    .update(table)
    .set(given as PgUpdateSetSource<TTable>)
    .where(where);
  const [row] = await (returning ? update.returning(returning) : update.returning());
  return row as TRow;
}
