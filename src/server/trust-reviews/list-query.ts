// The trust review list's filter tabs and order as SQL (the tabs: spec part 2, 'Trust Reviews').
import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { TrustReviewStatusFilter } from "../../domain/enums";
import type { TrustReviewListQuery } from "../../domain/schemas/trust-reviews";
import { trustReviews } from "../db/schema";

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

export function trustReviewOrder(query: Pick<TrustReviewListQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "desc" ? desc : asc;
  switch (query.sort) {
    case "createdAt":
      return [direction(trustReviews.createdAt), direction(trustReviews.id)];
    case "clientName":
      return [direction(sql`lower(${trustReviews.clientName})`), direction(trustReviews.id)];
    case "assignedDate":
      return [direction(trustReviews.assignedDate), direction(trustReviews.id)];
  }
}
