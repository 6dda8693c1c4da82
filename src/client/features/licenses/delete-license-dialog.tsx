import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import { useDeleteLicense } from "./api";
import { licenseFailure, licenseToast } from "./license-toasts";

export function DeleteLicenseDialog({
  license,
  onOpenChange,
}: {
  license: LicenseResponse;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteLicense();
  const action = useDialogAction({
    run: () => remove.mutateAsync(license.id),
    success: () => licenseToast.deleted(license.name),
    failure: licenseFailure.delete,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Delete License"
      description={`Delete ${license.name}? Its assignments, renewals and access history are deleted with it. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
