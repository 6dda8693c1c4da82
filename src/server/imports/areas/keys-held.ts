// The duplicates check against the data for an area whose key is one column's value ignoring
// case (an e-mail, a domain, a plan's name): which of the file's keys a row already holds.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { chunked } from "./area";

/** The keys (lower case) that `column`, lower-cased, already holds in `table`, in batches. */
export async function lowerKeysHeld(
  db: Executor,
  table: PgTable,
  column: PgColumn,
  keys: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const key: SQL<string> = sql<string>`lower(${column})`;
  for (const batch of chunked(keys, 5000)) {
    const rows = await db
      .select({ key })
      .from(table)
      .where(sql`${key} = any(${sql.param(batch)}::text[])`);
    for (const row of rows) found.add(row.key);
  }
  return found;
}
