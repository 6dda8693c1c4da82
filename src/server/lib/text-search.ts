// Case-insensitive substring search for lists. `ILIKE '%text%'` is what pg_trgm's GIN indexes
// (gin_trgm_ops, see the text-search migration) answer without reading the whole table, so
// searches stay this shape: a plain column (or lower() of one) ILIKE a contains-pattern.
import { ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** LIKE pattern for a case-insensitive substring search, with the wildcards escaped. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, "\\$&")}%`;

/** Rows where any of the columns contains the search text, ignoring case. */
export function anyColumnContains(columns: PgColumn[], search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
