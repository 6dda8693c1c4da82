// The User Details dialog's Hardware tab: the items one user holds (administrators only; the
// server answers GET /api/hardware?assignedToUserId=).
import { LaptopIcon } from "lucide-react";
import { HoldingsList } from "@/client/components/holdings-list";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import { useUserHardware } from "./api";
import { HardwareStatusBadge } from "./hardware-status-badge";

export function UserHardware({ userId }: { userId: number }) {
  const query = useUserHardware(userId);
  return (
    <HoldingsList
      query={query}
      icon={<LaptopIcon />}
      failedTitle="Hardware could not be loaded"
      emptyTitle="No hardware assigned"
      emptyDescription="This user holds no hardware."
    >
      {(data) => (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Serial Number</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="font-medium">{item.name}</TableCell>
                <TableCell>{hardwareTypeLabel(item.type)}</TableCell>
                <TableCell className="font-mono text-xs">{item.identifier}</TableCell>
                <TableCell>
                  <HardwareStatusBadge status={item.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </HoldingsList>
  );
}
