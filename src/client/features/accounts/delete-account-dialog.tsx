import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { AccountResponse } from "@/domain/schemas/accounts";
import { accountFailure, accountToast } from "./account-toasts";
import { useDeleteAccount } from "./api";

export function DeleteAccountDialog({
  account,
  onOpenChange,
}: {
  account: AccountResponse;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteAccount();
  const action = useDialogAction({
    run: () => remove.mutateAsync(account.id),
    success: () => accountToast.deleted(account.email),
    failure: accountFailure.delete,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Delete account?"
      description={`Are you sure you want to delete this account (${account.email})? Its assignments are removed with it and this cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
