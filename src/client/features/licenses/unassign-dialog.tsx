import { ConfirmDialog } from "@/client/components/confirm-dialog";
import type { AssignmentDto } from "@/domain/schemas/licenses";
import { useUnassignLicense } from "./api";
import { FAILURE, notify } from "./notify";

export function UnassignDialog({
  assignment,
  onOpenChange,
}: {
  assignment: AssignmentDto;
  onOpenChange(open: boolean): void;
}) {
  const unassign = useUnassignLicense();
  return (
    <ConfirmDialog
      title="Unassign License"
      description={`Remove ${assignment.assignedTo}'s seat on ${assignment.licenseName}? The seat becomes available again.`}
      confirmLabel="Unassign"
      busyLabel="Unassigning..."
      busy={unassign.isPending}
      onOpenChange={onOpenChange}
      onConfirm={() =>
        unassign.mutate(assignment.id, {
          onSuccess: () => {
            notify.unassigned(assignment.assignedTo);
            onOpenChange(false);
          },
          onError: () => notify.error(FAILURE.unassign),
        })
      }
    />
  );
}
