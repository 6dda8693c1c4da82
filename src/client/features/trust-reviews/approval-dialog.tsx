// The approval dialog, opened only from a Pending badge: Approve, Reject or Keep for Review. The
// server records the signed-in administrator as the approver.
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type {
  TrustReviewApprovalRequest,
  TrustReviewResponse,
} from "@/domain/schemas/trust-reviews";
import { useDecideTrustReview } from "./api";
import { trustReviewFailure, trustReviewToast } from "./trust-review-toasts";

export function ApprovalDialog({
  review,
  onOpenChange,
}: {
  review: TrustReviewResponse;
  onOpenChange(open: boolean): void;
}) {
  const decide = useDecideTrustReview();
  const { busy, run } = useDialogAction({
    run: (status: TrustReviewApprovalRequest["status"]) =>
      decide.mutateAsync({ id: review.id, input: { status } }),
    success: () => trustReviewToast.approval,
    failure: trustReviewFailure.approval,
    onDone: () => onOpenChange(false),
  });
  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Approval</DialogTitle>
          <DialogDescription>
            Decide on {review.clientName}'s use of {review.license.name}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => void run("keep")}>
            Keep for Review
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => void run("rejected")}>
            Reject
          </Button>
          <Button disabled={busy} onClick={() => void run("approved")}>
            Approve
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
