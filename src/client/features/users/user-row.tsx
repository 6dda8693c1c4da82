import { Eye, Pencil, Trash2 } from "lucide-react";
import { memo } from "react";
import { IconAction } from "@/client/components/icon-action";
import { TableCell, TableRow } from "@/client/components/ui/table";
import type { UserResponse } from "@/domain/schemas/users";
import { RoleBadge, StatusBadge } from "./user-badges";

export type UserAction = "details" | "edit" | "delete";

interface UserRowProps {
  user: UserResponse;
  /** The signed-in administrator's own row. */
  isSelf: boolean;
  onAction(action: UserAction, user: UserResponse): void;
}

/** A row of the Users table; memoised, with a stable onAction, so a dialog opening re-renders none. */
export const UserRow = memo(function UserRow({ user, isSelf, onAction }: UserRowProps) {
  return (
    <TableRow>
      <TableCell className="pl-4 font-medium">{user.username}</TableCell>
      <TableCell>{user.fullName || "—"}</TableCell>
      <TableCell>{user.department || "—"}</TableCell>
      <TableCell>{user.email || "—"}</TableCell>
      <TableCell>
        <RoleBadge isAdmin={user.isAdmin} />
      </TableCell>
      <TableCell>
        <StatusBadge isActive={user.isActive} />
      </TableCell>
      <TableCell className="pr-4">
        <div className="flex justify-end gap-1">
          <IconAction label="View user details" onClick={() => onAction("details", user)}>
            <Eye aria-hidden="true" />
          </IconAction>
          <IconAction label="Edit user" onClick={() => onAction("edit", user)}>
            <Pencil aria-hidden="true" />
          </IconAction>
          {/* The server refuses deleting one's own account, so it is not offered. */}
          {!isSelf && (
            <IconAction
              label="Delete user"
              onClick={() => onAction("delete", user)}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
            </IconAction>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
});
