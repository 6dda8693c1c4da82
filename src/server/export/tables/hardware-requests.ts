// The Hardware Requests list through listHardwareRequests: an ordinary user's own requests only.
import type {
  HardwareRequestListQuery,
  HardwareRequestResponse,
} from "../../../domain/schemas/hardware";
import type { ActiveSession } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { listHardwareRequests } from "../../hardware/requests-service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type HardwareRequestExportQuery = Omit<HardwareRequestListQuery, "limit" | "offset">;

export function hardwareRequestTable(
  db: Db,
  session: ActiveSession,
  query: HardwareRequestExportQuery,
): ExportTable<HardwareRequestResponse> {
  return {
    name: "hardware-requests",
    title: "Hardware Requests",
    filters: describeFilters([
      ["Status", query.status],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "createdAt desc"],
    ]),
    columns: [
      { header: "Requested By", type: "text", value: (r) => r.requestedByName, weight: 1.2 },
      { header: "Type", type: "text", value: (r) => r.type, weight: 0.7 },
      { header: "Item", type: "text", value: (r) => r.hardwareName ?? r.name, weight: 1.5 },
      { header: "Hardware Type", type: "text", value: (r) => r.hardwareType },
      { header: "Reason", type: "text", value: (r) => r.reason, weight: 2 },
      { header: "Status", type: "text", value: (r) => r.status, weight: 0.8 },
      { header: "Manager Approval", type: "boolean", value: (r) => r.managerApproval, pdf: false },
      { header: "Manager", type: "text", value: (r) => r.managerName, pdf: false },
      { header: "Decided By", type: "text", value: (r) => r.approvedByName },
      { header: "Rejection Reason", type: "text", value: (r) => r.rejectionReason, pdf: false },
      { header: "Link", type: "text", value: (r) => r.link, pdf: false },
      { header: "Requested On", type: "date", value: (r) => r.createdAt.slice(0, 10) },
    ],
    pages: () =>
      // By keyset: each page is read after the last row of the one before.
      pagesOf(async (bounds) => {
        const list = await listHardwareRequests(db, session, { ...query, ...bounds });
        return { rows: list.requests, next: list.cursors?.next };
      }),
  };
}
