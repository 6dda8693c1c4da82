// The Renews Soon tab (administrators): auto-renewing licenses whose next renewal (from the
// purchase date and payment frequency, else the expiry date) is 0 to 30 days ahead.
import { CalendarClock } from "lucide-react";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate, formatMoney, titleCase } from "@/client/lib/format";
import { daysUntilLabel } from "./day-labels";
import { type Column, SummaryTableCard } from "./summary-table-card";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const COLUMNS: readonly Column[] = [
  { label: "Name" },
  { label: "Type" },
  { label: "Renewal Date" },
  { label: "Days Until Renewal" },
  { label: "Payment", className: "text-right" },
];

export function RenewsSoon({ query }: { query: DashboardSummaryQuery }) {
  const items = query.data?.licenses.renewsSoon?.items ?? [];
  return (
    <SummaryTableCard
      title="Renews Soon"
      description="Auto-renewing licenses due to renew within the next 30 days."
      query={query}
      columns={COLUMNS}
      rowCount={items.length}
      total={query.data?.licenses.renewsSoon?.total}
      empty={{ icon: <CalendarClock />, title: "No auto-renewals are due in the next 30 days." }}
    >
      {items.map(({ license, renewalDate, daysUntilRenewal }) => (
        <TableRow key={license.id}>
          <TableCell className="font-medium">{license.name}</TableCell>
          <TableCell>{titleCase(license.licenseType)}</TableCell>
          <TableCell>{formatCalendarDate(renewalDate)}</TableCell>
          <TableCell>{daysUntilLabel(daysUntilRenewal)}</TableCell>
          <TableCell className="text-right">
            <div className="tabular-nums">
              {formatMoney(license.paymentAmount, license.paymentCurrency)}
            </div>
            <div className="text-xs text-muted-foreground">
              {titleCase(license.paymentFrequency)}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </SummaryTableCard>
  );
}
