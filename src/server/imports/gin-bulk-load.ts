// Writing thousands of rows into a table with GIN indexes (trigram search, the license keys'
// blind index). Those indexes are built with fastupdate off (schema.ts: a pending list would slow
// every search, and PGlite has no autovacuum to merge it), which makes each inserted row update
// the index tree in place: 10,000 licenses took 35 s on PGlite. For the length of one import's
// transaction the pending list is turned on, the rows go in, the list is merged in one sorted
// pass (gin_clean_pending_list) and the option turned off again: a third of the time. It is all
// one transaction, so a failed import rolls the option back with the rows, and other sessions
// never see it on (their catalog snapshot is the committed one; SET (fastupdate) takes only a
// SHARE UPDATE EXCLUSIVE lock, which blocks neither reads nor writes).
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

/** The table's GIN indexes built with fastupdate off. */
async function ginIndexesWithoutPendingList(tx: Tx, table: string): Promise<string[]> {
  const result = await tx.execute<{ name: string }>(sql`
    select index_class.relname as name
    from pg_index
    join pg_class index_class on index_class.oid = pg_index.indexrelid
    join pg_class table_class on table_class.oid = pg_index.indrelid
    join pg_am on pg_am.oid = index_class.relam
    where table_class.relname = ${table}
      and table_class.relnamespace = to_regnamespace(current_schema())
      and pg_am.amname = 'gin'
      and index_class.reloptions && array['fastupdate=false', 'fastupdate=off']
    order by index_class.relname`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

/** Runs `write` with the table's GIN indexes taking new entries through their pending list. */
/** The GIN indexes of a table that take entries without a pending list (for the tests too). */
export const ginIndexesWithoutPendingListOf = ginIndexesWithoutPendingList;

export async function withGinBulkLoad<T>(tx: Tx, table: string, write: () => Promise<T>) {
  const indexes = await ginIndexesWithoutPendingList(tx, table);
  for (const name of indexes) {
    await tx.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = on)`);
  }
  const result = await write();
  for (const name of indexes) {
    await tx.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
    await tx.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = false)`);
  }
  return result;
}
