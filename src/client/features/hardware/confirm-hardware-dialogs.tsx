// The hardware confirmations: delete (spec: 'Are you sure you want to delete this ...?') and
// unassign, each through useDialogAction so the toasts and closing match every other dialog.
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { useDeleteHardware, useUpdateHardware } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

interface ConfirmProps {
  item: HardwareResponse;
  onOpenChange(open: boolean): void;
}

export function DeleteHardwareDialog({ item, onOpenChange }: ConfirmProps) {
  const remove = useDeleteHardware();
  const action = useDialogAction({
    run: () => remove.mutateAsync(item.id),
    success: () => hardwareToast.deleted(item.name),
    failure: hardwareFailure.delete,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Delete Hardware"
      description={`Are you sure you want to delete this hardware item? ${item.name} (${item.identifier}) will be removed permanently.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}

export function UnassignHardwareDialog({ item, onOpenChange }: ConfirmProps) {
  const update = useUpdateHardware();
  const action = useDialogAction({
    run: () => update.mutateAsync({ id: item.id, body: { assignedToUserId: null } }),
    success: () => hardwareToast.unassigned(item.name),
    failure: hardwareFailure.unassign,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Unassign Hardware"
      description={`Take ${item.name} back from ${item.assignedToName ?? "its holder"}? It becomes available again.`}
      confirmLabel="Unassign"
      busyLabel="Unassigning..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
