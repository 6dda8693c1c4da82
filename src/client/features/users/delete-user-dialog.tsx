import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import type { UserDto } from "@/domain/schemas/users";
import { useDeleteUser } from "./api";

export interface DeleteUserDialogProps {
  user: UserDto | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteUserDialog({ user, onOpenChange }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  async function onConfirm() {
    if (!user) return;
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success("User deleted", {
        description: `${user.username} has been deleted successfully.`,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error("Failed to delete user", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }

  return (
    <ConfirmDialog
      open={user !== null}
      title="Delete user?"
      description={
        <>
          Are you sure you want to delete {user?.displayName ?? "this user"}
          {user && user.displayName !== user.username ? ` (${user.username})` : ""}? Their license
          assignments are ended and this cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteUser.isPending}
      onOpenChange={onOpenChange}
      onConfirm={() => void onConfirm()}
    />
  );
}
