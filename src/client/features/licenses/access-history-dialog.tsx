// License access history (spec part 1, section 2.9): every reveal of the key, newest first.
import { HistoryIcon } from "lucide-react";
import { ListTable } from "@/client/components/list-table";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { formatTimestamp } from "@/client/lib/format";
import { useViewLogs } from "./api";
import { browserName, newestFirst, orUnknown } from "./view-log-format";

export function AccessHistoryDialog({
  license,
  onOpenChange,
}: {
  license: { id: number; name: string };
  onOpenChange(open: boolean): void;
}) {
  const logs = useViewLogs(license.id);

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>License Access History</DialogTitle>
          <DialogDescription>Who revealed the key of {license.name}, and when.</DialogDescription>
        </DialogHeader>
        {logs.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">Loading access history</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        ) : logs.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm">
            <p className="text-destructive">
              Failed to load the access history. {logs.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => logs.refetch()}>
              Try again
            </Button>
          </div>
        ) : logs.data.length === 0 ? (
          <EmptyState
            icon={<HistoryIcon />}
            title="No Access History"
            description="This license key hasn't been viewed yet."
          />
        ) : (
          <ListTable
            label="Access history"
            head={
              <>
                <TableHead>Viewed</TableHead>
                <TableHead>User</TableHead>
                <TableHead>IP Address</TableHead>
                <TableHead>Location</TableHead>
                <TableHead>Browser</TableHead>
              </>
            }
          >
            {newestFirst(logs.data).map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{formatTimestamp(entry.viewedAt)}</TableCell>
                <TableCell>{orUnknown(entry.username)}</TableCell>
                <TableCell className="font-mono text-xs">{orUnknown(entry.ipAddress)}</TableCell>
                <TableCell>{orUnknown(entry.location)}</TableCell>
                <TableCell title={entry.userAgent ?? undefined}>
                  {browserName(entry.userAgent)}
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </DialogContent>
    </Dialog>
  );
}
