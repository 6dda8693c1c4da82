// Reminder delivery, for administrators: the queue's counts, the sends the mail server refused
// (waiting for a retry, or given up) and those cancelled because the recipient was deactivated or
// lost access, with a button that puts a given-up send back in the queue.
import { LoadFailed } from "@/client/components/load-failed";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import { useReminderDeliveries, useRetryDelivery } from "./reminders-api";

export function ReminderDeliveryStatus() {
  const deliveries = useReminderDeliveries();
  const retry = useRetryDelivery();
  if (deliveries.isError) {
    return <LoadFailed what="reminder delivery" query={deliveries} />;
  }
  if (!deliveries.data) {
    return <Skeleton className="h-16 w-full" aria-label="Loading reminder delivery" />;
  }
  const { counts, problems } = deliveries.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm" data-testid="reminder-delivery-counts">
        {counts.sentLast7Days} sent in the last 7 days · {counts.queued} queued · {counts.retrying}{" "}
        waiting for a retry · {counts.failed} failed · {counts.cancelled} cancelled
      </p>
      {problems.length === 0 ? (
        <p className="text-sm text-muted-foreground">No refused sends.</p>
      ) : (
        <Table aria-label="Refused and cancelled sends">
          <TableHeader>
            <TableRow>
              <TableHead>Mail</TableHead>
              <TableHead>To</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last error</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {problems.map((problem) => (
              <TableRow key={problem.id}>
                <TableCell>{problem.subject}</TableCell>
                <TableCell>{problem.recipient}</TableCell>
                <TableCell>
                  {problem.status === "cancelled" ? (
                    <Badge variant="outline">Cancelled</Badge>
                  ) : problem.status === "failed" ? (
                    <Badge variant="destructive">Failed after {problem.attempts} attempts</Badge>
                  ) : (
                    <Badge variant="secondary">
                      Retry {formatTimestamp(problem.nextAttemptAt)}
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="max-w-64 truncate" title={problem.lastError ?? undefined}>
                  {problem.lastError}
                </TableCell>
                <TableCell>
                  {problem.status === "failed" && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={retry.isPending}
                      aria-label={`Retry ${problem.subject} to ${problem.recipient}`}
                      onClick={() =>
                        retry.mutate(problem.id, {
                          onSuccess: () => notify.success({ title: "Queued for the next pass" }),
                          onError: (error) =>
                            notify.error({ title: "Error", description: error.message }),
                        })
                      }
                    >
                      Retry
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
