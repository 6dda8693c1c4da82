// The orders of the office accounts and account assignments lists as keyset sorts (decisions
// 0040, 0042): each key, then the tie-breaks, all in the chosen direction, so that one index walks
// a sort either way and a page can start at a row's position. Blank renewal and assigned dates go
// last either way, behind the keyset's null flag. The indexes are in schema.ts on exactly these
// expressions; list-indexes.test.ts checks each order against its own.
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import {
  type AccountAssignmentListQuery,
  type AccountListQuery,
  accountAssignmentCursors,
  accountCursors,
} from "../../domain/schemas/accounts";
import { accountAssignments, accounts } from "../db/schema";
import { keysetOrder, keysetSort } from "../lib/keyset";

export const lowerAccountEmail = sql`lower(${accounts.email})`;

export const accountSorts = {
  email: keysetSort(accountCursors, "email", [lowerAccountEmail], accounts.id),
  provider: keysetSort(
    accountCursors,
    "provider",
    [accounts.provider, lowerAccountEmail],
    accounts.id,
  ),
  status: keysetSort(accountCursors, "status", [accounts.status, lowerAccountEmail], accounts.id),
  renewalDate: keysetSort(
    accountCursors,
    "renewalDate",
    [accounts.renewalDate, lowerAccountEmail],
    accounts.id,
  ),
};

/** ORDER BY for the accounts list in the query's sort and direction. */
export const accountListOrder = (query: Pick<AccountListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(accountSorts[query.sort], query.order);

export const accountAssignmentSorts = {
  createdAt: keysetSort(
    accountAssignmentCursors,
    "createdAt",
    [accountAssignments.createdAt],
    accountAssignments.id,
  ),
  assignedDate: keysetSort(
    accountAssignmentCursors,
    "assignedDate",
    [accountAssignments.assignedDate],
    accountAssignments.id,
  ),
};

/** ORDER BY for the assignments in the query's sort and direction. */
export const accountAssignmentOrder = (
  query: Pick<AccountAssignmentListQuery, "sort" | "order">,
): SQL[] => keysetOrder(accountAssignmentSorts[query.sort], query.order);
