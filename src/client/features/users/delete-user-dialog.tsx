import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { UserResponse } from "@/domain/schemas/users";
import { useDeleteUser, useUserHoldings } from "./api";
import { releaseSummary } from "./release-summary";
import { describeUserDeleteError } from "./user-errors";
import { userToast } from "./user-toasts";

export interface DeleteUserDialogProps {
  user: UserResponse;
  onOpenChange: (open: boolean) => void;
}

export function DeleteUserDialog({ user, onOpenChange }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();
  const holdings = useUserHoldings(user.id);
  const action = useDialogAction({
    run: () => deleteUser.mutateAsync(user.id),
    success: () => userToast.deleted(user.username),
    failure: describeUserDeleteError,
    onDone: () => onOpenChange(false),
  });
  const released = holdings.data ? releaseSummary(holdings.data, { seats: true }) : null;

  return (
    <ConfirmDialog
      title="Delete user?"
      description={
        <>
          Are you sure you want to delete {user.displayName}
          {user.displayName !== user.username ? ` (${user.username})` : ""}? This cannot be undone.
          {/* Counted by the server when the dialog opens; the delete releases whatever is held then. */}
          <span className="mt-2 block" data-testid="release-summary">
            {holdings.isPending
              ? "Checking what this user holds..."
              : holdings.isError
                ? "What this user holds could not be checked; anything they hold is released."
                : (released ?? "This user holds no hardware, office accounts or license seats.")}
          </span>
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
