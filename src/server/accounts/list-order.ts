// The orders of the office accounts and account assignments lists. Each order runs in one
// direction for all its keys (desc reverses the tiebreaks too), so that one index walks it either
// way and a page can start at a row's position (decision 0042); the indexes are in schema.ts and
// list-indexes.test.ts checks each order against its own.
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AccountAssignmentListQuery, AccountListQuery } from "../../domain/schemas/accounts";
import { accountAssignments, accounts } from "../db/schema";

export const lowerAccountEmail = sql`lower(${accounts.email})`;

/**
 * A nullable first key's null flag, so that its blanks go last in either direction: ascending
 * `(key is null)` (false first), descending `(key is not null)` (true first). The keyset's rule
 * (lib/keyset.ts); each direction has its own index on the flag, the key and the tie-breaks.
 */
export const blanksLast = (key: AnyPgColumn, order: "asc" | "desc"): SQL =>
  order === "asc" ? asc(sql`(${key} is null)`) : desc(sql`(${key} is not null)`);

/** The chosen key, then the e-mail, then the id; blank renewal dates last either way. */
export function accountListOrder(query: Pick<AccountListQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  const tieBreak = [direction(lowerAccountEmail), direction(accounts.id)];
  switch (query.sort) {
    case "email":
      return tieBreak;
    case "provider":
      return [direction(accounts.provider), ...tieBreak];
    case "status":
      return [direction(accounts.status), ...tieBreak];
    case "renewalDate":
      return [
        blanksLast(accounts.renewalDate, query.order),
        direction(accounts.renewalDate),
        ...tieBreak,
      ];
  }
}

/** By creation or by assigned date (missing dates last either way), then the id. */
export function accountAssignmentOrder(
  query: Pick<AccountAssignmentListQuery, "sort" | "order">,
): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  if (query.sort === "createdAt")
    return [direction(accountAssignments.createdAt), direction(accountAssignments.id)];
  return [
    blanksLast(accountAssignments.assignedDate, query.order),
    direction(accountAssignments.assignedDate),
    direction(accountAssignments.id),
  ];
}
