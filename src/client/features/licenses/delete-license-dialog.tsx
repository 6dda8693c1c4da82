import { ConfirmDialog } from "@/client/components/confirm-dialog";
import type { LicenseDto } from "@/domain/schemas/licenses";
import { useDeleteLicense } from "./api";
import { FAILURE, notify } from "./notify";

export function DeleteLicenseDialog({
  license,
  onOpenChange,
}: {
  license: LicenseDto;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteLicense();
  return (
    <ConfirmDialog
      title="Delete License"
      description={`Delete ${license.name}? Its assignments, renewals and access history are deleted with it. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onOpenChange={onOpenChange}
      onConfirm={() =>
        remove.mutate(license.id, {
          onSuccess: () => {
            notify.deleted(license.name);
            onOpenChange(false);
          },
          onError: () => notify.error(FAILURE.delete),
        })
      }
    />
  );
}
