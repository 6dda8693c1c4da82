// The G Suite Accounts list (administrators only) through the gsuite listAccounts. Passwords
// are never in the list's response (only whether one is set), so the file shows them masked.
import type { GsuiteAccountListQuery, GsuiteAccountResponse } from "../../../domain/schemas/gsuite";
import type { Db } from "../../db/client";
import { listAccounts } from "../../gsuite/accounts-service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type GsuiteAccountExportQuery = Omit<
  GsuiteAccountListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
> & { unusedAfterDays: number };

export function gsuiteAccountTable(
  db: Db,
  query: GsuiteAccountExportQuery,
): ExportTable<GsuiteAccountResponse> {
  return {
    name: "gsuite-accounts",
    title: "G Suite Accounts",
    filters: describeFilters([
      ["Organization id", query.organizationId?.toString()],
      ["Assigned to user id", query.assignedToUserId?.toString()],
      ["Unassigned only", query.unassigned ? "yes" : undefined],
      ["Unused", query.unused ? "yes" : undefined],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "email asc"],
    ]),
    columns: [
      { header: "Email", type: "text", value: (a) => a.email, weight: 2 },
      { header: "Organization", type: "text", value: (a) => a.organization, weight: 1.2 },
      { header: "Plan Type", type: "text", value: (a) => a.planType },
      { header: "Password", type: "text", value: (a) => (a.hasPassword ? "********" : null) },
      { header: "Price", type: "money", value: (a) => a.price },
      { header: "Currency", type: "currency", value: (a) => a.paymentCurrency, weight: 0.6 },
      { header: "Frequency", type: "text", value: (a) => a.paymentFrequency, weight: 0.8 },
      { header: "Assigned To", type: "text", value: (a) => a.assignedToName, weight: 1.2 },
      { header: "Status", type: "text", value: (a) => a.status, weight: 0.8 },
      { header: "Notes", type: "text", value: (a) => a.notes, weight: 2, pdf: false },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts).
      pagesOf(async (bounds) => {
        const page = await listAccounts(db, {
          ...query,
          ...bounds,
          // Every row from the start, whatever cursor the export's address carried.
          after: bounds.after,
          before: undefined,
          fromEnd: undefined,
        });
        return { rows: page.accounts, next: page.cursors?.next };
      }),
  };
}
