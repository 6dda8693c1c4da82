// A list of ids as one array parameter: `column = any($1::integer[])`. Drizzle's inArray writes a
// parameter per id and takes microseconds to build each (a page's 50 ids: about 180 µs of the
// request, issue 7), and PostgreSQL refuses more than 65,535 parameters; it plans the two forms
// alike, and an empty list matches nothing. `ids` may be a placeholder of a prepared statement.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export const idIn = (column: AnyPgColumn, ids: readonly number[] | SQLWrapper): SQL =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::integer[])`;
