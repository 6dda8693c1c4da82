// The Licenses list as an export: the rows of GET /api/licenses (or a user's own licenses) with
// the same filters, through listLicenses itself. Ordinary users get the columns their list
// shows them: no order id, payment or notes (licenses/routes.ts narrows the same way).
import type { LicenseListQuery, LicenseResponse } from "../../../domain/schemas/licenses";
import type { ActiveSession } from "../../auth/sessions";
import type { Db } from "../../db/client";
import type { Secrets } from "../../lib/secrets";
import { listLicenses } from "../../licenses/service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportColumn, ExportTable } from "../table";

export type LicenseExportQuery = Omit<LicenseListQuery, "limit" | "offset" | "after" | "before"> & {
  unusedAfterDays: number;
};

const everyoneColumns: ExportColumn<LicenseResponse>[] = [
  { header: "Name", type: "text", value: (l) => l.name, weight: 2 },
  { header: "Product", type: "text", value: (l) => l.product, weight: 1.5 },
  { header: "Type", type: "text", value: (l) => l.licenseType, pdf: false },
  { header: "License Key", type: "text", value: (l) => l.licenseKeyMasked, weight: 1.5 },
  { header: "Username", type: "text", value: (l) => l.username, pdf: false },
  { header: "Status", type: "text", value: (l) => l.status },
  { header: "Total Seats", type: "number", value: (l) => l.totalSeats, weight: 0.6 },
  { header: "Assigned Seats", type: "number", value: (l) => l.assignedSeats, weight: 0.6 },
  { header: "Purchase Date", type: "date", value: (l) => l.purchaseDate, pdf: false },
  { header: "Expiry Date", type: "date", value: (l) => l.expiryDate },
  { header: "Auto Renew", type: "boolean", value: (l) => l.autoRenew, pdf: false },
  { header: "Renewal Status", type: "text", value: (l) => l.renewalStatus },
];

const adminColumns: ExportColumn<LicenseResponse>[] = [
  { header: "Order ID", type: "text", value: (l) => l.orderId, pdf: false },
  { header: "Payment Amount", type: "money", value: (l) => l.paymentAmount },
  { header: "Currency", type: "currency", value: (l) => l.paymentCurrency, weight: 0.6 },
  { header: "Payment Frequency", type: "text", value: (l) => l.paymentFrequency },
  { header: "Notes", type: "text", value: (l) => l.notes, weight: 2, pdf: false },
];

export function licenseFilters(query: LicenseExportQuery) {
  return describeFilters([
    ["Status", query.status, "all"],
    ["Unused seats", query.unused ? "yes" : undefined],
    ["Search", query.search],
    ["Sorted by", `${query.sort} ${query.order}`, "name asc"],
  ]);
}

export function licenseTable(
  db: Db,
  secrets: Secrets,
  session: ActiveSession,
  query: LicenseExportQuery,
  holderId?: number,
): ExportTable<LicenseResponse> {
  const isAdmin = session.user.role === "admin";
  return {
    name: "licenses",
    title: "Licenses",
    filters: licenseFilters(query),
    columns: isAdmin ? [...everyoneColumns, ...adminColumns] : everyoneColumns,
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts).
      pagesOf(async (bounds) => {
        const page = await listLicenses(db, secrets, session, { ...query, ...bounds }, holderId);
        return { rows: page.licenses, next: page.cursors?.next };
      }),
  };
}
