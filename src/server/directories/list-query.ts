// The directory list's status filter and order as SQL. The filter is the SQL twin of
// matchesDirectoryFilter (domain/directories.ts); list-query.test.ts checks them row by row.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DirectoryStatusFilter } from "../../domain/enums";
import { type DirectoryListQuery, directoryCursors } from "../../domain/schemas/directories";
import { directories } from "../db/schema";
import { type KeysetSort, keysetOrder, keysetSort } from "../lib/keyset";
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

/** The name as the sorts compare it, after the key (every order index holds it). */
export const lowerName = sql`lower(${directories.name})`;
const amountIn = (rate: RateSql) =>
  sql`(${directories.paymentAmount} * ${rate(sql`${directories.paymentCurrency}`)})`;

/**
 * The list's sorts (keys in domain/schemas/directories.ts): the chosen key (rows without it last
 * either way, behind the keyset's null flag), then name, then id, all in the one direction, so a
 * page can start at a row's position (decision 0040) and an index walks the name and date sorts
 * either way (migration 0040). Amounts are compared in one currency (`toOneCurrency`, the stored
 * rates; required for that sort), so A$100 sorts below US$100: an expression per row that no
 * index can hold, so a page of that sort is a merge of a walk per currency (amount-merge.ts).
 */
export function directorySort(
  sort: DirectoryListQuery["sort"],
  toOneCurrency?: RateSql,
): KeysetSort {
  switch (sort) {
    case "name":
      return keysetSort(directoryCursors, "name", [lowerName], directories.id);
    case "paymentAmount":
      if (!toOneCurrency) throw new Error("Sorting by amount needs the currency rates");
      return keysetSort(
        directoryCursors,
        "paymentAmount",
        [amountIn(toOneCurrency), lowerName],
        directories.id,
      );
    case "nextPaymentDate":
      return keysetSort(
        directoryCursors,
        "nextPaymentDate",
        [directories.nextPaymentDate, lowerName],
        directories.id,
      );
  }
}

/** ORDER BY for the list in the query's sort and direction. */
export const directoryOrder = (
  query: Pick<DirectoryListQuery, "sort" | "order">,
  toOneCurrency?: RateSql,
): SQL[] => keysetOrder(directorySort(query.sort, toOneCurrency), query.order);
