// The Hardware list through listHardware: its filters, and for an ordinary user only their own
// items (listConditions decides, as for GET /api/hardware).
import type { HardwareListQuery, HardwareResponse } from "../../../domain/schemas/hardware";
import type { ActiveSession } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { listHardware } from "../../hardware/service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type HardwareExportQuery = Omit<
  HardwareListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
>;

export function hardwareTable(
  db: Db,
  session: ActiveSession,
  query: HardwareExportQuery,
): ExportTable<HardwareResponse> {
  return {
    name: "hardware",
    title: "Hardware",
    filters: describeFilters([
      ["View", query.view, "all"],
      ["Type", query.type],
      ["Location", query.location],
      ["Status", query.status],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "name asc"],
    ]),
    columns: [
      { header: "Name", type: "text", value: (h) => h.name, weight: 2 },
      { header: "Type", type: "text", value: (h) => h.type, weight: 0.8 },
      { header: "Identifier", type: "text", value: (h) => h.identifier, weight: 1.2 },
      { header: "PC Name", type: "text", value: (h) => h.pcName, pdf: false },
      { header: "Location", type: "text", value: (h) => h.location },
      { header: "Status", type: "text", value: (h) => h.status, weight: 0.8 },
      { header: "Assigned To", type: "text", value: (h) => h.assignedToName, weight: 1.2 },
      { header: "Purchase Date", type: "date", value: (h) => h.purchaseDate },
      { header: "Warranty Expiry", type: "date", value: (h) => h.warrantyExpiry },
      { header: "Notes", type: "text", value: (h) => h.notes, weight: 2, pdf: false },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts); the query carries no page window.
      pagesOf(async (bounds) => {
        const page = await listHardware(db, session, { ...query, ...bounds });
        return { rows: page.items, next: page.cursors?.next };
      }),
  };
}
