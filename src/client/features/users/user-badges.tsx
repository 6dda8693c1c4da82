// The role and status of a user, shown the same way in the list and in the details.
import { Badge } from "@/client/components/ui/badge";

export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? <Badge>Admin</Badge> : <Badge variant="secondary">User</Badge>;
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="outline">Inactive</Badge>
  );
}
