import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { AssignmentResponse } from "@/domain/schemas/licenses";
import { useUnassignLicense } from "./api";
import { licenseFailure, licenseToast } from "./license-toasts";

export function UnassignDialog({
  assignment,
  onOpenChange,
}: {
  assignment: AssignmentResponse;
  onOpenChange(open: boolean): void;
}) {
  const unassign = useUnassignLicense();
  const action = useDialogAction({
    run: () => unassign.mutateAsync(assignment.id),
    success: () => licenseToast.unassigned(assignment.assignedTo),
    failure: licenseFailure.unassign,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Unassign License"
      description={`Remove ${assignment.assignedTo}'s seat on ${assignment.licenseName}? The seat becomes available again.`}
      confirmLabel="Unassign"
      busyLabel="Unassigning..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
