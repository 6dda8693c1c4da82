// The Needs Attention tab (administrators): licenses that do not renew by themselves and expired
// in the last 30 days or expire within the next 30, each with a Renew action; then the people SCIM
// deprovisioned whose offboarding waits for review (held-offboardings.tsx), and the unused seats
// and what freeing them would save (unused-seats.tsx).
import { AlertTriangle, RefreshCw } from "lucide-react";
import { Suspense, useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { type RenewableLicense, RenewLicenseDialog } from "@/client/features/licenses";
import { formatCalendarDate, titleCase } from "@/client/lib/format";
import { daysLeftBadgeVariant } from "@/domain/dashboard";
import { daysLeftLabel } from "./day-labels";
import { HeldOffboardings } from "./held-offboardings";
import { type Column, SummaryTableCard } from "./summary-table-card";
import { UnusedSeats } from "./unused-seats";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const COLUMNS: readonly Column[] = [
  { label: "Name" },
  { label: "Type" },
  { label: "Expiry Date" },
  { label: "Days Left" },
  { label: "Actions", className: "text-right" },
];

export function NeedsAttention({ query }: { query: DashboardSummaryQuery }) {
  const items = query.data?.licenses.needsAttention?.items ?? [];
  const [renewing, setRenewing] = useState<RenewableLicense | null>(null);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <HeldOffboardings query={query} />
      <UnusedSeats query={query} />
      <SummaryTableCard
        title="Needs Attention"
        description="Licenses that do not renew automatically and expired in the last 30 days or expire within the next 30 days."
        query={query}
        columns={COLUMNS}
        rowCount={items.length}
        total={query.data?.licenses.needsAttention?.total}
        empty={{ icon: <AlertTriangle />, title: "Nothing needs attention in the next 30 days." }}
      >
        {items.map(({ license, daysLeft }) => {
          const variant = daysLeftBadgeVariant(daysLeft);
          return (
            <TableRow key={license.id}>
              <TableCell className="font-medium">{license.name}</TableCell>
              <TableCell>{titleCase(license.licenseType)}</TableCell>
              <TableCell>{formatCalendarDate(license.expiryDate)}</TableCell>
              <TableCell>
                <Badge variant={variant} data-variant={variant}>
                  {daysLeftLabel(daysLeft)}
                </Badge>
              </TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Renew ${license.name}`}
                  onClick={() => setRenewing(license)}
                >
                  <RefreshCw aria-hidden="true" />
                  Renew
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </SummaryTableCard>
      {renewing && (
        // The dialog's code is fetched on the first Renew (see features/licenses/index.ts).
        <Suspense fallback={null}>
          <RenewLicenseDialog
            license={renewing}
            onOpenChange={(open) => {
              if (!open) setRenewing(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
