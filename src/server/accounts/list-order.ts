// The orders of the office accounts and account assignments lists. Each order runs in one
// direction for all its keys (desc reverses the tiebreaks too), so that one index walks it either
// way and a page can start at a row's position (decision 0042); the indexes are in schema.ts and
// list-indexes.test.ts checks each order against its own.
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { AccountAssignmentListQuery, AccountListQuery } from "../../domain/schemas/accounts";
import { accountAssignments, accounts } from "../db/schema";

export const lowerAccountEmail = sql`lower(${accounts.email})`;

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
      return [sql`${direction(accounts.renewalDate)} nulls last`, ...tieBreak];
  }
}

/** By creation or by assigned date (missing dates last ascending, first descending), then the id. */
export function accountAssignmentOrder(
  query: Pick<AccountAssignmentListQuery, "sort" | "order">,
): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  const key =
    query.sort === "assignedDate" ? accountAssignments.assignedDate : accountAssignments.createdAt;
  return [direction(key), direction(accountAssignments.id)];
}
