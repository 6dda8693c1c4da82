// The User Details dialog's Office Accounts tab: the accounts a user actively holds, by device.
import { MailIcon } from "lucide-react";
import { HoldingsList } from "@/client/components/holdings-list";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatCalendarDate } from "@/client/lib/format";
import { PROVIDER_LABELS } from "./account-labels";
import { useUserAccountAssignments } from "./api";

export function UserOfficeAccounts({ userId }: { userId: number }) {
  const query = useUserAccountAssignments(userId);
  return (
    <HoldingsList
      query={query}
      icon={<MailIcon />}
      failedTitle="Office accounts could not be loaded"
      emptyTitle="No office accounts assigned"
      emptyDescription="This user uses no office accounts."
    >
      {(data) => (
        <Table aria-label="Office accounts of this user">
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Provider</TableHead>
              <TableHead>Device</TableHead>
              <TableHead>Assigned Date</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((assignment) => (
              <TableRow key={assignment.id}>
                <TableCell className="font-medium">{assignment.accountEmail}</TableCell>
                <TableCell>{PROVIDER_LABELS[assignment.accountProvider]}</TableCell>
                <TableCell>{assignment.deviceName ?? "—"}</TableCell>
                <TableCell>{formatCalendarDate(assignment.assignedDate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </HoldingsList>
  );
}
