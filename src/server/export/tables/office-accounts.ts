// The Office Accounts list through listAccounts: an ordinary user's own accounts only. No
// password column: the list's response carries none (passwords are revealed one at a time,
// logged), so none can reach a file.
import type { AccountListQuery, AccountResponse } from "../../../domain/schemas/accounts";
import { listAccounts } from "../../accounts/service";
import type { ActiveSession } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type AccountExportQuery = Omit<
  AccountListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
> & { unusedAfterDays: number };

export function officeAccountTable(
  db: Db,
  session: ActiveSession,
  query: AccountExportQuery,
): ExportTable<AccountResponse> {
  return {
    name: "office-accounts",
    title: "Office Accounts",
    filters: describeFilters([
      ["Status", query.status],
      ["Provider", query.provider],
      ["Unused", query.unused ? "yes" : undefined],
      ["Search", query.search],
      ["Sorted by", `${query.sort} ${query.order}`, "email asc"],
    ]),
    columns: [
      { header: "Email", type: "text", value: (a) => a.email, weight: 2 },
      { header: "Provider", type: "text", value: (a) => a.provider },
      { header: "Status", type: "text", value: (a) => a.status, weight: 0.8 },
      { header: "Password", type: "text", value: () => "********", weight: 0.8 },
      { header: "Users", type: "number", value: (a) => a.userCount, weight: 0.5 },
      {
        header: "Assigned To",
        type: "text",
        value: (a) => a.users.map((user) => user.assignedTo ?? user.deviceName ?? "").join(", "),
        weight: 1.5,
      },
      { header: "Payment Method", type: "text", value: (a) => a.paymentMethod, pdf: false },
      { header: "Renewal Date", type: "date", value: (a) => a.renewalDate },
      { header: "Payment Amount", type: "money", value: (a) => a.paymentAmount },
      { header: "Currency", type: "currency", value: (a) => a.paymentCurrency, weight: 0.6 },
      { header: "Notes", type: "text", value: (a) => a.notes, weight: 2, pdf: false },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts).
      pagesOf(async (bounds) => {
        const page = await listAccounts(db, session, {
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
