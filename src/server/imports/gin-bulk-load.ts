// Writing thousands of rows into a table with GIN indexes (trigram search, the license keys'
// blind index). Updating a GIN tree in place row by row is slow (10,000 licenses: 55 s on
// PGlite), so the imported tables' GIN indexes take entries through a small pending list
// (schema.ts IMPORTED_TABLE_GIN), merged in sorted batches as it fills. After the rows, the import
// merges what is left (gin_clean_pending_list), so searches find the list empty. Nothing changes
// an index here: ALTER INDEX would hold ACCESS EXCLUSIVE on it until the import commits, and
// every query planned over the table would wait for it (the security review's finding).
import { sql } from "drizzle-orm";
import type { Executor, Tx } from "../db/client";
import { rowsOf } from "../db/rows-of";

/** The table's GIN indexes that take entries through a pending list. */
export async function ginIndexesWithPendingListOf(db: Executor, table: string): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select index_class.relname as name
    from pg_index
    join pg_class index_class on index_class.oid = pg_index.indexrelid
    join pg_class table_class on table_class.oid = pg_index.indrelid
    join pg_am on pg_am.oid = index_class.relam
    where table_class.relname = ${table}
      and table_class.relnamespace = to_regnamespace(current_schema())
      and pg_am.amname = 'gin'
      and not coalesce(index_class.reloptions && array['fastupdate=false', 'fastupdate=off'], false)
    order by index_class.relname`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Runs `write`, then merges the pending lists of the table's GIN indexes. */
export async function withGinBulkLoad<T>(tx: Tx, table: string, write: () => Promise<T>) {
  const result = await write();
  for (const name of await ginIndexesWithPendingListOf(tx, table)) {
    await tx.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
  }
  return result;
}
