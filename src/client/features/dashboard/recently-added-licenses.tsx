// Overview's Recently Added Licenses (administrators): the 3 newest licenses by creation.
import { KeyRound } from "lucide-react";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { LicenseStatusBadge } from "@/client/features/licenses";
import { formatCalendarDate, titleCase } from "@/client/lib/format";
import { costLabel } from "@/domain/dashboard";
import { getLicenseStatus } from "@/domain/license-status";
import { type Column, SummaryTableCard } from "./summary-table-card";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const COLUMNS: readonly Column[] = [
  { label: "Name" },
  { label: "Type" },
  { label: "Expiry Date" },
  { label: "Status" },
  { label: "Cost", className: "text-right" },
];

export function RecentlyAddedLicenses({
  query,
  today,
}: {
  query: DashboardSummaryQuery;
  today: string;
}) {
  const rows = query.data?.licenses.recentlyAdded ?? [];
  return (
    <SummaryTableCard
      title="Recently Added Licenses"
      description="The newest licenses in the inventory."
      query={query}
      columns={COLUMNS}
      rowCount={rows.length}
      empty={{ icon: <KeyRound />, title: "No licenses have been added yet." }}
    >
      {rows.map((license) => (
        <TableRow key={license.id}>
          <TableCell className="font-medium">{license.name}</TableCell>
          <TableCell>{titleCase(license.licenseType)}</TableCell>
          <TableCell>
            {license.expiryDate ? formatCalendarDate(license.expiryDate) : "No expiry date"}
          </TableCell>
          <TableCell>
            <LicenseStatusBadge status={getLicenseStatus(license, today)} />
          </TableCell>
          <TableCell className="text-right tabular-nums">
            {costLabel(license.paymentAmount, license.paymentFrequency, license.paymentCurrency)}
          </TableCell>
        </TableRow>
      ))}
    </SummaryTableCard>
  );
}
