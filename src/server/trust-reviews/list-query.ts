// The trust review list's filter tabs and order as SQL (the tabs: spec part 2, 'Trust Reviews').
import { eq, type SQL, sql } from "drizzle-orm";
import type { TrustReviewStatusFilter } from "../../domain/enums";
import { type TrustReviewListQuery, trustReviewCursors } from "../../domain/schemas/trust-reviews";
import { trustReviews } from "../db/schema";
import { keysetOrder, keysetSort } from "../lib/keyset";

export function trustReviewStatusCondition(filter: TrustReviewStatusFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "active":
      return eq(trustReviews.isActive, true);
    case "inactive":
      return eq(trustReviews.isActive, false);
    default:
      return eq(trustReviews.paymentStatus, filter);
  }
}

/** The list's sorts (keys in domain/schemas/trust-reviews.ts), each then the id, one way. */
export const trustReviewSorts = {
  createdAt: keysetSort(trustReviewCursors, "createdAt", [trustReviews.createdAt], trustReviews.id),
  clientName: keysetSort(
    trustReviewCursors,
    "clientName",
    [sql`lower(${trustReviews.clientName})`],
    trustReviews.id,
  ),
  assignedDate: keysetSort(
    trustReviewCursors,
    "assignedDate",
    [trustReviews.assignedDate],
    trustReviews.id,
  ),
};

export const trustReviewOrder = (query: Pick<TrustReviewListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(trustReviewSorts[query.sort], query.order);
