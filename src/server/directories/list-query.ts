// The directory list's status filter and order as SQL. The filter is the SQL twin of
// matchesDirectoryFilter (domain/directories.ts); list-query.test.ts checks them row by row.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DirectoryStatusFilter } from "../../domain/enums";
import type { DirectoryListQuery } from "../../domain/schemas/directories";
import { directories } from "../db/schema";
import { blanksLast } from "../lib/blanks-last";
import type { RateSql } from "../money/rates-sql";

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

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const directorySearchColumns = [directories.name, directories.url, directories.location];

const lowerName = sql`lower(${directories.name})`;
const amountIn = (rate: RateSql) =>
  sql`(${directories.paymentAmount} * ${rate(sql`${directories.paymentCurrency}`)})`;

/**
 * ORDER BY: the chosen key (rows without it last either way), then name, then id. Name and date
 * run one direction for all their keys, so an index walks each (migration 0040). Amounts are
 * compared in one currency (`toOneCurrency`, the stored rates; required for that order), so A$100
 * sorts below US$100.
 */
export function directoryOrder(
  query: Pick<DirectoryListQuery, "sort" | "order">,
  toOneCurrency?: RateSql,
): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  const tieBreak = [asc(lowerName), asc(directories.id)];
  switch (query.sort) {
    case "name":
      return [direction(lowerName), direction(directories.id)];
    case "paymentAmount":
      if (!toOneCurrency) throw new Error("Sorting by amount needs the currency rates");
      return [sql`${direction(amountIn(toOneCurrency))} nulls last`, ...tieBreak];
    case "nextPaymentDate":
      return [
        blanksLast(directories.nextPaymentDate, query.order),
        direction(directories.nextPaymentDate),
        direction(lowerName),
        direction(directories.id),
      ];
  }
}
