// The directory list's status filter and order as SQL. The filter is the SQL twin of
// matchesDirectoryFilter (domain/directories.ts); list-query.test.ts checks them row by row.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DirectoryStatusFilter } from "../../domain/enums";
import type { DirectoryListQuery } from "../../domain/schemas/directories";
import { directories } from "../db/schema";

export function directoryStatusCondition(filter: DirectoryStatusFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "active":
      return and(eq(directories.isCancelled, false), eq(directories.isOneTime, false));
    case "one-off":
      return and(eq(directories.isCancelled, false), eq(directories.isOneTime, true));
    case "cancelled":
      return eq(directories.isCancelled, true);
  }
}

const lowerName = sql`lower(${directories.name})`;

/** ORDER BY: the chosen key (rows without it last either way), then name, then id. */
export function directoryOrder(query: Pick<DirectoryListQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  const tieBreak = [asc(lowerName), asc(directories.id)];
  switch (query.sort) {
    case "name":
      return [direction(lowerName), direction(directories.id)];
    case "paymentAmount":
      return [sql`${direction(directories.paymentAmount)} nulls last`, ...tieBreak];
    case "nextPaymentDate":
      return [sql`${direction(directories.nextPaymentDate)} nulls last`, ...tieBreak];
  }
}
