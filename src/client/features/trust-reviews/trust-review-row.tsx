// One client assignment in the table. Only a Pending badge is a button (it opens the approval
// dialog); a license with more active client assignments than seats is marked.
import { PencilIcon, PowerIcon } from "lucide-react";
import { memo } from "react";
import { IconAction } from "@/client/components/icon-action";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate, formatMoney } from "@/client/lib/format";
import type { TrustReviewResponse } from "@/domain/schemas/trust-reviews";
import { APPROVAL_LABELS, PAYMENT_STATUS_LABELS } from "./trust-review-labels";

export type TrustReviewAction = "edit" | "approve" | "toggle";

export const TrustReviewRow = memo(function TrustReviewRow({
  review,
  overCommitted,
  onAction,
}: {
  review: TrustReviewResponse;
  overCommitted: boolean;
  onAction(action: TrustReviewAction, review: TrustReviewResponse): void;
}) {
  const pays = review.paymentStatus !== "not_paying";
  return (
    <TableRow>
      <TableCell className="font-medium">
        <span>{review.clientName}</span>
        {review.domain && <div className="text-xs text-muted-foreground">{review.domain}</div>}
      </TableCell>
      <TableCell giveWay={2}>
        {review.license.name}
        {overCommitted && (
          <Badge variant="destructive" className="ml-2">
            Over seats
          </Badge>
        )}
      </TableCell>
      <TableCell giveWay={1}>{formatCalendarDate(review.assignedDate)}</TableCell>
      <TableCell giveWay={2}>{PAYMENT_STATUS_LABELS[review.paymentStatus]}</TableCell>
      <TableCell>
        {pays ? formatMoney(review.clientPaymentAmount, review.clientPaymentCurrency) : "—"}
      </TableCell>
      <TableCell giveWay={1}>
        {pays ? (review.paymentFrequency === "monthly" ? "Monthly" : "Annually") : "—"}
      </TableCell>
      <TableCell>
        <Badge variant={review.isActive ? "default" : "secondary"}>
          {review.isActive ? "Active" : "Inactive"}
        </Badge>
      </TableCell>
      <TableCell>
        {review.approvalStatus === "pending" ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Pending: decide on ${review.clientName}`}
            onClick={() => onAction("approve", review)}
          >
            Pending
          </Button>
        ) : (
          <Badge variant={review.approvalStatus === "rejected" ? "destructive" : "outline"}>
            {APPROVAL_LABELS[review.approvalStatus]}
          </Badge>
        )}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <IconAction label={`Edit ${review.clientName}`} onClick={() => onAction("edit", review)}>
            <PencilIcon />
          </IconAction>
          <IconAction
            label={`${review.isActive ? "Deactivate" : "Activate"} ${review.clientName}`}
            onClick={() => onAction("toggle", review)}
          >
            <PowerIcon />
          </IconAction>
        </div>
      </TableCell>
    </TableRow>
  );
});
