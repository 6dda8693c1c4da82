// Overview's Hardware Inventory table (spec part 1, section 2.6): Name, Type, Location, Status.
// Administrators see 8 available items, each with an Assign button that opens 'Assign Hardware
// Item'; anyone else sees 4 rows, their own items first (labelled 'Assigned to You'), then
// available ones. The rows come with the summary; the dialog's code is fetched on the first
// Assign.
import { Laptop, UserPlus } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { AssignHardwareDialog } from "@/client/features/hardware";
import { titleCase } from "@/client/lib/format";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import type { DashboardHardware } from "@/domain/schemas/dashboard";
import { type Column, SummaryTableCard } from "./summary-table-card";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const COLUMNS: readonly Column[] = [
  { label: "Name" },
  { label: "Type" },
  { label: "Location" },
  { label: "Status" },
];
const ADMIN_COLUMNS: readonly Column[] = [
  ...COLUMNS,
  { label: "Actions", className: "text-right" },
];

function StatusCell({ item }: { item: DashboardHardware }) {
  if (item.assignedToMe) return <Badge variant="default">Assigned to You</Badge>;
  // Free: 'Available', unless the item is reserved (the summary offers no item under maintenance
  // or retired, but a user's own item shows whatever its status).
  if (item.status === "active") return <Badge variant="success">Available</Badge>;
  return <Badge variant="secondary">{titleCase(item.status)}</Badge>;
}

export function HardwareInventory({
  query,
  isAdmin,
}: {
  query: DashboardSummaryQuery;
  isAdmin: boolean;
}) {
  const rows = query.data?.hardware.inventory ?? [];
  const [assigning, setAssigning] = useState<DashboardHardware | null>(null);

  return (
    <>
      <SummaryTableCard
        title="Hardware Inventory"
        description={
          isAdmin
            ? "Available items, ready to assign."
            : "Your hardware and items available to request."
        }
        query={query}
        columns={isAdmin ? ADMIN_COLUMNS : COLUMNS}
        rowCount={rows.length}
        empty={{
          icon: <Laptop />,
          title: isAdmin ? "No available hardware." : "No hardware found.",
        }}
        failure="Failed to load hardware. Please try again."
        footer={
          <Link to="/hardware" className="text-sm font-medium text-primary hover:underline">
            View all hardware
          </Link>
        }
      >
        {rows.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="font-medium">{item.name}</TableCell>
            <TableCell>{hardwareTypeLabel(item.type)}</TableCell>
            <TableCell>{item.location ?? "—"}</TableCell>
            <TableCell>
              <StatusCell item={item} />
            </TableCell>
            {isAdmin && (
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Assign ${item.name}`}
                  onClick={() => setAssigning(item)}
                >
                  <UserPlus aria-hidden="true" />
                  Assign
                </Button>
              </TableCell>
            )}
          </TableRow>
        ))}
      </SummaryTableCard>
      {assigning && (
        <Suspense fallback={null}>
          <AssignHardwareDialog
            item={assigning}
            onOpenChange={(open) => {
              if (!open) setAssigning(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
