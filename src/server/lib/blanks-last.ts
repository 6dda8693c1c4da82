// A list order's nullable first key, blanks last in either direction, as the keyset reads it
// (lib/keyset.ts): ascending `(key is null)` (false first), descending `(key is not null)` (true
// first), each followed by the key itself in the order's direction. Each direction has its own
// index on the flag, the key and the tie-breaks (schema.ts).
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export const blanksLast = (key: AnyPgColumn, order: "asc" | "desc"): SQL =>
  order === "asc" ? asc(sql`(${key} is null)`) : desc(sql`(${key} is not null)`);
