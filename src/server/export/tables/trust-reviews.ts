// The Trust Reviews list (administrators only) through listTrustReviews with its status tab.
import type {
  TrustReviewListQuery,
  TrustReviewResponse,
} from "../../../domain/schemas/trust-reviews";
import type { Db } from "../../db/client";
import { listTrustReviews } from "../../trust-reviews/service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type TrustReviewExportQuery = Omit<
  TrustReviewListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
>;

export function trustReviewTable(
  db: Db,
  query: TrustReviewExportQuery,
): ExportTable<TrustReviewResponse> {
  return {
    name: "trust-reviews",
    title: "Trust Reviews",
    filters: describeFilters([
      ["Status", query.status, "all"],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "createdAt asc"],
    ]),
    columns: [
      { header: "Client", type: "text", value: (r) => r.clientName, weight: 1.5 },
      { header: "License", type: "text", value: (r) => r.license.name, weight: 1.5 },
      { header: "Domain", type: "text", value: (r) => r.domain, pdf: false },
      { header: "Assigned Date", type: "date", value: (r) => r.assignedDate },
      { header: "Payment Status", type: "text", value: (r) => r.paymentStatus },
      { header: "Payment Amount", type: "money", value: (r) => r.clientPaymentAmount },
      { header: "Currency", type: "currency", value: (r) => r.clientPaymentCurrency, weight: 0.6 },
      { header: "Payment Frequency", type: "text", value: (r) => r.paymentFrequency },
      { header: "Next Payment", type: "date", value: (r) => r.nextPaymentDate, pdf: false },
      { header: "Active", type: "boolean", value: (r) => r.isActive, weight: 0.6 },
      { header: "Approval", type: "text", value: (r) => r.approvalStatus, weight: 0.8 },
      { header: "Notes", type: "text", value: (r) => r.notes, weight: 2, pdf: false },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts).
      pagesOf(async (bounds) => {
        const page = await listTrustReviews(db, {
          ...query,
          ...bounds,
          // Every row from the start, whatever cursor the export's address carried.
          after: bounds.after,
          before: undefined,
          fromEnd: undefined,
        });
        return { rows: page.reviews, next: page.cursors?.next };
      }),
  };
}
