// The Hardware Requests tab (administrators: everyone's, with Approve and Reject) or My Requests
// (a user's own; pending ones read 'Awaiting approval'). Paged on the server.
import { CheckIcon, ClipboardListIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { ListCard } from "@/client/components/list-card";
import { ListTable } from "@/client/components/list-table";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { useListPager } from "@/client/hooks/use-list-pager";
import { formatTimestamp, titleCase } from "@/client/lib/format";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import type { HardwareRequestResponse } from "@/domain/schemas/hardware";
import { useApproveHardwareRequest, useHardwareRequestPage } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";
import { RejectRequestDialog } from "./reject-request-dialog";

export const REQUESTS_PAGE_SIZE = 25;

const STATUS_VARIANT = {
  pending: "warning",
  approved: "success",
  rejected: "destructive",
} as const;

function requestedItem(request: HardwareRequestResponse) {
  if (request.type === "existing") return request.hardwareName ?? "Deleted item";
  const type = request.hardwareType ? ` (${hardwareTypeLabel(request.hardwareType)})` : "";
  return `${request.name ?? "New item"}${type}`;
}

export function HardwareRequestsList({
  isAdmin,
  page,
  onPage,
}: {
  isAdmin: boolean;
  page: number;
  onPage(changes: { page: number }, options?: { replace?: boolean }): void;
}) {
  const requests = useHardwareRequestPage(page, REQUESTS_PAGE_SIZE);
  const pager = useListPager("Hardware requests pages", requests, page, REQUESTS_PAGE_SIZE, onPage);
  const [rejecting, setRejecting] = useState<HardwareRequestResponse | null>(null);
  const approve = useApproveHardwareRequest();
  const approval = useDialogAction({
    run: (id: number) => approve.mutateAsync(id),
    success: hardwareToast.approved,
    failure: hardwareFailure.approve,
    onDone: () => {},
  });

  return (
    <>
      <ListCard
        query={requests}
        loadingLabel="Loading hardware requests"
        errorTitle="Failed to load hardware requests."
        errorDetail={requests.error?.message}
        empty={{ icon: <ClipboardListIcon />, title: "No hardware requests found." }}
        pager={pager}
      >
        <ListTable
          label={isAdmin ? "Hardware requests" : "My requests"}
          busy={requests.isPlaceholderData}
          head={
            <>
              <TableHead>Item</TableHead>
              {isAdmin && <TableHead>Requested By</TableHead>}
              <TableHead>Reason</TableHead>
              <TableHead giveWay={1}>Manager Approval</TableHead>
              <TableHead giveWay={2}>Requested</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </>
          }
        >
          {requests.data?.rows.map((request) => (
            <TableRow key={request.id}>
              <TableCell className="min-w-40 whitespace-normal">
                <div className="font-medium">{requestedItem(request)}</div>
                <div className="text-xs text-muted-foreground">{titleCase(request.type)}</div>
              </TableCell>
              {isAdmin && <TableCell>{request.requestedByName}</TableCell>}
              <TableCell className="max-w-72 whitespace-normal">{request.reason}</TableCell>
              <TableCell giveWay={1}>
                {request.managerApproval
                  ? `Yes${request.managerName ? ` (${request.managerName})` : ""}`
                  : "No"}
              </TableCell>
              <TableCell giveWay={2}>{formatTimestamp(request.createdAt)}</TableCell>
              <TableCell className="whitespace-normal">
                <Badge variant={STATUS_VARIANT[request.status]}>{titleCase(request.status)}</Badge>
                {request.status === "rejected" && request.rejectionReason && (
                  <div className="mt-1 max-w-60 text-xs text-muted-foreground">
                    {request.rejectionReason}
                  </div>
                )}
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  {request.status === "pending" &&
                    (isAdmin ? (
                      <>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={approval.busy}
                          aria-label={`Approve request for ${requestedItem(request)} by ${request.requestedByName}`}
                          onClick={() => void approval.run(request.id)}
                        >
                          <CheckIcon aria-hidden="true" />
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Reject request for ${requestedItem(request)} by ${request.requestedByName}`}
                          onClick={() => setRejecting(request)}
                        >
                          <XIcon aria-hidden="true" />
                          Reject
                        </Button>
                      </>
                    ) : (
                      <span className="text-sm text-muted-foreground">Awaiting approval</span>
                    ))}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {rejecting && (
        <RejectRequestDialog request={rejecting} onOpenChange={() => setRejecting(null)} />
      )}
    </>
  );
}
