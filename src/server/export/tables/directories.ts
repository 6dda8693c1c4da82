// The Directory Listings list (administrators only) through listDirectories.
import type { DirectoryListQuery, DirectoryResponse } from "../../../domain/schemas/directories";
import type { Db } from "../../db/client";
import { listDirectories } from "../../directories/service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type DirectoryExportQuery = Omit<
  DirectoryListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
>;

export function directoryTable(
  db: Db,
  query: DirectoryExportQuery,
): ExportTable<DirectoryResponse> {
  return {
    name: "directories",
    title: "Directory Listings",
    filters: describeFilters([
      ["Status", query.status, "all"],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "name asc"],
    ]),
    columns: [
      { header: "Name", type: "text", value: (d) => d.name, weight: 2 },
      { header: "URL", type: "text", value: (d) => d.url, weight: 2 },
      { header: "Location", type: "text", value: (d) => d.location, pdf: false },
      { header: "Status", type: "text", value: (d) => d.status, weight: 0.8 },
      { header: "Payment Amount", type: "money", value: (d) => d.paymentAmount },
      { header: "Currency", type: "currency", value: (d) => d.paymentCurrency, weight: 0.6 },
      { header: "Every (months)", type: "number", value: (d) => d.paymentFrequencyMonths },
      { header: "One-time", type: "boolean", value: (d) => d.isOneTime, weight: 0.6 },
      { header: "Last Payment", type: "date", value: (d) => d.lastPaymentDate },
      { header: "Next Payment", type: "date", value: (d) => d.nextPaymentDate },
      { header: "Notes", type: "text", value: (d) => d.notes, weight: 2, pdf: false },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts); the query carries no page window.
      pagesOf(async (bounds) => {
        const page = await listDirectories(db, { ...query, ...bounds });
        return { rows: page.directories, next: page.cursors?.next };
      }),
  };
}
